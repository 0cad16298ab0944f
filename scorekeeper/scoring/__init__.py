"""Scoring: a pure fold of a ruleset over a match's facts (``engine.replay``).

Every round goes through the stages of ``pipeline.STAGES``, in this order, over one ``state.RoundState``
(the stages in brackets run only for rulesets that switch them on):

    hands.count_hands            each side's hand value, special hands
    [eggs.check_egg_lead]        a lead other than eggs.lead (1-1) while eggs are carried: a note
    outcome.take                 who takes what: the out, the fish policy, ties
      [endhand.settle_hand]      instead, for the points races: the end-of-hand count
      [handswon.take_hand_won]   instead, count.hand_won: the hand's winner scores a fixed number (Jamaican)
    [blocker.multiply_blocker]   003: the blocker's points counted several times
    [double_bonus.add_bonuses]   6-6 / 0-0 led or finished: a bonus to the losers
    [hundred.play_on_hundred]    a round on the hundred: the match won, or the side's points lost
    eggs.pay_toward_opening      eggs that count toward the opening (eggs.to: biggest-loser, losers;
                                 next-recorder with eggs.toward_opening)
    remembered.wipe_remembered   going out, fish for one: remembered points wiped
    race.play_hand               claims during play, then the end points, against the target
    opening.record_opening       the opening threshold: recorded, remembered (+N) or dropped
    [eggs.keep_unopened_eggs]    eggs offered toward an opening that did not happen stay carried
    [writeoff.write_off]         only one side holds points
    eggs.pay_to_recorder         eggs for the side that recorded (eggs.to: next-recorder)
    [finishing.finish]           going out on 0-0, 6-6, two doubles at once
    [fisherman.fisherman_notes]  004's fisherman conditions, as notes
    eggs.carry_eggs              a tied fish adds to the eggs; unclaimed eggs age, and rot

Each stage records the rule it applied as a ``Step`` when the steps are asked for (``replay(...,
explain=True)``, ``engine.explained`` for one round of a table), so explanations come from the same code
path; a table is replayed without them.  After
each round ``race.decide`` says whether the scores decide the match; ``lead`` says who leads next.
"""
