"""What both games' browser tests share: finding Debian's Chromium (skipping the module, with the
reason, where it or Playwright is missing), one headless browser per module, pages that record
script errors and content-security-policy refusals (the policy stays on), and sitting a named
person at a seat by the join link.

A test module starts with ``from tests.web.browsing import browser, close_pages, open_page, sit``:
importing the module skips the caller where no browser can run, and the two fixtures it imports
are then the caller's own."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (spite-rules[web]) is not installed")
CHROMIUM = os.environ.get("SPITE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no Chromium installed (apt-get install chromium): browser tests skipped", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")

from tests.web.harness import CHROMIUM_ARGS, Served  # noqa: E402

__all__ = ["WAIT_MS", "browser", "close_pages", "open_page", "sit"]

#: How long a page waits for anything (ms).
WAIT_MS = 10_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module."""
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def close_pages(browser: Any) -> Iterator[None]:
    """Every test's pages are closed after it."""
    yield
    for context in browser.contexts:
        context.close()


def open_page(browser: Any, height: int = 900) -> Any:
    """A page that records script errors and content-security-policy refusals in ``page.errors``."""
    page = browser.new_page(viewport={"width": 1200, "height": height})
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if "Content Security Policy" in message.text else None)
    page.errors = errors
    return page


def sit(browser: Any, served: Served, table_id: str, seat: int, name: str, height: int = 900) -> Any:
    """A page of ``name`` sitting at ``seat`` of table ``table_id`` by its join link."""
    page = open_page(browser, height)
    page.goto(f"{served.url}/table/{table_id}?seat={seat}")
    page.fill("#name", name)
    page.click("text=Sit down")
    return page
