"""Issue 35 in a real browser: a person at a table whose server is killed (SIGKILL) and started
again on the same database and port reloads the page and is back in the seat, with the same hand.
Skipped only where no Chromium is installed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# first: it skips this module where no browser can run
from tests.web.browsing import browser, close_pages, sit  # noqa: F401
from spite_rules.core.engine import game  # noqa: E402
from spite_rules.core.record import replay  # noqa: E402
from spite_rules.web.store import Store  # noqa: E402
from tests.web.processes import ServerProcess  # noqa: E402


def test_a_player_reloading_after_a_restart_is_back_in_the_seat_with_the_same_hand(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db, bot_delay=30).start()  # the bot waits: the hand stays as dealt
    try:
        table_id = server.new_table("malice", ["human", "greedy"], ruleset="common", options={"payoff_size": 8})
        page = sit(browser, server, table_id, 0, "ann")  # type: ignore[arg-type]
        page.wait_for_selector("#m-hand .card")
        before = [card.get_attribute("data-card") for card in page.locator("#m-hand .card").all()]
        server.kill()
        page.locator("#connection", has_text="reconnecting").wait_for()
        server.start()
        page.reload()
        page.locator("#connection", has_text="seat 0").wait_for()
        page.wait_for_selector("#m-hand .card")
        after = [card.get_attribute("data-card") for card in page.locator("#m-hand .card").all()]
        store = Store(str(db), readonly=True)
        state, _ = replay(store.record(table_id))
        store.close()
        assert after == before == [str(card) for card in game("malice").view(state, 0).hand]
        assert page.locator("#join").is_hidden()  # no new join: the stored token seated her
        assert page.errors == []
    finally:
        server.kill()
