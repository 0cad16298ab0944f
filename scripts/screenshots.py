"""Take the screenshots of the scoreboard page that docs/ shows (``scorekeeper serve``): the bundled sample Goat
match after its seventh round, on a phone (360x740) and on a screen (1280x720).

    python scripts/screenshots.py              # writes docs/scoreboard-phone.png and docs/scoreboard-screen.png
    python scripts/screenshots.py --lang ru --out /tmp

Needs the test extra (selenium) and headless Chromium with its driver, as the browser tests do.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser import chromium, screen, wait_for  # noqa: E402

from scorekeeper import i18n  # noqa: E402
from scorekeeper.web.server import ScoreboardServer  # noqa: E402

SIZES = {"phone": (360, 740), "screen": (1280, 720)}
ROUNDS = 7
"""The sample match's rounds shown: remembered points, a wiped one, eggs laid and paid, nobody the goat yet."""


def sample(folder: Path) -> Path:
    """The sample match, cut after ``ROUNDS`` rounds."""
    lines = (ROOT / "scorekeeper" / "samples" / "goat.toml").read_text(encoding="utf-8").splitlines()
    start = lines.index("rounds = [")
    path = folder / "match.toml"
    path.write_text("\n".join(lines[:start + 1 + ROUNDS] + ["]", ""]), encoding="utf-8")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    options = parser.parse_args()
    i18n.use(options.lang)
    with tempfile.TemporaryDirectory() as folder:
        server = ScoreboardServer(str(sample(Path(folder))), "127.0.0.1", 0, "docs")
        server.start()
        stop = threading.Event()
        threading.Thread(target=server.run, args=(print, stop.is_set), daemon=True).start()
        browser = chromium()
        try:
            for name, (width, height) in SIZES.items():
                screen(browser, width, height)
                browser.get(f"http://127.0.0.1:{server.port}/docs/")
                wait_for(browser, "document.getElementById('live').className.includes('on')")
                suffix = "" if options.lang == "en" else f".{options.lang}"
                shot = options.out / f"scoreboard-{name}{suffix}.png"
                browser.save_screenshot(str(shot))
                print(shot)
        finally:
            browser.quit()
            stop.set()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
