"""`spite-rules serve` over real websockets on 127.0.0.1: people and bots finish a round, no seat
is sent a card it may not see, and forged, malformed, oversized or flooding messages are refused
without changing the game."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (spite-rules[web]) is not installed")
pytest.importorskip("websockets", reason="the websockets client is not installed")

from spite_rules.actions import CallMisplay, Pass, Play  # noqa: E402
from spite_rules.bots import GreedyBot  # noqa: E402
from spite_rules.core.engine import game  # noqa: E402
from spite_rules.events import RoundOver, TimedOut  # noqa: E402
from spite_rules.core.serialization import from_data, to_data  # noqa: E402
from spite_rules.views import SeatView  # noqa: E402
from spite_rules.web.protocol import MAX_MESSAGE_BYTES  # noqa: E402
from spite_rules.web.server import ServerConfig  # noqa: E402
from tests.web.harness import Client, Served, events_of, pong, replayed, view_cards  # noqa: E402

SPITE = game("spite")


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served(ServerConfig(bot_delay=0, countdown_scale=0.02, keep_records=True, seed=40, burst=20, rate=10))
    yield server
    server.stop()


def _seated(served: Served, seats: list[str], names: list[str]) -> tuple[str, list[Client]]:
    """A table with a person on each of the first ``len(names)`` seats, all said hello."""
    table_id = served.new_table(seats)
    return table_id, served.seated(table_id, names)


def _play_out(clients: list[Client], seats: list[int], limit: float = 40) -> None:
    """The people play their turns as the greedy bot would, from what the server sent them,
    until the round is over."""
    latest = {
        seat: next(message for message in reversed(client.received) if message.get("view") is not None)
        for client, seat in zip(clients, seats)
    }
    acted: dict[int, int] = {}
    chooser = GreedyBot()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for client, seat in zip(clients, seats):
            for message in client.drain(0.01):
                if message.get("view") is not None:
                    latest[seat] = message
                if message.get("over"):
                    return
        newest = max((message["version"] for message in latest.values()), default=0)
        for client, seat in zip(clients, seats):
            message = latest.get(seat)
            if message is None or message["version"] != newest or acted.get(seat) == newest:
                continue
            seen = from_data(message["view"], SeatView)
            moves = [from_data(move["action"]) for move in message["moves"]]
            turn = [move for move in moves if not isinstance(move, CallMisplay)]
            if seen.to_act == seat and turn:
                client.send({"type": "action", "action": to_data(chooser.choose(seen, turn))})
                acted[seat] = newest
    raise TimeoutError("the round did not finish in time")


@pytest.fixture(scope="module")
def finished_round(served: Served) -> tuple[str, list[Client]]:
    """Two people (seats 0 and 1) and two bots play one seeded round of Spite to its end."""
    table_id, clients = _seated(served, ["human", "human", "greedy", "random"], ["ann", "bob"])
    _play_out(clients, [0, 1])
    for client in clients:
        client.drain(0.1)
    return table_id, clients


def test_two_people_and_two_bots_finish_a_spite_round_over_websockets(
    finished_round: tuple[str, list[Client]], served: Served
) -> None:
    table_id, clients = finished_round
    assert served.live(table_id).table.over
    for client in clients:
        endings = [event for message in client.received for event in events_of(message) if isinstance(event, RoundOver)]
        assert len(endings) == 1
        assert sorted(endings[0].order) == [0, 1, 2, 3]
    record = served.live(table_id).table.record
    assert record is not None
    assert {action.player for action in record if isinstance(action, Play)} == {0, 1, 2, 3}


def test_no_message_of_a_seeded_game_shows_a_seat_a_card_it_may_not_see(
    finished_round: tuple[str, list[Client]], served: Served
) -> None:
    table_id, clients = finished_round
    states, events = replayed(served, table_id)
    checked_views = hidden_by_redaction = 0
    for seat, client in enumerate(clients):
        for message in client.received:
            if message.get("view") is None:
                continue
            version = message["version"]
            state = states[version]
            seen = from_data(message["view"], SeatView)
            assert seen == SPITE.view(state, seat)
            visible = SPITE.all_cards(state) - SPITE.hidden_cards(state, seat)
            assert not view_cards(seen) - visible, f"seat {seat} was shown {view_cards(seen) - visible}"
            for move in message["moves"]:
                action = from_data(move["action"])
                assert action.player == seat and action in SPITE.legal_moves(state)
            checked_views += 1
            told = events[version] if message["type"] == "update" else ()
            sent = events_of(message)
            assert sent == [SPITE.redact(event, seat) for event in told]
            hidden_by_redaction += sum(shown != event for shown, event in zip(sent, told))
    assert checked_views > 40
    assert hidden_by_redaction > 0, "the seeded game should hide some other seat's cards"


def _quiet_table(served: Served) -> tuple[str, list[Client]]:
    """Three people, nobody has acted yet."""
    return _seated(served, ["human", "human", "human"], ["ann", "bob", "cy"])


def _unchanged(served: Served, table_id: str, before: tuple[int, Any]) -> bool:
    return served.snapshot(table_id) == before


def test_a_forged_token_is_refused_and_the_connection_stays_up(served: Served) -> None:
    table_id = served.new_table(["human", "human", "human"])
    tokens = [served.join(table_id, seat, name) for seat, name in enumerate(["ann", "bob", "cy"])]
    before = served.snapshot(table_id)
    client = served.client(table_id)
    forged = tokens[1][:-2] + ("AA" if not tokens[1].endswith("AA") else "BB")
    answer = client.hello(forged)
    assert answer == {"type": "error", "code": "bad_token", "message": "that token belongs to no seat at this table"}
    client.send({"type": "action", "action": to_data(Pass(1))})
    assert client.recv()["code"] == "not_joined"
    assert _unchanged(served, table_id, before)
    assert client.hello(tokens[1])["seat"] == 1


def test_an_action_for_another_seat_is_refused_without_changing_the_game(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    actor = before[1].to_act
    other = clients[(actor + 1) % 3]
    other.send({"type": "action", "action": to_data(Pass(actor))})
    error = other.until(lambda message: message["type"] == "error")
    assert error["code"] == "not_your_seat"
    assert f"cannot act for seat {actor}" in error["message"]
    assert _unchanged(served, table_id, before)
    assert pong(other)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": "shout"}', "bad_message"),
        ('{"type": "action"}', "bad_message"),
        ('{"type": "action", "action": {"schema": 2, "game": "spite", "kind": "Pass", "data": {"seat": 0}}}', "bad_action"),
        ('{"type": "action", "action": {"schema": 2, "game": "spite", "kind": "Pass", "data": {"player": "0"}}}', "bad_action"),
        ('{"type": "action", "action": {"schema": 2, "game": "spite", "kind": "TrickWon", "data": {"player": 0, "next_leader": 0}}}', "bad_action"),
        ('{"type": "action", "action": {"schema": 2, "game": "chess", "kind": "Pass", "data": {"player": 0}}}', "bad_action"),
        ('{"type": "action", "action": {"schema": 2, "game": "spite", "kind": "Play", "data": {"player": SEAT, "cards": ["🃏", "🃏", "🃏"]}}}', "illegal"),
        ('{"type": "hello", "token": 5}', "bad_message"),
        ('{"type": "ping", "pad": ' + "9" * 5000 + "}", "bad_json"),  # more digits than int() reads
        ("[" * 3000 + "]" * 3000, "bad_json"),  # nested past the JSON reader's recursion
    ],
)
def test_a_malformed_message_gets_a_clear_error_and_changes_nothing(served: Served, text: str, code: str) -> None:
    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    seat = before[1].to_act
    client = clients[seat]
    client.send(text.replace("SEAT", str(seat)))
    error = client.until(lambda message: message["type"] == "error")
    assert error["code"] == code and error["message"]
    assert _unchanged(served, table_id, before)
    assert pong(client)


def test_an_oversized_message_is_refused_and_the_connection_stays_up(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    clients[0].send(json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE_BYTES}))
    error = clients[0].until(lambda message: message["type"] == "error")
    assert error["code"] == "too_large"
    assert _unchanged(served, table_id, before)
    assert pong(clients[0])


def test_a_message_past_the_transport_limit_closes_only_that_connection(served: Served) -> None:
    from websockets.exceptions import ConnectionClosed

    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    clients[0].send("x" * 100_000)
    with pytest.raises(ConnectionClosed) as closed:
        clients[0].until(lambda message: False, timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert _unchanged(served, table_id, before)
    assert pong(clients[1])


def test_a_flood_of_messages_is_refused_past_the_rate_limit_without_changing_the_game(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    before = served.snapshot(table_id)
    seat = before[1].to_act
    flooder = clients[(seat + 1) % 3]
    for _ in range(60):
        flooder.send({"type": "action", "action": to_data(Pass(seat))})
    got = flooder.drain(0.3)
    refusals = [message["code"] for message in got if message["type"] == "error"]
    assert "rate_limited" in refusals
    assert refusals.count("not_your_seat") <= 25  # the burst, plus what the rate refilled
    assert _unchanged(served, table_id, before)
    time.sleep(0.3)
    assert pong(flooder)


def test_a_disconnected_seat_rejoins_with_its_token_and_plays_on(served: Served) -> None:
    table_id = served.new_table(["human", "greedy", "greedy"])
    token = served.join(table_id, 0, "ann")
    snapshot, rejoined, again = served.rejoin(table_id, 0, token)
    assert rejoined["seat"] == 0 and rejoined["version"] >= snapshot["version"]
    assert rejoined["view"] == to_data(SPITE.view(served.live(table_id).table.state, 0))
    assert rejoined["table"]["seats"][0]["online"]
    assert pong(again)


def test_a_full_table_refuses_another_person(served: Served) -> None:
    table_id = served.new_table(["human", "greedy", "greedy"])
    served.join(table_id, None, "ann")
    status, answer = served.request("POST", f"/api/tables/{table_id}/join", {"name": "bob"})
    assert (status, answer["code"]) == (409, "full")
    status, answer = served.request("POST", f"/api/tables/{table_id}/join", {"seat": 0, "name": "bob"})
    assert (status, answer["code"]) == (409, "taken")
    status, answer = served.request("POST", f"/api/tables/{table_id}/join", {"seat": 1, "name": "bob"})
    assert (status, answer["code"]) == (400, "bad_seat")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "chess", "seats": ["human"] * 3}, "game 'chess' does not exist"),
        ({"game": "spite", "seats": ["human"] * 2}, "Spite is for 3 to 9 players, not 2"),
        ({"game": "spite", "seats": ["human", "human", "shark"]}, "'shark' is not a seat kind"),
        ({"game": "spite", "seats": ["human"] * 3, "options": {"decks": 50}}, "may not set 'decks'"),
        ({"game": "spite", "seats": ["human"] * 3, "ruleset": "999"}, "ruleset '999' does not exist"),
        ({"game": "spite", "seats": ["human"] * 3, "seed": 1}, "a new table is"),
    ],
)
def test_a_bad_table_request_is_refused_saying_why(served: Served, body: dict[str, Any], says: str) -> None:
    status, answer = served.request("POST", "/api/tables", body)
    assert status == 400 and says in answer["message"]


def test_any_seat_may_start_the_countdown_which_ends_in_a_timeout(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    table = served.live(table_id).table
    seat = table.state.to_act
    starter = clients[(seat + 1) % 3]
    starter.send({"type": "countdown"})
    started = starter.until(lambda message: message["type"] == "countdown")["countdown"]
    assert (started["seat"], started["seconds"]) == (seat, table.state.time_allowance)
    timed_out = clients[seat].until(lambda message: message["type"] == "update", timeout=5)
    assert TimedOut(seat) in events_of(timed_out)
    assert timed_out["countdown"] is None


def test_a_countdown_stops_when_its_seat_acts(served: Served) -> None:
    table_id, clients = _quiet_table(served)
    table = served.live(table_id).table
    seat = table.state.to_act
    served.lobby.config.countdown_scale = 1.0
    try:
        clients[(seat + 2) % 3].send({"type": "countdown"})
        clients[seat].until(lambda message: message["type"] == "countdown")
        clients[seat].send({"type": "action", "action": to_data(Pass(seat))})
        update = clients[seat].until(lambda message: message["type"] == "update")
    finally:
        served.lobby.config.countdown_scale = 0.02
    assert update["countdown"] is None and table.countdown is None


def test_the_page_is_served_with_a_content_security_policy(served: Served) -> None:
    import urllib.request

    with urllib.request.urlopen(served.url + "/", timeout=10) as answer:
        page = answer.read().decode()
        policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert '<script src="/static/app.js"' in page
    for name in ("app.js", "style.css"):
        with urllib.request.urlopen(f"{served.url}/static/{name}", timeout=10) as answer:
            assert answer.status == 200 and answer.read()


def test_a_table_of_another_registered_game_plays_through_the_same_server(served: Served) -> None:
    from tests.web.toy_game import ToyView, toy_registered

    with toy_registered() as toy:
        status, listed = served.request("GET", "/api/games")
        assert status == 200 and "toy" in [entry["name"] for entry in listed["games"]]
        table_id = served.new_table(["human", "random", "human"], game="toy", ruleset="plain")
        tokens = [served.join(table_id, seat, name) for seat, name in ((0, "ann"), (2, "cy"))]
        clients = [served.client(table_id) for _ in tokens]
        for client, token in zip(clients, tokens):
            assert client.hello(token)["table"]["game"] == "toy"
        clients[1].send({"type": "countdown"})
        refused = clients[1].until(lambda message: message["type"] == "error")
        assert refused == {"type": "error", "code": "no_countdown", "message": "Toy keeps no countdown here"}
        deadline = time.monotonic() + 20
        acted: set[tuple[int, int]] = set()
        while not served.live(table_id).table.over and time.monotonic() < deadline:
            for seat, client in zip((0, 2), clients):
                client.drain(0.01)
                latest = next(message for message in reversed(client.received) if message.get("view"))
                if latest["moves"] and (seat, latest["version"]) not in acted:
                    client.send({"type": "action", "action": latest["moves"][0]["action"]})
                    acted.add((seat, latest["version"]))
        assert served.live(table_id).table.over
        for client in clients:
            client.drain(0.1)
        states, _ = replayed(served, table_id)
        for seat, client in zip((0, 2), clients):
            views = [(message["version"], from_data(message["view"], ToyView)) for message in client.received if message.get("view")]
            assert len(views) >= 9
            for version, seen in views:
                assert seen == toy.view(states[version], seat)
                visible = toy.all_cards(states[version]) - toy.hidden_cards(states[version], seat)
                assert not Counter(seen.hand + seen.table) - visible
            assert "every card is laid" in [shown["text"] for message in client.received for shown in message.get("events", [])]
