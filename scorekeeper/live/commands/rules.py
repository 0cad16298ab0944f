"""'rules': the ruleset's key numbers in a few lines; 'rules all' every key, through the pager; 'rules KEY' (or
a section) as 'scorekeeper rules show' says it."""

from __future__ import annotations

import os

from scorekeeper.live.arguments import is_option
from scorekeeper.live.reply import Reply
from scorekeeper.reports.ruleset_text import render_ruleset, ruleset_summary
from scorekeeper.rules.loader import is_path


def run(session, line) -> Reply:
    rest, ruleset = line.rest, session.state.ruleset
    if not rest:
        return Reply(ruleset_summary(ruleset, session.screen().width, session.room()))
    if is_option(rest, "all"):
        return Reply(render_ruleset(ruleset, None, session.screen().width), page=True)
    return Reply(delegate=("rules", "show", _ruleset_spec(session), *rest.split()))


def _ruleset_spec(session) -> str:
    """The match's ruleset as 'scorekeeper rules show' finds it from anywhere: a file named from the match's
    folder."""
    spec = session.state.match.ruleset
    if not is_path(spec):
        return spec
    return os.path.join(os.path.dirname(os.path.abspath(session.path)), spec)
