#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: $CHROMIUM_PATH when set, else `chromium-headless-shell`, `chromium` or
# `chromium-browser` on the PATH (tests/e2e/browser.py looks in the same places, in that order). When none is found
# and this runs as root with apt-get, installs Debian's chromium-headless-shell (the same Chromium without the
# desktop browser around it: the browser tests took a third less CPU with it) and a font; otherwise stops at once
# with one line saying what to install.
# Silent when a Chromium is there. Uses shell built-ins only, so it can speak even with a bare PATH.
set -euo pipefail
MISSING="Browser tests need Chromium: install Debian's chromium-headless-shell or chromium (apt-get install chromium-headless-shell) or set CHROMIUM_PATH"

if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -f "$CHROMIUM_PATH" ] && [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "Browser tests need Chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
  exit 1
fi
found() {
  command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 ||
    command -v chromium-browser >/dev/null 2>&1
}

found && exit 0
if [ "$EUID" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-dejavu-core >/dev/null
  found && exit 0
fi
echo "$MISSING" >&2
exit 1
