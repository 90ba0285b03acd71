"""`spite-rules serve` playing Spite and Malice over real websockets on 127.0.0.1: two people and
two bots finish a game, no message shows a seat a card it may not see (another hand, the stock's
order, a pay-off card under the top, a side-stack card under the top where stacks are not spread),
and forged, malformed, illegal, oversized or flooding messages are refused without changing it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (spite-rules[web]) is not installed")
pytest.importorskip("websockets", reason="the websockets client is not installed")

from spite_rules.core.engine import game  # noqa: E402
from spite_rules.malice.actions import Discard, EndTurn, Play  # noqa: E402
from spite_rules.malice.bots import GreedyBot  # noqa: E402
from spite_rules.malice.events import Drew, GameOver  # noqa: E402
from spite_rules.malice.hints import hint_order  # noqa: E402
from spite_rules.malice.views import SeatView, shown_cards  # noqa: E402
from spite_rules.core.serialization import from_data, to_data  # noqa: E402
from spite_rules.web.protocol import MAX_MESSAGE_BYTES  # noqa: E402
from spite_rules.web.server import ServerConfig  # noqa: E402
from tests.web.harness import Client, Served, events_of, pong, replayed  # noqa: E402

MALICE = game("malice")


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served(ServerConfig(bot_delay=0, keep_records=True, seed=60, burst=20, rate=10))
    yield server
    server.stop()


def _new_table(served: Served, seats: list[str], ruleset: str = "common", **options: Any) -> str:
    return served.new_table(seats, game="malice", ruleset=ruleset, options=options)


def _seated(served: Served, seats: list[str], names: list[str], ruleset: str = "common", **options: Any) -> tuple[str, list[Client]]:
    """A Spite and Malice table with a person on each of the first ``len(names)`` seats, all said hello."""
    table_id = _new_table(served, seats, ruleset, **options)
    return table_id, served.seated(table_id, names)


def _play_out(clients: list[Client], seats: list[int], limit: float = 60) -> None:
    """The people play their turns as the greedy bot would, from what the server sent them, until
    the game is over (a person plays many cards a turn: at most ten a second, the server's rate)."""
    chooser = GreedyBot()
    acted: set[tuple[int, int]] = set()
    latest: dict[int, dict[str, Any]] = {}
    for client, seat in zip(clients, seats):
        latest[seat] = next(message for message in reversed(client.received) if message.get("view") is not None)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for client, seat in zip(clients, seats):
            for message in client.drain(0.01):
                if message.get("view") is not None:
                    latest[seat] = message
                if message.get("over"):
                    return
                assert message["type"] != "error", message
        for client, seat in zip(clients, seats):
            message = latest[seat]
            if not message["moves"] or (seat, message["version"]) in acted:
                continue
            seen = from_data(message["view"], SeatView)
            moves = [from_data(move["action"]) for move in message["moves"]]
            client.send({"type": "action", "action": to_data(chooser.choose(seen, moves))})
            acted.add((seat, message["version"]))
            time.sleep(0.1)  # within the server's 10 messages a second
    raise TimeoutError("the game did not finish in time")


@pytest.fixture(scope="module")
def finished_game(served: Served) -> tuple[str, list[Client]]:
    """Two people (seats 0 and 1), a greedy and a random bot play one seeded game of the common
    preset (pay-off piles of 6) to its end."""
    table_id, clients = _seated(served, ["human", "human", "greedy", "random"], ["ann", "bob"], payoff_size=6)
    _play_out(clients, [0, 1])
    for client in clients:
        client.drain(0.1)
    return table_id, clients


def test_two_people_and_two_bots_finish_a_spite_and_malice_game_over_websockets(
    finished_game: tuple[str, list[Client]], served: Served
) -> None:
    table_id, clients = finished_game
    table = served.live(table_id).table
    assert table.over and table.state.winner is not None
    for client in clients:
        endings = [event for message in client.received for event in events_of(message) if isinstance(event, GameOver)]
        assert len(endings) == 1 and endings[0].winner == table.state.winner
    assert table.record is not None
    assert {action.player for action in table.record if isinstance(action, (Play, Discard))} == {0, 1, 2, 3}


def test_no_message_of_a_seeded_game_shows_a_seat_a_card_it_may_not_see(
    finished_game: tuple[str, list[Client]], served: Served
) -> None:
    table_id, clients = finished_game
    states, events = replayed(served, table_id)
    checked_views = hidden_draws = 0
    for seat, client in enumerate(clients):
        for message in client.received:
            if message.get("view") is None:
                continue
            state = states[message["version"]]
            seen = from_data(message["view"], SeatView)
            assert seen == MALICE.view(state, seat)
            visible = MALICE.all_cards(state) - MALICE.hidden_cards(state, seat)
            assert not shown_cards(seen) - visible, f"seat {seat} was shown {shown_cards(seen) - visible}"
            assert [from_data(move["action"]) for move in message["moves"]] == list(
                hint_order(state, [move for move in MALICE.legal_moves(state) if move.player == seat])
            )
            told = events[message["version"]] if message["type"] == "update" else ()
            sent = events_of(message)
            assert sent == [MALICE.redact(event, seat) for event in told]
            for shown, event in zip(message.get("events", []), sent):
                assert shown["text"] == MALICE.describe_event(event, state.names)
            for version in {line["version"] for line in message.get("log", [])}:
                logged = [from_data(line["event"]) for line in message["log"] if line["version"] == version]
                assert logged == [MALICE.redact(event, seat) for event in events[version]]
            hidden_draws += sum(isinstance(event, Drew) and event.player != seat and not event.cards for event in sent)
            checked_views += 1
    assert checked_views > 40
    assert hidden_draws > 0, "the game should have hidden other seats' draws"


def test_no_seat_is_sent_a_side_stack_card_under_the_top_unless_the_stacks_are_spread(served: Served) -> None:
    for spread in (False, True):
        table_id, clients = _seated(served, ["human", "greedy"], ["ann"], payoff_size=4, spread_side_stacks=spread)
        _play_out(clients, [0])
        clients[0].drain(0.1)
        buried_shown = 0
        for message in clients[0].received:
            if message.get("view") is None:
                continue
            seen = from_data(message["view"], SeatView)
            for stacks, sizes in zip(seen.side, seen.side_sizes):
                for stack, size in zip(stacks, sizes):
                    assert len(stack) == (size if spread else min(size, 1))
                    buried_shown += len(stack) - min(size, 1)
        assert (buried_shown > 0) is spread


def _quiet_table(served: Served) -> tuple[str, list[Client]]:
    """Three people, nobody has acted yet."""
    return _seated(served, ["human", "human", "human"], ["ann", "bob", "cy"])


def test_a_forged_token_is_refused_at_a_spite_and_malice_table(served: Served) -> None:
    table_id = _new_table(served, ["human", "human"])
    tokens = [served.join(table_id, seat, name) for seat, name in enumerate(["ann", "bob"])]
    before = served.snapshot(table_id)
    client = served.client(table_id)
    forged = tokens[1][:-2] + ("AA" if not tokens[1].endswith("AA") else "BB")
    assert client.hello(forged)["code"] == "bad_token"
    client.send({"type": "action", "action": to_data(EndTurn(1))})
    assert client.recv()["code"] == "not_joined"
    assert served.snapshot(table_id) == before
    assert client.hello(tokens[1])["seat"] == 1


@pytest.mark.parametrize(
    ("action", "code", "says"),
    [
        ({"schema": 2, "game": "malice", "kind": "EndTurn", "data": {"player": "OTHER"}}, "not_your_seat", "cannot act for seat"),
        ({"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": "SEAT"}}, "bad_action", "this table plays malice"),
        ({"schema": 2, "game": "malice", "kind": "Play", "data": {"player": "SEAT", "card": "7♠"}}, "bad_action", ""),
        ({"schema": 2, "game": "malice", "kind": "Play", "data": {"player": "SEAT", "card": "1♠", "centre": 0}}, "bad_action", ""),
        ({"schema": 2, "game": "malice", "kind": "Play", "data": {"player": "SEAT", "card": "7♠", "centre": 0, "origin": "sky"}}, "bad_action", ""),
        ({"schema": 2, "game": "malice", "kind": "GameOver", "data": {"winner": "SEAT", "how": "won"}}, "bad_action", ""),
        ({"schema": 2, "game": "malice", "kind": "Discard", "data": {"player": "SEAT", "cards": ["🃏", "🃏"], "side": 0}}, "illegal", ""),
        ({"schema": 2, "game": "malice", "kind": "EndTurn", "data": {"player": "SEAT"}}, "illegal", "the turn ends only with a discard"),
    ],
)
def test_a_malformed_or_illegal_action_gets_a_clear_error_and_changes_nothing(
    served: Served, action: dict[str, Any], code: str, says: str
) -> None:
    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    seat = before[1].to_act
    text = json.dumps(action, ensure_ascii=False).replace('"SEAT"', str(seat)).replace('"OTHER"', str((seat + 1) % 3))
    clients[seat].send(f'{{"type": "action", "action": {text}}}')
    error = clients[seat].until(lambda message: message["type"] == "error")
    assert error["code"] == code and says in error["message"], error
    assert served.snapshot(table_id) == before
    assert pong(clients[seat])


