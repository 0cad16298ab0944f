"""Reports computed from a replayed table: text for people, dicts for JSON, ratings."""
