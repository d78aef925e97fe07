"""How the browser tests drive Chromium: which executable, its flags, the browser contexts (tabs) they open, and how
long an expectation waits for a screen."""
from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

# Four browsers share the 2 cores with the rest of the suite, which keeps them 96 % busy: a screen gets 15 s, not
# Playwright's 5, to show what is expected before it is called wrong (a blocking alert took longer in one CI run).
# A passing expectation returns as soon as it holds.
expect.set_options(timeout=15_000)

CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                 "--disable-component-update", "--disable-sync"]
CHROMIUM_MISSING = ("Browser tests need Chromium: install Debian's chromium-headless-shell or chromium "
                    "(apt-get install chromium-headless-shell) or set CHROMIUM_PATH")
# The headless shell first: Debian's same Chromium without the desktop browser's processes around the page (the
# browser modules took 238 s of CPU with `chromium`, 163 s with it, the same tests passing).
CHROMIUM_NAMES = ("chromium-headless-shell", "chromium", "chromium-browser")


def chromium_executable() -> str:
    """The Chromium to drive, found as scripts/ensure-chromium.sh finds it: $CHROMIUM_PATH when set, else the first
    of CHROMIUM_NAMES on the PATH. Without one the browser tests fail (never skip), saying why."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        if os.path.isfile(configured) and os.access(configured, os.X_OK):
            return configured
        pytest.fail(f"Browser tests need Chromium: CHROMIUM_PATH={configured} is not an executable file",
                    pytrace=False)
    found = next((path for path in map(shutil.which, CHROMIUM_NAMES) if path), None)
    if found is None:
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    return found


# What a person's Chrome allows a page without asking: writing to the clipboard on a click (the invitation's Copy
# button). The headless shell has no one to ask and refuses it unless granted.
PERMISSIONS = ["clipboard-write"]


# The tabs are those of a person whose system asks for reduced motion, which the app honours (Mantine's
# respectReducedMotion, frontend/src/theme.js): drawers, modals and toasts appear without sliding or fading in. What
# the tests check is what each screen shows once it is there; animating it cost the browser modules a sixth of their
# Chromium CPU and a quarter of their time (measured on three modules: 37.2 -> 31.5 s of CPU, 85 -> 62 s).
# tests/e2e/test_layout_screens.py opens the phone menu with motion too.
MOTION = "reduce"


def new_context(browser: Browser, **options) -> BrowserContext:
    return browser.new_context(permissions=PERMISSIONS, **{"reduced_motion": MOTION, **options})
