"""Reading and writing files: the match log (TOML) and atomic writes."""
