"""Issue 35's fault tests: ``spite-rules serve --db`` as a real process with a real SQLite file,
killed with SIGKILL in the middle of games (one with actions in flight) and stopped with SIGTERM,
then started again on the same database and port. Every acknowledged move must be in the resumed
state, exactly once, the hands and tokens the same, and the state the replay of the stored record."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (spite-rules[web]) is not installed")
pytest.importorskip("websockets", reason="the websockets client (the test extra) is not installed")

from spite_rules.core.engine import game  # noqa: E402
from spite_rules.core.serialization import from_data, to_data  # noqa: E402
from spite_rules.web.store import Store  # noqa: E402
from spite_rules.web.table import NEXT_ROUND  # noqa: E402
from tests.web.harness import Client  # noqa: E402
from tests.web.processes import ServerProcess  # noqa: E402

GAMES = {
    "spite": (["human", "greedy", "greedy"], {"options": {"referee": "automatic"}}),
    "malice": (["human", "greedy"], {"ruleset": "common", "options": {"payoff_size": 8}}),
}


def _plain(value: Any) -> Any:
    """A document as it arrives over the wire (tuples as lists)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _views_by_version(db: Path, table_id: str, seat: int) -> dict[int, Any]:
    """Seat ``seat``'s view at every version of the stored table, replayed from its record through
    the game's protocol (version 1 is the deal)."""
    store = Store(str(db), readonly=True)
    try:
        stored = store.table(table_id)
        actions = store.actions(table_id)
    finally:
        store.close()
    played = game(stored.game)
    state = played.new_game([place.name for place in stored.seats], seed=stored.seed, rules=stored.rules)
    views = {1: _plain(to_data(played.view(state, seat)))}
    for version, action in enumerate(actions, start=2):
        state = played.next_round(state)[0] if action == NEXT_ROUND else played.apply(state, action)[0]
        views[version] = _plain(to_data(played.view(state, seat)))
    return views


def _stored_actions(db: Path, table_id: str) -> list[Any]:
    store = Store(str(db), readonly=True)
    try:
        return store.actions(table_id)
    finally:
        store.close()


def _my_moves(client: Client, wanted: int, timeout: float = 20) -> list[tuple[int, Any, Any]]:
    """Play ``wanted`` moves (the first legal one each time it is this seat's turn), each waited for:
    (the version it made, the action sent, the view it was acknowledged with)."""
    acked = []
    deadline = time.monotonic() + timeout
    last = client.received[-1]
    while len(acked) < wanted:
        while not last.get("moves") and time.monotonic() < deadline:
            last = client.until(lambda message: message["type"] in ("update", "error"), timeout=deadline - time.monotonic())
            assert last["type"] == "update", last
        sent = last["moves"][0]["action"]
        client.send({"type": "action", "action": sent})
        last = client.until(lambda message: message["type"] in ("update", "error"), timeout=10)
        assert last["type"] == "update", last
        acked.append((last["version"], sent, last["view"]))
    return acked


