"""Remake docs/web-spite.png: a seeded Spite table in headless Chromium, seen by seat 0.

Run from the repository root with the test extra installed and Debian's chromium present:
``.venv/bin/python docs/make_web_screenshot.py``. Seat 0 (ann) plays greedily by clicking its legal
moves on the page until a trick of a few plays waits for her, calls one misplay wrongly (so the log
shows a misplay with its rule), selects a card, and the page is photographed.
"""

from __future__ import annotations

import pathlib
import shutil
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from spite_rules.bots import GreedyBot  # noqa: E402
from spite_rules.web.server import ServerConfig  # noqa: E402
from tests.web.harness import CHROMIUM_ARGS, Served  # noqa: E402

SEED = 12


def main() -> None:
    served = Served(ServerConfig(bot_delay=0.05, seed=SEED))
    try:
        table_id = served.new_table(["human", "greedy", "random", "greedy"])
        table = served.live(table_id).table
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1180, "height": 860})
            page.goto(f"{served.url}/table/{table_id}?seat=0")
            page.fill("#name", "ann")
            page.click("text=Sit down")
            page.wait_for_selector("#hand .card")
            page.check("#hints")
            called = False
            for _ in range(80):
                _wait_for_ann(table)
                plays = len(table.state.trick.plays)
                moves = table.moves_for(0)
                if called and plays >= 1:
                    break
                if not called and plays >= 2:
                    page.click('button.call[data-accused="2"]')  # wrongly: a misplay, with its rule
                    called = True
                    time.sleep(0.5)
                    continue
                move = GreedyBot().choose(table.game.view(table.state, 0), list(moves))
                text = table.game.describe_action(move, table.game.names(table.state))
                page.locator("#moves button", has_text=text).first.click()
                time.sleep(0.3)
            hand = page.locator("#hand .card.legal")
            if hand.count():
                hand.first.click()
            time.sleep(0.3)
            target = ROOT / "docs" / "web-spite.png"
            page.screenshot(path=str(target), full_page=True)
            print(f"wrote {target}")
            browser.close()
    finally:
        served.stop()


def _wait_for_ann(table: object) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        state = table.state  # type: ignore[attr-defined]
        if state.to_act == 0 and not state.round_over:
            time.sleep(0.3)
            return
        time.sleep(0.05)
    state = table.state  # type: ignore[attr-defined]
    raise TimeoutError(f"seat 0 never came to act: to_act {state.to_act}, over {state.round_over}, hands {[len(h) for h in state.hands]}")


if __name__ == "__main__":
    main()
