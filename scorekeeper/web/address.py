"""Where the phones find the scoreboard: the random token that every address starts with, this computer's
address on the local network, and the page's address as a QR code for the terminal.

The QR code is segno's (a small pure-Python library, imported only here): a phone's camera opens the page
without anyone typing its forty-odd characters.
"""

from __future__ import annotations

import io
import ipaddress
import secrets
import socket

LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"
"""What ``--lan`` listens on: every IPv4 address of this computer."""
_ROUTE_PROBE = ("192.0.2.1", 9)
"""An address of the documentation range (RFC 5737), never routed: asking which of this computer's addresses
would reach it names the one of the default route, and nothing is sent (a UDP socket's connect only chooses)."""


def new_token() -> str:
    """A fresh random token: an address without it is 404."""
    return secrets.token_urlsafe(12)  # 96 random bits, and a loopback address that fits 40 columns


def page_address(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{token}/"


def lan_address() -> str | None:
    """This computer's address on the local network (the one of its default route), or None when it has
    none but the loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            found = probe.getsockname()[0]
    except OSError:
        found = None
    if found and not ipaddress.ip_address(found).is_loopback and not ipaddress.ip_address(found).is_unspecified:
        return found
    try:
        found = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if ipaddress.ip_address(found).is_loopback else found


def qr_code(text: str) -> str | None:
    """``text`` as a QR code drawn with half blocks (two rows of modules a line, for a terminal); None
    without segno."""
    try:
        import segno  # start-up: only serve --lan draws a code
    except ImportError:
        return None
    drawn = io.StringIO()
    segno.make_qr(text, error="l", boost_error=False).terminal(out=drawn, compact=True, border=2)
    return drawn.getvalue().rstrip("\n")