def test_a_server_killed_mid_game_resumes_at_the_last_acknowledged_move_with_the_same_hands_and_token(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    try:  # one table of each game, a person and bots at each, on one server killed once
        played: dict[str, tuple[str, str, list[tuple[int, Any, Any]], int]] = {}
        for game_name, (seats, extra) in sorted(GAMES.items()):
            table_id = server.new_table(game_name, seats, **extra)
            token = server.join(table_id, 0, "ann")
            client = server.client(table_id)
            assert client.hello(token)["type"] == "snapshot"
            acked = _my_moves(client, 4)
            seen = max(message.get("version", 0) for message in client.received)
            played[game_name] = (table_id, token, acked, seen)
        server.kill()

        server.start()
        for game_name, (table_id, token, acked, seen) in played.items():
            again = server.client(table_id)
            snapshot = again.hello(token)  # the same token seats the same person
            assert snapshot["type"] == "snapshot" and snapshot["seat"] == 0, game_name
            assert snapshot["table"]["seats"][0]["name"] == "ann"
            views = _views_by_version(db, table_id, 0)  # (the bots may have moved on since the snapshot)
            actions = _stored_actions(db, table_id)
            assert snapshot["version"] >= seen  # nothing acknowledged was lost
            assert snapshot["version"] <= len(actions) + 1  # one stored action per version, none applied twice
            for version, sent, view in acked:  # each of ann's moves, once, where she saw it made
                assert actions[version - 2] == from_data(sent)
                assert views[version] == view  # the same hands as she was shown
            assert views[snapshot["version"]] == snapshot["view"]  # the resumed state is the record's replay
            # the bots take their turns again: the game goes on after the restart
            assert _my_moves(again, 1)[0][0] > snapshot["version"], game_name
            again.close()
    finally:
        server.kill()


def _act_on_every_update(clients: list[Client], stop: threading.Event, seen: list[dict[str, Any]]) -> None:
    """Both people of one table: whenever a seat's update offers it moves, send the first at once
    (no waiting between moves: actions are in flight when the server dies). Every update is kept."""
    try:
        while not stop.is_set():
            for client in clients:
                try:
                    message = client.recv(timeout=0.01)
                except TimeoutError:
                    continue
                if message["type"] in ("update", "snapshot"):
                    seen.append(message)
                    if message.get("moves"):
                        client.send({"type": "action", "action": message["moves"][0]["action"]})
    except Exception:  # the server was killed: the connection is gone
        return


def test_a_server_killed_with_many_actions_in_flight_keeps_exactly_what_it_acknowledged(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    tables: list[tuple[str, list[str], list[dict[str, Any]]]] = []
    try:
        threads, stop = [], threading.Event()
        for number in range(3):
            table_id = server.new_table("malice", ["human", "human"], ruleset="common", options={"payoff_size": 12})
            tokens = [server.join(table_id, seat, f"p{number}{seat}") for seat in (0, 1)]
            clients = []
            for token in tokens:
                client = server.client(table_id)
                clients.append(client)
                client.send({"type": "hello", "token": token})
            seen: list[dict[str, Any]] = []
            tables.append((table_id, tokens, seen))
            threads.append(threading.Thread(target=_act_on_every_update, args=(clients, stop, seen), daemon=True))
        for thread in threads:
            thread.start()
        time.sleep(1.5)
        server.kill()  # mid-flight: moves are being sent, applied, stored and answered
        stop.set()
        for thread in threads:
            thread.join(timeout=5)

        server.start()
        total = 0
        for table_id, tokens, seen in tables:
            updates = [message for message in seen if message["type"] == "update"]
            assert updates, "no move was made before the kill"
            total += len(updates)
            client = server.client(table_id)
            snapshot = client.hello(tokens[0])
            views = [_views_by_version(db, table_id, seat) for seat in (0, 1)]
            assert snapshot["version"] >= max(message["version"] for message in updates)
            assert snapshot["version"] == len(_stored_actions(db, table_id)) + 1  # no bots: nothing moved since
            for message in seen:  # every view a seat was shown is the stored record's, at its version
                seat = 0 if message["view"]["data"]["seat"] == 0 else 1
                assert views[seat][message["version"]] == message["view"]
            assert views[0][snapshot["version"]] == snapshot["view"]
            client.close()
        assert total >= 10, f"only {total} moves were acknowledged before the kill"
    finally:
        server.kill()


def test_a_server_stopped_with_sigterm_finishes_its_writes_and_exits_in_seconds(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    try:
        table_id = server.new_table("malice", ["human", "greedy"], ruleset="common", options={"payoff_size": 8})
        token = server.join(table_id, 0, "ann")
        client = server.client(table_id)
        client.hello(token)
        _my_moves(client, 2)
        last = client.received[-1]
        if last.get("moves"):
            client.send({"type": "action", "action": last["moves"][0]["action"]})  # in flight at the stop
        took = server.terminate()
        # uvicorn stops cleanly, then re-raises the signal it caught: the status says SIGTERM
        assert server.process is not None and server.process.returncode in (0, -15), server.output()
        assert took < 5, f"SIGTERM took {took:.1f} s"
        wal = db.with_name(db.name + "-wal")
        assert not wal.exists() or wal.stat().st_size == 0  # a clean stop folds the WAL into the file
        seen = max(message.get("version", 0) for message in client.received)
        client.close()

        server.start()
        again = server.client(table_id)
        snapshot = again.hello(token)
        assert snapshot["version"] >= seen
        assert _views_by_version(db, table_id, 0)[snapshot["version"]] == snapshot["view"]
        again.close()
    finally:
        server.kill()
