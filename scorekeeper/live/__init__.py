"""The live session (``scorekeeper play``)."""
