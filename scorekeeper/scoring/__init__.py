"""Scoring: a pure fold of a ruleset over a match's facts (``engine.replay``).

hands -> outcome (who takes what) -> eggs -> opening (what gets recorded) -> end of match.
Each stage records the rule it applied as a ``Step``, so explanations come from the same code path.
"""
