"""Changing a match: record, amend, claims, the undo log, opening a match file, the use cases."""
