"""``scorekeeper serve``: the match as a live scoreboard page for every phone at the table."""

from __future__ import annotations

import errno
import sys

import click

from scorekeeper.cli.base import Command, match_path
from scorekeeper.cli.output import screen_width
from scorekeeper.cli.params import whole_number
from scorekeeper.errors import StateError
from scorekeeper.i18n import N_, _
from scorekeeper.reports.fit import wrap
from scorekeeper.web.address import EVERYWHERE, LOOPBACK, lan_address, new_token, page_address, qr_code
from scorekeeper.web.server import ScoreboardServer

DEFAULT_PORT = 8101


@click.command("serve", cls=Command)
@click.option("--lan", is_flag=True,
              help="Listen on the local network too, not only on this computer: phones on the same network "
                   "open the address printed, or scan its QR code.")
@click.option("--port", type=whole_number(N_("a port"), low=0, high=65535), default=DEFAULT_PORT, show_default=True,
              metavar="PORT", help="The port to listen on (0: any free one).")
@click.pass_context
def serve(ctx: click.Context, lan: bool, port: int) -> None:
    """Show the match on every phone at the table: a live, read-only scoreboard.

    The page shows what 'table' shows, in large figures, and changes by
    itself within a second of every round, undo or edit made in another
    terminal ('play', 'round', ...). Its address holds a random token:
    without it, nothing is shown. The match file is only read, never
    written nor locked. Ctrl-C stops it.

    \b
    Examples:
      scorekeeper serve              # on this computer: open the address printed
      scorekeeper serve --lan        # phones on the same network scan the QR code
      scorekeeper --match friday.toml serve --port 8080
    """
    path, token, width = match_path(ctx), new_token(), screen_width()
    try:
        server = ScoreboardServer(path, EVERYWHERE if lan else LOOPBACK, port, token)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise StateError(_("port {port} is in use (another scoreboard?): choose another with --port").format(
                port=port)) from None
        raise StateError(_("cannot listen on port {port}: {error}").format(
            port=port, error=error.strerror or error)) from None
    try:
        news = server.start()
        here = lan_address() if lan else None
        said = [*wrap(_("The scoreboard of {path} is served; Ctrl-C stops it.").format(path=path), width)]
        if here:
            said += wrap(_("On a phone on this network, open:"), width)
            said.append(page_address(here, server.port, token))  # whole, to be copied: never wrapped
        elif lan:
            said += wrap(_("This computer has no address on a local network that phones could reach; on this "
                           "computer, open:"), width)
            said.append(page_address(LOOPBACK, server.port, token))
        else:
            said += wrap(_("On this computer, open:"), width)
            said.append(page_address(LOOPBACK, server.port, token))
        click.echo("\n".join(said))
        if here and sys.stdout.isatty():
            code = qr_code(page_address(here, server.port, token))
            click.echo(code if code is not None else "\n".join(wrap(
                _("(no QR code: it needs the segno package: pip install segno)"), width)))
        if news is not None:
            _told(news, width)
        server.run(lambda news: _told(news, width))
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    stopped = wrap(_("Stopped: the scoreboard is no longer served."), width)
    click.echo("\n".join(([""] if sys.stdout.isatty() else []) + stopped))  # under the terminal's ^C


def _told(news, width: int | None) -> None:
    """What the terminal is told while serving: the match file became unusable, or usable again."""
    text = _("The match file cannot be used: {problem} (the page says so until it can)").format(
        problem=news.problem) if news.problem else _("The match file can be read again: the page shows it.")
    click.echo("\n".join(wrap(text, width, indent="  ")), err=True)
