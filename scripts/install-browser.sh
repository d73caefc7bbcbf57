#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests, if it is not there yet, and a CJK font
# (fonts-noto-cjk) so that the Japanese widgets' screenshots show glyphs, not boxes.
#
# The tests drive /usr/bin/chromium through the `playwright` pip package
# (executable_path=...), so Playwright's own browser download is never used:
# this script never runs `playwright install`.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

has_cjk_font() {
    command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja 2>/dev/null)" ]
}

if [ -x "$CHROMIUM" ] && has_cjk_font; then
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
echo "install-browser: installing Debian's chromium and fonts-noto-cjk packages"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk

if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: apt-get finished but $CHROMIUM is missing" >&2
    exit 1
fi
echo "install-browser: $("$CHROMIUM" --version) installed"
