#!/usr/bin/env bash
# Install axe-core, the accessibility rules engine the browser tests inject into JupyterLab
# (tests/browser/test_accessibility.py), at a pinned version, if it is not there yet.
#
# It lands in tests/browser/axe/ (ignored by git) through npm, from the npm registry.
set -euo pipefail

AXE_VERSION=4.14.1
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="$HERE/tests/browser/axe"
INSTALLED="$PREFIX/node_modules/axe-core/package.json"

if [ -f "$INSTALLED" ] && grep -q "\"version\": \"$AXE_VERSION\"" "$INSTALLED"; then
    echo "install-axe: axe-core $AXE_VERSION already installed"
    exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
    echo "install-axe: npm is missing; install it with: apt-get install -y npm" >&2
    exit 1
fi

mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --no-save --no-package-lock --no-audit --no-fund \
    "axe-core@$AXE_VERSION"

if [ ! -f "$PREFIX/node_modules/axe-core/axe.min.js" ]; then
    echo "install-axe: npm finished but axe.min.js is missing" >&2
    exit 1
fi
echo "install-axe: axe-core $AXE_VERSION installed in tests/browser/axe"
