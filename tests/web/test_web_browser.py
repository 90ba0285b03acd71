"""The page in a real browser (headless Chromium driven by Playwright): create a table, join by
link, play a card by clicking, see the trick on a second page, see a misplay explained with its
rule, rejoin by reloading, run the countdown out. Skipped only where no Chromium is installed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

# first: it skips this module where no browser can run
from tests.web.browsing import WAIT_MS, browser, close_pages, open_page, sit  # noqa: F401
from playwright.sync_api import expect  # noqa: E402
from spite_rules.actions import Play  # noqa: E402
from spite_rules.web.server import ServerConfig  # noqa: E402
from tests.web.harness import Served  # noqa: E402


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served(ServerConfig(bot_delay=0.05, countdown_scale=0.2, seed=70))
    yield server
    server.stop()


def _people_at_a_table(browser: Any, served: Served) -> tuple[str, list[Any]]:
    table_id = served.new_table(["human", "human", "greedy"])
    pages = [sit(browser, served, table_id, 0, "ann"), sit(browser, served, table_id, 1, "bob")]
    for page in pages:
        page.wait_for_selector("#hand .card")
    return table_id, pages


def _a_person_to_act(served: Served, table_id: str) -> int:
    """The seat of the person to act, once the bot (seat 2) has played its turn if it had one."""
    table = served.live(table_id).table
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        seat = table.state.to_act
        if seat in (0, 1):
            return int(seat)
        time.sleep(0.05)
    raise TimeoutError("no person came to act")


def test_the_lobby_creates_a_table_with_a_join_link_for_each_person(browser: Any, served: Served) -> None:
    page = open_page(browser)
    page.goto(served.url + "/")
    page.fill("#seat-count", "3")
    page.dispatch_event("#seat-count", "change")
    page.select_option('#seat-kinds select[data-seat="2"]', "random")
    page.click("text=Create the table")
    links = page.locator(".join-link")
    links.first.wait_for()
    assert links.count() == 2
    assert "random bot 2" in page.inner_text("#links")
    page.goto(links.nth(1).get_attribute("href"))
    # the page fills the seat from the link once its script has run (waited for, as a person would)
    expect(page.locator("#join-seat")).to_have_value("1", timeout=WAIT_MS)
    assert page.errors == []


def test_a_card_played_by_clicking_shows_in_the_trick_on_another_seats_page(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    seat = _a_person_to_act(served, table_id)
    table = served.live(table_id).table
    single = next(
        move for move in table.moves_for(seat)
        if isinstance(move, Play) and len(move.cards) == 1 and not move.come_at_me and move.direction is None
    )
    card = str(single.cards[0])
    actor, watcher = pages[seat], pages[1 - seat]
    actor.click(f'#hand .card[data-card="{card}"]')
    assert "selected" in (actor.get_attribute(f'#hand .card[data-card="{card}"]', "class") or "")
    actor.click("#play")
    watcher.wait_for_selector(f'#trick .play[data-player="{seat}"] .card[data-card="{card}"]')
    assert f"{['ann', 'bob'][seat]} plays {card}" in watcher.inner_text("#log")
    assert pages[0].errors == [] and pages[1].errors == []


def test_a_misplay_is_explained_in_the_log_with_its_rule_on_every_page(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    pages[0].click('button.call[data-accused="1"]')
    line = pages[1].locator("#log li.Misplay").first
    line.wait_for()
    assert "MISPLAY by ann" in line.inner_text()
    assert "who has no misplay open to call" in line.inner_text()
    assert line.locator(".rule").inner_text() == "rule misplays.incorrect-call"
    pages[0].locator("#log li.Misplay .rule").first.wait_for()


def test_a_reloaded_page_rejoins_its_seat_with_the_stored_token(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    pages[0].goto(f"{served.url}/table/{table_id}")
    pages[0].wait_for_selector("#hand .card")
    state = served.live(table_id).table.state
    again = [card.get_attribute("data-card") for card in pages[0].locator("#hand .card").all()]
    assert again == [str(card) for card in state.hands[0]]
    assert pages[0].inner_text("#connection") == "seat 0"


def test_a_countdown_started_on_one_page_ends_in_a_timeout_seen_on_the_other(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    seat = _a_person_to_act(served, table_id)
    starter, waiting = pages[1 - seat], pages[seat]
    served.lobby.config.countdown_scale = 0.6  # 3 s to see it running, even on a loaded machine
    try:
        starter.click("#countdown")
        # A locator waits from Playwright's own isolated world: no script is evaluated in the page,
        # so its content-security policy (no eval) stays on and cannot refuse the test's check.
        waiting.locator("#countdown-text", has_text="s of 5").wait_for()
        waiting.wait_for_selector("#log li.TimedOut")
    finally:
        served.lobby.config.countdown_scale = 0.2
    assert f"{['ann', 'bob'][seat]} ran out of time" in waiting.inner_text("#log")
    assert waiting.errors == [] and starter.errors == []


def test_an_automatic_referee_table_shows_no_misplay_calls_and_draws_the_joker_as_jk(browser: Any, served: Served) -> None:
    live = served.lobby.create("spite", ["human", "human", "greedy"], options={"referee": "automatic"}, seed=8)
    table_id = live.table.id
    pages = [sit(browser, served, table_id, 0, "ann"), sit(browser, served, table_id, 1, "bob")]
    pages[0].wait_for_selector("#hand .card")
    assert pages[0].locator("button.call").count() == 0  # every call would be refused here
    assert any(str(card) == "🃏" for card in live.table.state.hands[0])  # seed 8 deals ann a joker
    joker = pages[0].locator('#hand .card.joker[data-card="🃏"]').first
    assert joker.inner_text() == "JK" and joker.get_attribute("title") == "joker"
    assert pages[0].is_visible("#countdown")  # ann, a person, is to act: a countdown can act on her
    assert pages[0].errors == [] and pages[1].errors == []


def test_a_link_to_a_taken_seat_says_it_is_taken_and_offers_the_free_ones(browser: Any, served: Served) -> None:
    table_id = served.new_table(["human", "human", "human"])
    served.join(table_id, 0, "ann")
    page = open_page(browser)
    page.goto(f"{served.url}/table/{table_id}?seat=0")
    taken = page.locator("#seat-taken")
    taken.wait_for()
    assert taken.inner_text() == "Seat 0 is taken by ann: free now: seat 1, seat 2."
    assert [option.get_attribute("value") for option in page.locator("#join-seat option").all()] == ["1", "2"]
    assert page.errors == []
