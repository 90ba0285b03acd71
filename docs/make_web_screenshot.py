"""Remake docs/web-spite.png and docs/web-malice.png: a seeded table of each game in headless
Chromium, seen by seat 0.

Run from the repository root with the test extra installed and Debian's chromium present:
``.venv/bin/python docs/make_web_screenshot.py [spite|malice]`` (both without an argument).

- Spite: seat 0 (ann) plays greedily by clicking its legal moves on the page until a trick of a few
  plays waits for her, calls one misplay wrongly (so the log shows a misplay with its rule), selects
  a card, and the page is photographed.
- Spite and Malice (common preset, side stacks spread, three seats): ann plays greedily by clicking
  her legal moves until the centre holds a wild card and her side stacks some cards, tries one
  refused move (the error names its rule), picks a card (its legal places are marked) and asks for
  a hint.
"""

from __future__ import annotations

import pathlib
import shutil
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from spite_rules.bots import GreedyBot  # noqa: E402
from spite_rules.malice.bots import GreedyBot as MaliceGreedyBot  # noqa: E402
from spite_rules.malice.order import WILD, value  # noqa: E402
from spite_rules.web.server import ServerConfig  # noqa: E402
from tests.web.harness import CHROMIUM_ARGS, Served  # noqa: E402

SEED = 12


MALICE_SEED = 3


def main() -> None:
    wanted = sys.argv[1:] or ["spite", "malice"]
    if "spite" in wanted:
        spite()
    if "malice" in wanted:
        malice()


def _sit_ann(playwright: Any, served: Served, table_id: str, height: int, hand: str) -> tuple[Any, Any]:
    """A headless Chromium and its page of "ann" sitting at seat 0 of the table, her hand drawn."""
    browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
    page = browser.new_page(viewport={"width": 1180, "height": height})
    page.goto(f"{served.url}/table/{table_id}?seat=0")
    page.fill("#name", "ann")
    page.click("text=Sit down")
    page.wait_for_selector(hand)
    return browser, page


def _photograph(page: Any, name: str) -> None:
    """The whole page as docs/``name``."""
    target = ROOT / "docs" / name
    page.screenshot(path=str(target), full_page=True)
    print(f"wrote {target}")


def spite() -> None:
    served = Served(ServerConfig(bot_delay=0.05, seed=SEED))
    try:
        table_id = served.new_table(["human", "greedy", "random", "greedy"])
        table = served.live(table_id).table
        with sync_playwright() as playwright:
            browser, page = _sit_ann(playwright, served, table_id, 860, "#hand .card")
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
            _photograph(page, "web-spite.png")
            browser.close()
    finally:
        served.stop()


def malice() -> None:
    served = Served(ServerConfig(bot_delay=0.05, seed=MALICE_SEED))
    try:
        table_id = served.new_table(
            ["human", "greedy", "random"], game="malice", ruleset="common", options={"spread_side_stacks": True}
        )
        table = served.live(table_id).table
        with sync_playwright() as playwright:
            browser, page = _sit_ann(playwright, served, table_id, 1000, "#m-hand .card")
            page.check("#m-legal")
            chooser = MaliceGreedyBot()
            for _ in range(200):
                _wait_for_malice_ann(table)
                state = table.state
                wild = any(value(card, state.rules) == WILD for stack in state.centre for card in stack)
                if wild and sum(map(len, state.side[0])) >= 3 and not state.moved and len(state.hands[0]) >= 4:
                    break
                move = chooser.choose(table.game.view(state, 0), list(table.moves_for(0)))
                text = table.game.describe_action(move, table.game.names(state))
                page.locator("#m-moves button", has_text=text).first.click()
                time.sleep(0.15)
            page.uncheck("#m-legal")
            state = table.state
            natural, space = next(
                (card, space)
                for card in state.hands[0]
                for space, stack in enumerate(state.centre)
                if value(card, state.rules) not in (len(stack) + 1, WILD)
            )
            page.click(f'#m-hand .card[data-card="{natural}"]')
            page.click(f'#m-centre [data-target="centre:{space}"]')
            page.locator("#error .rule").wait_for()
            sources = {move.card for move in table.moves_for(0) if hasattr(move, "card") and getattr(move, "centre", None) is not None}
            picked = next((card for card in state.hands[0] if card in sources), state.hands[0][0])
            page.click(f'#m-hand .card[data-card="{picked}"]')
            time.sleep(0.3)
            _photograph(page, "web-malice.png")
            browser.close()
    finally:
        served.stop()


def _wait_for_malice_ann(table: object) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if table.state.to_act == 0 and not table.over and table.moves_for(0):  # type: ignore[attr-defined]
            time.sleep(0.25)
            return
        time.sleep(0.05)
    raise TimeoutError("seat 0 never came to act at the Spite and Malice table")


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
