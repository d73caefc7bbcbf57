"""Fixtures for tests that drive a real browser.

Debian's Chromium (``/usr/bin/chromium``, installed by ``make browser``) is driven by the
``playwright`` pip package through ``executable_path``; Playwright's own browser download is
never used.

Without Chromium the browser tests are skipped with a loud reason on a developer machine, but
under CI (``CI=true``) they fail: a green CI run must mean the browser tests ran.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .lab import CHROMIUM_ARGS, running_lab, write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("ALHAMBRA_CHROMIUM", "/usr/bin/chromium"))


ARTIFACTS = Path(__file__).parent / "artifacts"


def _under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser``, so ``-m "not browser"`` deselects them."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        reason = (
            f"BROWSER TESTS NOT RUN: no Chromium at {CHROMIUM}. "
            "Run `make browser` (installs Debian's chromium package)."
        )
        if _under_ci():
            pytest.fail(reason + " CI=true, so this is a failure.", pytrace=False)
        pytest.skip(reason)

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own context for each test, closed afterwards."""
    context = browser.new_context()
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def artifacts_dir() -> Path:
    """Where tests may write screenshots (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def lab(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running JupyterLab serving one notebook made of the test module's ``CELLS`` (named
    after the module); yields its URL, token included. A module that needs another folder
    (the tutorials, a chapter's notebook) defines its own ``lab``."""
    root = tmp_path_factory.mktemp("lab")
    name = request.module.__name__.rsplit(".", 1)[-1] + ".ipynb"
    write_notebook(root / name, request.module.CELLS)
    with running_lab(root, name) as url:
        yield url
