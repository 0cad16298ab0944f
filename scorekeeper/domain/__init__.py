"""The domain's values: tiles and the facts of a match, nothing computed."""