def test_a_refused_move_names_the_rule_it_breaks(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    table = served.live(table_id).table
    seat = table.state.to_act
    hand = table.state.hands[seat]
    natural = next((card for card in hand if str(card)[0] not in "AK🃏"), None)
    assert natural is not None, f"seat {seat} holds only aces and wild cards: {hand}"
    before = served.snapshot(table_id)
    clients[seat].send({"type": "action", "action": to_data(Play(seat, natural, 0))})
    error = clients[seat].until(lambda message: message["type"] == "error")
    assert error["code"] == "illegal"
    assert error["rule"] == "malice.centre.ace-starts"
    assert f"a {natural} cannot start a centre stack" in error["message"]
    assert served.snapshot(table_id) == before


def test_an_oversized_message_and_a_flood_are_refused_at_a_spite_and_malice_table(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    seat = before[1].to_act
    clients[0].send(json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE_BYTES}))
    assert clients[0].until(lambda message: message["type"] == "error")["code"] == "too_large"
    flooder = clients[(seat + 1) % 3]
    for _ in range(60):
        flooder.send({"type": "action", "action": to_data(EndTurn(seat))})
    refusals = [message["code"] for message in flooder.drain(0.3) if message["type"] == "error"]
    assert "rate_limited" in refusals and refusals.count("not_your_seat") <= 25
    assert served.snapshot(table_id) == before
    time.sleep(0.3)
    assert pong(flooder) and pong(clients[0])


