#!/usr/bin/env bash
# The project's tests on a fresh machine, in one command (the README's, and what .ci/run runs): the browser
# that the scoreboard page's tests drive (Debian's chromium and chromium-driver, installed where missing), a
# venv with the test extra, then pytest, given this script's arguments. A contributor who has Chromium
# already may run the last line alone.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    elif command -v apt-get >/dev/null && command -v sudo >/dev/null; then
        sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    else
        echo "scripts/test.sh: no chromium and chromedriver here, and no apt-get to install them: the browser" \
             "tests will fail, saying so (install them, or leave those tests out with: -m 'not slow')" >&2
    fi
fi
python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/pytest "$@"
