"""The table referee: rulings from the ruleset (deal, fish, hand, count; a hand's plays are followed by ``scoring.board``), each with reasons tied to keys.

Every ruling is a pure function ``(ruleset, position) -> verdict``; the CLI only parses and prints.
"""
