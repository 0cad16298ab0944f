"""The scoreboard as one self-contained HTML page: its styles and its script inline, nothing fetched from
anywhere (the table may have no internet), large figures for reading at arm's length, from a 320-pixel phone
to a TV, light or dark as the phone is set.

``page(board)`` is the whole page; ``board_html(...)`` is its ``<main>``, which the page's script puts in
place of the old one each time the server says the match changed (Server-Sent Events); without JavaScript
the page reloads itself every few seconds instead.  Every text is escaped here, whatever it holds (a
player's name is anyone's).
"""

from __future__ import annotations

import base64
import hashlib
import html

from scorekeeper.errors import printable
from scorekeeper.i18n import _, language, ngettext

RELOAD_WITHOUT_SCRIPT = 5
"""Seconds between the reloads of a page whose browser runs no script."""

STYLE = """
:root{color-scheme:light dark;--bg:#fbfaf6;--fg:#1b1b1b;--dim:#5d5d5d;--card:#fff;--line:#d9d6cc;
--accent:#0b6b3a;--warn:#9a3b00;--warnbg:#fff1e0;--banner:#0b3d6b;--bannerfg:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#111412;--fg:#eeeee8;--dim:#a8aaa2;--card:#1c211e;
--line:#39403b;--accent:#6fdc9c;--warn:#ffb070;--warnbg:#3a2510;--banner:#7fb8ff;--bannerfg:#0b1320}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.35 system-ui,-apple-system,"Segoe UI",Roboto,
sans-serif;overflow-wrap:anywhere}
main{max-width:90rem;margin:0 auto;padding:0 clamp(.5rem,2vw,1.5rem) 2rem}
h1{font-size:clamp(1rem,3.2vw,1.6rem);font-weight:600;margin:.2rem 0 .6rem;color:var(--dim)}
h2{font-size:clamp(.95rem,2.6vw,1.3rem);margin:1.2rem 0 .4rem;color:var(--dim);font-weight:600}
p{margin:.3rem 0}
.live{max-width:90rem;margin:0 auto;padding:.3rem clamp(.5rem,2vw,1.5rem) 0;text-align:right;font-size:.8rem;
color:var(--dim)}
.live::before{content:"\\25CF\\00A0";color:var(--dim)}
.live.on::before{color:var(--accent)}
.live.off::before{color:var(--warn)}
.problem{background:var(--warnbg);color:var(--warn);border:2px solid var(--warn);border-radius:.6rem;
padding:.6rem .8rem;margin:.4rem 0 .8rem;font-size:clamp(1rem,3vw,1.4rem)}
.banner{background:var(--banner);color:var(--bannerfg);border-radius:.6rem;padding:.7rem .9rem;margin:.4rem 0 .8rem;
font-size:clamp(1.2rem,5vw,2.4rem);font-weight:700;text-align:center}
.sides{display:grid;gap:clamp(.4rem,1.5vw,1rem);grid-template-columns:repeat(auto-fit,minmax(min(100%,9rem),1fr))}
.side{background:var(--card);border:1px solid var(--line);border-radius:.8rem;padding:.5rem .7rem .6rem;
min-width:0}
.side.ahead{border:3px solid var(--accent)}
.name{font-size:clamp(1.1rem,4.5vw,2rem);font-weight:600;line-height:1.15}
.partners{font-size:.85rem;color:var(--dim)}
.score{font-size:clamp(2.8rem,15vw,7.5rem);font-weight:700;line-height:1;font-variant-numeric:tabular-nums;
margin:.15rem 0}
.held{font-size:clamp(1rem,4vw,1.8rem);color:var(--accent);font-weight:600}
.marks{list-style:none;margin:.3rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.3rem}
.marks li{font-size:.85rem;border:1px solid var(--line);border-radius:1rem;padding:0 .5rem}
.next,.eggs{font-size:clamp(1rem,3.4vw,1.5rem);margin:.7rem 0 0}
.eggs{color:var(--accent);font-weight:600}
.hand{border:2px dashed var(--line);border-radius:.8rem;padding:.2rem .8rem .5rem;margin-top:.8rem}
.hand p,.hand li{font-size:clamp(1rem,3.6vw,1.6rem)}
.hand ol{margin:.2rem 0;padding-left:2.6em;overflow-wrap:anywhere}
.said{font-size:clamp(1rem,3.4vw,1.4rem)}
.moved{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;
font-size:clamp(1rem,3vw,1.3rem)}
.note,.hidden{color:var(--dim);font-size:.9rem}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums;font-size:clamp(.8rem,2.4vw,1.1rem)}
th,td{padding:.25rem .3rem;border-bottom:1px solid var(--line);text-align:right;vertical-align:top;white-space:nowrap}
th{color:var(--dim);font-weight:600}
th.label,td.label{text-align:left;white-space:normal}
tr.total td{font-weight:700;border-bottom:none;border-top:2px solid var(--fg)}
.notes{padding-left:1.1rem;margin:.4rem 0}
.n{display:none}
@media (max-width:48rem){.w{display:none}.n{display:inline}th,td{padding:.25rem .18rem}}
@media (max-width:22.5rem){table{font-size:.75rem}}
"""

