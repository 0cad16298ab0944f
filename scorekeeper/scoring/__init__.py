"""Scoring: a pure fold of a ruleset over a match's facts (``engine.replay``).

Every round goes through the stages listed, in order and with what each does, in ``pipeline.STAGES``
(the stages a ruleset cannot need are gated off; who takes what from a round is one stage of three,
chosen by ``pipeline.who_takes``), over the round's one ``state.RoundState``, whose fields say which stage
sets them.

Each stage records the rule it applied as a ``Step`` when the steps are asked for (``replay(...,
explain=True)``, ``engine.explained`` for one round of a table), so explanations come from the same code
path; a table is replayed without them.  After each round ``race.decide`` says whether the scores decide
the match; ``lead`` says who leads next.
"""
