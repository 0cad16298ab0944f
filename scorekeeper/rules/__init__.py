"""Rulesets as data: the schema of every key, and loading files that may extend one another."""
