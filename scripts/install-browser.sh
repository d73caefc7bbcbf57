#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests, if it is not there yet.
#
# The tests drive /usr/bin/chromium through the `playwright` pip package
# (executable_path=...), so Playwright's own browser download is never used:
# this script never runs `playwright install`.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    echo "install-browser: $("$CHROMIUM" --version 2>/dev/null || echo chromium) already installed"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "install-browser: not root and no sudo; install Chromium with: apt-get install -y chromium" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-browser: installing Debian's chromium package"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: apt-get finished but $CHROMIUM is missing" >&2
    exit 1
fi
echo "install-browser: $("$CHROMIUM" --version) installed"
