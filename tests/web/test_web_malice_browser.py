"""The Spite and Malice table in a real browser (headless Chromium driven by Playwright): create a
table with a preset from the lobby, join by link, play a card by clicking and by dragging, see it
on a second page, see a refused move explained with its rule, step through hints. Skipped only
where no Chromium is installed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

# first: it skips this module where no browser can run
from tests.web.browsing import WAIT_MS, browser, close_pages, open_page, sit  # noqa: F401
from spite_rules.malice.actions import Discard, Origin, Play  # noqa: E402
from spite_rules.malice.order import WILD, value  # noqa: E402
from spite_rules.web.server import ServerConfig  # noqa: E402
from spite_rules.web.table import hint_order  # noqa: E402
from tests.web.harness import Served  # noqa: E402


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served(ServerConfig(bot_delay=0.05, seed=90))
    yield server
    server.stop()


def _people_at_a_table(browser: Any, served: Served) -> tuple[str, list[Any]]:
    """ann (seat 0) and bob (seat 1) at a common-preset table with a greedy bot (seat 2)."""
    table_id = served.new_table(["human", "human", "greedy"], game="malice", ruleset="common", options={"payoff_size": 8})
    pages = [sit(browser, served, table_id, 0, "ann", height=950), sit(browser, served, table_id, 1, "bob", height=950)]
    for page in pages:
        page.wait_for_selector("#m-hand .card")
    return table_id, pages


def _a_person_to_act(served: Served, table_id: str) -> int:
    """The seat of the person to act, once the bot (seat 2) has played its turn if it had one."""
    table = served.live(table_id).table
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        seat = table.state.to_act
        if seat in (0, 1) and table.moves_for(seat):
            time.sleep(0.2)  # the page has its update
            return int(seat)
        time.sleep(0.05)
    raise TimeoutError("no person came to act")


def _a_hand_move(served: Served, table_id: str, seat: int) -> tuple[str, str, str]:
    """A legal move of one card from ``seat``'s hand: (the card, its target's selector, its log line
    without the name): a centre play if there is one, else a discard."""
    moves = served.live(table_id).table.moves_for(seat)
    for move in moves:
        if type(move) is Play and move.origin is Origin.HAND:
            return str(move.card), f'#m-centre [data-target="centre:{move.centre}"]', f"plays {move.card} from hand to centre {move.centre + 1}"
    for move in moves:
        if type(move) is Discard and len(move.cards) == 1:
            return str(move.cards[0]), f'#m-side [data-target="side:{seat}:{move.side}"]', f"discards {move.cards[0]} to side {move.side + 1}"
    raise AssertionError(f"no hand move among {moves}")


def test_the_lobby_creates_a_spite_and_malice_table_with_a_preset_and_options(browser: Any, served: Served) -> None:
    page = open_page(browser, 950)
    page.goto(served.url + "/")
    page.select_option("#game", "malice")
    page.select_option("#ruleset", "book")
    assert page.get_attribute("#seat-count", "max") == "2" and page.input_value("#seat-count") == "2"
    page.fill("#payoff-size", "10")
    page.check("#spread-side")
    page.select_option('#seat-kinds select[data-seat="1"]', "greedy")
    page.click("text=Create the table")
    link = page.locator(".join-link")
    link.first.wait_for()
    assert link.count() == 1 and "greedy bot 1" in page.inner_text("#links")
    table_id = link.first.get_attribute("href").split("/table/")[1].split("?")[0]
    rules = served.live(table_id).table.rules
    assert (rules.name, rules.payoff_size, rules.spread_side_stacks) == ("book", 10, True)
    assert page.errors == []


def test_a_card_played_by_clicking_shows_on_another_seats_page(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    seat = _a_person_to_act(served, table_id)
    card, target, told = _a_hand_move(served, table_id, seat)
    actor, watcher = pages[seat], pages[1 - seat]
    actor.click(f'#m-hand .card[data-card="{card}"]')
    actor.wait_for_selector(f'#m-hand .card.picked[data-card="{card}"]')
    actor.wait_for_selector(f"{target}.legal")
    actor.click(target)
    line = watcher.locator("#m-log li", has_text=f"{['ann', 'bob'][seat]} {told}")
    line.first.wait_for()
    assert watcher.locator("#m-log li").count() >= 1
    assert pages[0].errors == [] and pages[1].errors == []


def test_a_card_dragged_to_its_place_is_played(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    seat = _a_person_to_act(served, table_id)
    card, target, told = _a_hand_move(served, table_id, seat)
    version = served.live(table_id).table.version
    pages[seat].drag_and_drop(f'#m-hand .card[data-card="{card}"]', target)
    pages[1 - seat].locator("#m-log li", has_text=f"{['ann', 'bob'][seat]} {told}").first.wait_for()
    assert served.live(table_id).table.version > version
    assert pages[0].errors == [] and pages[1].errors == []


def test_a_refused_move_is_explained_with_the_rule_it_breaks(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    seat = _a_person_to_act(served, table_id)
    table = served.live(table_id).table
    state = table.state
    natural, space = next(  # a natural card that does not fit a centre stack (or cannot start one)
        (card, space)
        for card in state.hands[seat]
        for space, stack in enumerate(state.centre)
        if value(card, state.rules) not in (len(stack) + 1, WILD)
    )
    empty = not state.centre[space]
    version = table.version
    page = pages[seat]
    page.click(f'#m-hand .card[data-card="{natural}"]')
    assert page.locator(f'#m-centre [data-target="centre:{space}"].legal').count() == 0
    page.click(f'#m-centre [data-target="centre:{space}"]')
    error = page.locator("#error")
    error.locator(".rule").wait_for()
    says = f"a {natural} cannot start a centre stack" if empty else f"a {natural} cannot go on centre {space + 1}"
    assert says in error.inner_text()
    rule = "malice.centre.ace-starts" if empty else "malice.centre.next-higher"
    assert error.locator(".rule").inner_text() == f"rule {rule}"
    assert table.version == version


def test_the_hint_button_steps_through_the_moves_in_the_librarys_hint_order(browser: Any, served: Served) -> None:
    table_id, pages = _people_at_a_table(browser, served)
    seat = _a_person_to_act(served, table_id)
    table = served.live(table_id).table
    ordered = hint_order(table.game, table.state, table.moves_for(seat))
    names = table.game.names(table.state)
    page = pages[seat]
    for move in ordered[:2]:
        page.click("#m-hint")
        assert page.inner_text("#m-hint-text") == f"Hint: {table.game.describe_action(move, names)}"
        assert page.locator("#malice-controls .hinted").count() >= 1
    waiting = pages[1 - seat]
    waiting.click("#m-hint")
    assert waiting.inner_text("#m-hint-text") == "No hint: it is not your move."


def test_the_page_shows_no_countdown_for_spite_and_malice(browser: Any, served: Served) -> None:
    _, pages = _people_at_a_table(browser, served)
    assert pages[0].is_hidden("#countdown-bar")
    assert "no timing rule" in pages[0].inner_text("#untimed")
    assert pages[0].locator("#m-centre .pile.centre").count() == 3
    assert pages[0].locator("#m-others .m-seat").count() == 2


def _a_refusal(served: Served, table_id: str, seat: int, page: Any) -> None:
    """Click a hand card onto a centre stack it cannot go on; wait for the banner with the rule."""
    state = served.live(table_id).table.state
    natural, space = next(
        (card, space)
        for card in state.hands[seat]
        for space, stack in enumerate(state.centre)
        if value(card, state.rules) not in (len(stack) + 1, WILD)
    )
    page.click(f'#m-hand .card[data-card="{natural}"]')
    page.click(f'#m-centre [data-target="centre:{space}"]')
    page.locator("#error .rule").wait_for()


def test_a_refusal_banner_clears_on_the_next_accepted_move_and_after_its_time(browser: Any, served: Served) -> None:
    table_id = served.new_table(["human", "human", "greedy"], game="malice", ruleset="common", options={"payoff_size": 8})
    pages = []
    for seat, name in enumerate(["ann", "bob"]):
        page = open_page(browser, 950)
        page.clock.install()  # the banner's six seconds, run on the test's command
        page.goto(f"{served.url}/table/{table_id}?seat={seat}")
        page.fill("#name", name)
        page.click("text=Sit down")
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#m-hand .card")
    seat = _a_person_to_act(served, table_id)
    page = pages[seat]
    _a_refusal(served, table_id, seat, page)
    card, target, _ = _a_hand_move(served, table_id, seat)
    page.click(f'#m-hand .card[data-card="{card}"]')
    page.click(target)
    page.locator("#error").wait_for(state="hidden")  # the next accepted move clears it
    if served.live(table_id).table.state.to_act == seat:
        _a_refusal(served, table_id, seat, page)
        page.clock.fast_forward(5000)
        assert page.is_visible("#error")
        page.clock.fast_forward(1500)
        page.locator("#error").wait_for(state="hidden")  # and so does its time running out
    assert page.errors == []


def test_a_three_decks_table_places_a_group_by_the_right_mouse_button_and_hints_by_mouse(browser: Any, served: Served) -> None:
    live = served.lobby.create("malice", ["human", "human"], ruleset="three_decks", seed=11)
    table = live.table
    page = sit(browser, served, table.id, 0, "ann", height=950)
    sit(browser, served, table.id, 1, "bob", height=950).wait_for_selector("#m-hand .card")
    page.wait_for_selector("#m-hand .card")
    # the opening's events reach the page: the first entry of the log is the first turn
    assert page.get_attribute("#m-log li:last-child", "class") == "event TurnBegan"
    assert table.state.to_act == 0 and [str(card) for card in table.state.hands[0]].count("6♣") == 1
    page.click("#m-hint")
    assert page.inner_text("#m-hint-text").startswith("Hint: ")
    page.click("#m-hint")  # cycles on
    # seed 004: "click and hold down the right mouse button over one of the cards ... drag and drop
    # the card on a column": both 6s go to the first column at once
    page.hover('#m-hand .card[data-card="6♣"]')
    page.mouse.down(button="right")
    page.wait_for_selector('#m-hand .card.picked[data-card="6♠"]')
    page.wait_for_selector('#m-side [data-target="side:0:0"].legal')
    page.hover('#m-side [data-target="side:0:0"]')
    page.mouse.up(button="right")
    page.locator("#m-log li", has_text="discards 6♣ 6♠").first.wait_for()
    assert [str(card) for card in table.state.side[0][0]] == ["6♣", "6♠"]
    assert page.errors == []


def test_a_table_with_no_centre_stack_still_draws_the_next_free_space(browser: Any, served: Served) -> None:
    live = served.lobby.create("malice", ["human", "human"], ruleset="book", seed=6)
    assert live.table.state is None
    page = sit(browser, served, live.table.id, 0, "ann", height=950)
    sit(browser, served, live.table.id, 1, "bob", height=950)
    page.wait_for_selector("#m-hand .card")
    state = live.table.state
    assert state.centre == () and not any(card.rank.name == "ACE" for card in state.hands[0])
    spaces = page.locator("#m-centre .pile.centre")
    assert spaces.count() == 1 and spaces.first.inner_text().startswith("centre 1: empty")
    page.click(f'#m-hand .card[data-card="{state.hands[0][0]}"]')
    page.click('#m-centre [data-target="centre:0"]')
    assert "rule malice.centre.ace-starts" in page.locator("#error .rule").inner_text()