def test_a_spite_and_malice_table_keeps_no_countdown(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    assert clients[0].received[0]["table"]["timed"] is False
    clients[0].send({"type": "countdown"})
    refused = clients[0].until(lambda message: message["type"] == "error")
    assert refused["code"] == "no_countdown" and "Spite and Malice keeps no countdown" in refused["message"]


def test_a_disconnected_seat_rejoins_a_spite_and_malice_table_with_its_token(served: Served) -> None:
    table_id = _new_table(served, ["human", "greedy"])
    token = served.join(table_id, 0, "ann")
    snapshot, rejoined, again = served.rejoin(table_id, 0, token)
    assert rejoined["seat"] == 0 and rejoined["version"] >= snapshot["version"]
    assert rejoined["view"] == to_data(MALICE.view(served.live(table_id).table.state, 0))
    assert pong(again)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"seats": ["human"] * 3, "ruleset": "book"}, "these rules seat exactly 2 players, not 3"),
        ({"seats": ["human"] * 7}, "Spite and Malice is for 2 to 6 players, not 7"),
        ({"seats": ["human", "shark"]}, "'shark' is not a seat kind (known: human, greedy, random, strong)"),
        ({"seats": ["human"] * 2, "options": {"payoff_size": 0}}, "0 is not a value 'payoff_size' may take"),
        ({"seats": ["human"] * 2, "options": {"spread_side_stacks": "yes"}}, "'yes' is not a value 'spread_side_stacks'"),
        ({"seats": ["human"] * 2, "options": {"referee": "called"}}, "a malice table may not set 'referee'"),
        ({"seats": ["human"] * 2, "ruleset": "000"}, "preset '000' does not exist"),
    ],
)
def test_a_bad_spite_and_malice_table_is_refused_saying_why(served: Served, body: dict[str, Any], says: str) -> None:
    status, answer = served.request("POST", "/api/tables", {"game": "malice", **body})
    assert status == 400 and says in answer["message"], answer


def test_a_preset_and_options_set_the_rules_of_the_table(served: Served) -> None:
    table_id = _new_table(served, ["human", "greedy"], "jacks", payoff_size=12, spread_side_stacks=False)
    rules = served.live(table_id).table.rules
    assert (rules.name, rules.payoff_size, rules.spread_side_stacks, rules.substitution) == ("jacks", 12, False, True)
    status, listed = served.request("GET", "/api/games")
    entry = next(entry for entry in listed["games"] if entry["name"] == "malice")
    assert entry["seat_counts"]["book"] == [2] and entry["seat_counts"]["common"] == [2, 3, 4, 5, 6]
    assert entry["bots"] == ["greedy", "random", "strong"] and entry["timed"] is False


def test_serve_refuses_a_command_line_table_its_rules_cannot_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from spite_rules.cli import main

    db = tmp_path / "tables.sqlite3"
    assert main(["serve", "--db", str(db), "--table", "malice:book", "--seats", "human,human,greedy"]) == 2
    assert "the table was refused: these rules seat exactly 2 players, not 3" in capsys.readouterr().err


def test_after_a_finished_game_any_person_deals_the_next_game_of_the_series(
    finished_game: tuple[str, list[Client]], served: Served
) -> None:
    table_id, clients = finished_game
    table = served.live(table_id).table
    winner, version = table.state.winner, table.version
    clients[1].send({"type": "action", "action": to_data(EndTurn(1))})
    assert clients[1].until(lambda message: message["type"] == "error")["code"] == "over"
    clients[1].send({"type": "next_round"})
    dealt = clients[0].until(lambda message: message["type"] == "update")
    assert dealt["version"] == version + 1 and not dealt["over"]
    seen = from_data(dealt["view"], SeatView)
    assert not seen.game_over and len(table.state.series) == 1 and table.state.series[0].winner == winner
