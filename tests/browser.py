"""A real browser for the scoreboard page's tests: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by selenium, on the loopback only.

Where the browser or its driver is missing, ``chromium()`` fails the test that asks for it, saying what to
install: a browser test that skipped would pass where nothing was checked. ``scripts/test.sh`` installs them
(``.ci/run`` runs it); ``pytest -m 'not slow'`` leaves the browser tests out on purpose.
"""

from __future__ import annotations

import shutil
import tempfile

import pytest

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")
"""What Chromium needs here: no sandbox as root, and nothing fetched from the network behind the tests' back
(the machine's network refuses it, and a connection left waiting slows the browser)."""

MISSING = ("the browser tests need headless Chromium and its driver: {missing} not found. Install them "
           "(Debian: apt-get install chromium chromium-driver; scripts/test.sh does), or leave these tests out "
           "with -m 'not slow'")


def executables() -> tuple[str | None, str | None]:
    """Chromium's executable and its driver's, where found."""
    browser = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
    return browser, shutil.which("chromedriver")


def chromium(scripts: bool = True):
    """A headless Chromium under selenium, with a fresh profile of its own; ``scripts``: whether it runs
    JavaScript. Fails the test (never skips it) when something is missing."""
    browser, driver = executables()
    missing = [name for name, found in (("chromium", browser), ("chromedriver", driver)) if not found]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("selenium (pip install -e '.[test]')")
    if missing:
        pytest.fail(MISSING.format(missing=", ".join(missing)), pytrace=False)
    options = Options()
    options.binary_location = browser
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='sk-chromium-')}")
    if not scripts:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    session = webdriver.Chrome(service=Service(driver), options=options)
    session.set_page_load_timeout(30)
    return session


def screen(session, width: int, height: int, dark: bool = False) -> None:
    """Show pages as a phone (or a screen) of ``width`` x ``height`` CSS pixels shows them, light or dark."""
    session.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})
    session.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def wait_for(session, script: str, timeout: float = 5.0):
    """Poll ``script`` (a JavaScript expression) until it is true; its value, or None after ``timeout``."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = session.execute_script(f"return ({script});")
        if value:
            return value
        time.sleep(0.05)
    return None