SCRIPT = """
(function () {
  var live = document.getElementById("live");
  function say(word, state) { live.textContent = live.getAttribute("data-" + word); live.className = "live " + state; }
  if (!window.EventSource) { setTimeout(function () { location.reload(); }, %(reload)d); return; }
  var source, retry = null;
  function connect() {
    source = new EventSource("events");
    source.addEventListener("board", function (event) {
      var board = document.getElementById("board");
      var held = document.createElement("div");
      held.innerHTML = event.data;
      var fresh = held.firstElementChild;
      if (fresh) { board.replaceWith(fresh); document.title = fresh.getAttribute("data-title"); }
      say("live", "on");
    });
    source.onopen = function () { say("live", "on"); };
    source.onerror = function () {
      if (source.readyState === 2) { say("stopped", "off"); if (!retry) { retry = setTimeout(again, 5000); } }
      else { say("lost", "off"); }
    };
  }
  function again() { retry = null; connect(); }
  connect();
})();
""".replace("%(reload)d", str(RELOAD_WITHOUT_SCRIPT * 1000))
"""Each change of the match comes as a ``board`` event holding the new ``<main>``; the browser's EventSource
reconnects by itself after a dropped connection, and a refused one (the server restarted with another
token, or stopped) is tried again every few seconds while the page says so."""


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


