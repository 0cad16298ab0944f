"""Reading and writing files: the match log (TOML), exports read back, atomic writes under the match's lock,
and holding Ctrl-C back while a write completes."""
