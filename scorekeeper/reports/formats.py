"""The formats a match is exported in and its table shown in: the one list the commands, the exports and their
help are made from (this module imports nothing, so that a command's options cost nothing to build)."""

from __future__ import annotations

DATA = ("csv", "json", "toml")
"""For programs and for import: every fact (``reports/export.py``)."""

PUBLISHED = ("markdown", "github", "html", "latex", "rst", "mediawiki", "org", "grid")
"""The table for people's pages, laid out by tabulate (``reports/publish.py``): Markdown (tabulate's "pipe",
with the columns' alignment) and GitHub's, an HTML fragment, a LaTeX tabular, reStructuredText, MediaWiki, an Org
table and a plain-text grid."""

EXPORTS = DATA + PUBLISHED
"""``export --format``."""

TABLES = ("text", "json") + PUBLISHED
"""``table --format``: the people's table on the screen, the table's JSON, or a published table."""

BY_SUFFIX = {".csv": "csv", ".json": "json", ".toml": "toml", ".md": "markdown", ".markdown": "markdown",
             ".html": "html", ".htm": "html", ".tex": "latex", ".latex": "latex", ".rst": "rst", ".wiki": "mediawiki",
             ".mediawiki": "mediawiki", ".org": "org", ".txt": "grid"}
"""``export -o FILE`` without ``--format``: the format FILE's extension names (any other: JSON)."""
