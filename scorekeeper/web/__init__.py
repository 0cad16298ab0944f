"""The scoreboard page served over HTTP (``scorekeeper serve``): ``page`` writes the HTML of a
``reports.scoreboard.Scoreboard``, ``server`` serves it read-only and pushes every change of the match file
to the open pages, ``address`` says where phones find it (the token, the address on the local network, its QR
code)."""