POLICY = (f"default-src 'none'; style-src {_hash(STYLE)}; script-src {_hash(SCRIPT)}; connect-src 'self'; "
          "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
"""The page may run its own script and style and connect to its own server, nothing else (Content Security
Policy)."""


def text(value: object) -> str:
    """Anything shown, escaped for HTML, control characters written out (``printable``)."""
    return html.escape(printable(str(value)), quote=True)


def page(main: str, title: str) -> str:
    """The whole page around ``main`` (``board_html``), titled ``title``."""
    return "".join([
        f'<!DOCTYPE html>\n<html lang="{text(language())}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f'<title>{text(title)}</title>\n<link rel="icon" href="data:,">\n'
        f'<noscript><meta http-equiv="refresh" content="{RELOAD_WITHOUT_SCRIPT}"></noscript>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n",
        _live(),
        main,
        f"\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
    ])


def _para(said: str, tag: str = "p", kind: str = "") -> str:
    """``said`` escaped in an element (of class ``kind``)."""
    return f'<{tag} class="{kind}">{text(said)}</{tag}>' if kind else f"<{tag}>{text(said)}</{tag}>"


def _live() -> str:
    """Whether the page follows the match: its words for each state in the page, the script shows one."""
    words = {"live": _("live"), "lost": _("reconnecting…"), "stopped": _("not served now: trying again")}
    said = " ".join(f'data-{state}="{text(word)}"' for state, word in words.items())
    return f'<div id="live" class="live" role="status" {said}>{text(words["live"])}</div>\n'


def board_html(board, problem: str = "", stale: bool = False) -> str:
    """The page's ``<main>``: the problem with the match file (when there is one), then the scoreboard (a
    ``reports.scoreboard.Scoreboard``, or None when there is none yet); ``stale``: the scoreboard is the one
    last read, before the problem."""
    title = board.title if board is not None else _("Scoreboard")
    parts = [f'<main id="board" data-title="{text(title)}">']
    if problem:
        parts.append(f'<div class="problem" role="alert"><p>{text(problem)}</p>'
                     + (_para(_("The scores as last read:")) if board is not None and stale else "")
                     + "</div>")
    if board is not None:
        parts += _board(board)
    parts.append("</main>")
    return "\n".join(parts)


def _board(board) -> list[str]:
    parts = [f"<h1>{text(board.title)}</h1>"]
    if board.banner:
        parts.append(f'<div class="banner" role="status">{text(board.banner)}</div>')
    parts.append('<section class="sides">')
    for side in board.sides:
        parts.append(
            f'<div class="side{" ahead" if side.ahead else ""}">'
            f'<div class="name">{text(side.name)}</div>'
            + (f'<div class="partners">{text(" · ".join(side.players))}</div>' if side.players else "")
            + f'<div class="score">{side.score}</div>'
            + (_para(_("+{points} remembered").format(points=side.remembered), "div", "held")
               if side.remembered else "")
            + ("<ul class=\"marks\">" + "".join(f"<li>{text(mark)}</li>" for mark in side.marks) + "</ul>"
               if side.marks else "")
            + "</div>")
    parts.append("</section>")
    if board.eggs:
        parts.append(f'<p class="eggs">{text(board.eggs)}</p>')
    if board.next:
        parts.append(f'<p class="next">{text(board.next)}</p>')
    parts.append(_hand(board.hand))
    if board.last is not None:
        last = board.last
        parts += ['<section class="last">' + _para(_("Last round"), "h2"),
                  f'<p class="said">{text(last.said)}</p>',
                  *([f'<p class="said">{text(last.label)}</p>'] if last.label else []),
                  '<ul class="moved">' + "".join(f"<li>{text(moved)}</li>" for moved in last.moved) + "</ul>"]
        parts += [_para(_("note: {note}").format(note=note), "p", "note") for note in last.notes]
        parts.append("</section>")
    parts += _rounds(board)
    return parts


def _hand(hand) -> str:
    """The place of the hand in play: empty and hidden while no hand is in play.  Whose turn it is (or that the
    hands are to be given), the ends and their count, the points so far, then the last plays, the newest last."""
    if hand is None:
        return '<section class="hand" id="hand" hidden></section>'
    lines = []
    if hand.turn:
        lines.append(_("{player} to play").format(player=hand.turn))
    elif hand.over:
        lines.append(_("The plays are over: the hands are to be given."))
    if hand.ends:
        lines.append(_("ends: {ends}").format(ends=hand.ends))
    if hand.count is not None:
        lines.append(_("count: {count}").format(count=hand.count))
    if hand.points:
        lines.append(_("points so far: {points}").format(
            points=", ".join(f"{name} {points}" for name, points in hand.points)))
    parts = ['<section class="hand" id="hand">' + _para(_("The hand in play"), "h2")]
    parts += [f"<p>{text(line)}</p>" for line in lines]
    if hand.plays:
        shown = len(hand.last)
        first = hand.plays - shown + 1
        heading = (ngettext("{n} play", "{n} plays", hand.plays).format(n=hand.plays) if shown == hand.plays else
                   ngettext("{n} play, the last {shown}:", "{n} plays, the last {shown}:", hand.plays).format(
                       n=hand.plays, shown=shown))
        parts.append(f'<p class="played">{text(heading)}</p>')
        if hand.last:
            parts.append(f'<ol class="plays" start="{first}">'
                         + "".join(f"<li>{text(play)}</li>" for play in hand.last) + "</ol>")
    parts.append("</section>")
    return "".join(parts)


def _two(wide: str, narrow: str) -> str:
    """A text in its wide form, and in its narrow one where it differs: the style shows one of them."""
    if wide == narrow:
        return text(wide)
    return f'<span class="w">{text(wide)}</span><span class="n">{text(narrow)}</span>'


def _rounds(board) -> list[str]:
    if len(board.rows) < 2:  # the totals alone: no round yet
        return []
    eggs = len(board.headers) > len(board.sides) + 2
    parts = ['<section class="rounds">' + _para(_("Rounds"), "h2")]
    if board.hidden:
        parts.append(f'<p class="hidden">{text(board.hidden)}</p>')
    parts.append("<table>")
    label = ' class="label"'
    parts.append("<thead><tr>" + "".join(
        f'<th scope="col"{label if index == 1 else ""}>{_two(head, short)}</th>'
        for index, (head, short) in enumerate(zip(board.headers, board.short_headers))) + "</tr></thead><tbody>")
    for row in board.rows:
        cells = [(row.number, row.number), (row.label, row.short_label), *zip(row.cells, row.short_cells)] \
            + ([(row.eggs, row.short_eggs)] if eggs else [])
        parts.append(("<tr>" if row.number else '<tr class="total">') + "".join(
            f"<td{label if index == 1 else ''}>{_two(*cell)}</td>" for index, cell in enumerate(cells)) + "</tr>")
    parts.append("</tbody></table>")
    if board.notes:
        parts.append('<ul class="notes">' + "".join(f'<li class="note">{text(note)}</li>' for note in board.notes)
                     + "</ul>")
    parts.append("</section>")
    return parts
