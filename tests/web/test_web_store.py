"""The web tables' SQLite store (issue 35) in one process: what is stored (never a token), resuming
by replay, the schema's version and migrations, corrupt and newer databases, a full or read-only
disk refusing moves, finished tables kept then removed, ``spite-rules tables``, and the limit on
tables one client address may create."""

from __future__ import annotations

import asyncio
import http.client
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (spite-rules[web]) is not installed")

from spite_rules.cli import main  # noqa: E402
from spite_rules.core.record import GameRecord, replay  # noqa: E402
from spite_rules.core.serialization import from_data  # noqa: E402
from spite_rules.web import store as store_module  # noqa: E402
from spite_rules.web import lobby as lobby_module  # noqa: E402
from spite_rules.web.protocol import Refused  # noqa: E402
from spite_rules.web.server import Lobby, ServerConfig  # noqa: E402
from spite_rules.web.store import Store, StoreError  # noqa: E402
from spite_rules.web.table import token_hash  # noqa: E402


def _lobby(db: Path, **config: Any) -> Lobby:
    return Lobby(ServerConfig(db=str(db), seed=40, **config))


def _play(lobby: Lobby, table_id: str, moves: int) -> None:
    """``moves`` moves at a table, each the first legal move of the seat to act (as any seat
    would send it)."""
    table = lobby.tables[table_id].table
    for _ in range(moves):
        move = table.moves()[0]
        table.act(move)


def test_a_table_is_stored_with_its_seats_and_every_action_and_never_a_token(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    live = lobby.create("malice", ["human", "human"], ruleset="book", client="203.0.113.5")
    tokens = [live.table.join(seat, name)[1] for seat, name in ((0, "ann"), (1, "bob"))]
    _play(lobby, live.table.id, 5)
    lobby.close()
    raw = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes() if db.with_name(db.name + "-wal").exists() else b"")
    assert not any(token.encode() in raw for token in tokens)
    store = Store(str(db), readonly=True)
    stored = store.table(live.table.id)
    assert [seat.token_sha256 for seat in stored.seats] == [token_hash(token) for token in tokens]
    assert (stored.game, stored.ruleset, stored.moves, stored.seed) == ("malice", "book", 5, live.table.seed)
    assert stored.client == "203.0.113.5" and stored.created <= stored.last_active and stored.finished is None
    store.close()


def test_a_resumed_table_has_the_same_state_seats_and_tokens(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    live = lobby.create("spite", ["human", "greedy", "human"])
    ann = live.table.join(0, "ann")[1]
    live.table.join(2, "cy")
    waiting = lobby.create("malice", ["human", "human"]).table  # a seat link not yet used
    waiting.join(0, "dee")
    _play(lobby, live.table.id, 12)
    before = live.table
    lobby.store = None  # as if the process died: nothing closed, nothing flushed on purpose

    again = _lobby(db)
    assert again.resume() == [before.id, waiting.id]
    after = again.tables[before.id].table
    assert (after.state, after.version, after.seed) == (before.state, before.version, before.seed)
    assert [(seat.kind, seat.name, seat.token_sha256) for seat in after.seats] == [
        (seat.kind, seat.name, seat.token_sha256) for seat in before.seats
    ]
    assert after.seat_of(ann) == 0
    assert [entry.version for entry in after.log] == [entry.version for entry in before.log]
    link = again.tables[waiting.id].table  # the free seat's link still seats a person, and deals
    assert not link.started and link.join(1, "eve")[0] == 1 and link.started
    again.close()
    assert Store(str(db), readonly=True).table(waiting.id).seats[1].name == "eve"


def test_a_table_whose_record_no_longer_replays_is_set_aside_and_the_others_resume(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    good = lobby.create("malice", ["greedy", "random"]).table.id
    bad = lobby.create("malice", ["greedy", "random"]).table.id
    lobby.close()
    with sqlite3.connect(db) as raw:  # an action the rules refuse, as a future engine might
        raw.execute("INSERT INTO actions VALUES (?, 2, ?, 0)", (bad, json.dumps(
            {"schema": 2, "game": "malice", "kind": "EndTurn", "data": {"player": 1}})))
    again = _lobby(db)
    assert again.resume() == [good]
    assert "malice.turn.ends-with-discard" in (again.store.table(bad).broken or "")  # type: ignore[union-attr]
    assert again.resume() == []  # and it is not tried again at every start
    again.close()
    assert main(["tables", "export", bad, "--db", str(db)]) == 0  # still there, for a judge


def test_a_corrupt_file_is_refused_with_the_way_out_and_serve_exits_at_once(tmp_path: Path, capsys: Any) -> None:
    db = tmp_path / "t.sqlite3"
    db.write_bytes(b"this is not a database, it only has the name of one" * 100)
    with pytest.raises(StoreError, match="not a usable spite-rules table database .* --db naming another file"):
        Store(str(db))
    assert main(["serve", "--db", str(db), "--port", "1"]) == 2
    assert "start with --db" in capsys.readouterr().err
    assert db.read_bytes().startswith(b"this is not")  # left as it was


def test_a_database_of_a_newer_schema_is_refused_unchanged(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    Store(str(db)).close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match=r"newer spite-rules \(schema 99; this one reads up to 1\)"):
        Store(str(db))


def test_a_database_of_an_older_schema_is_migrated_and_its_tables_read(tmp_path: Path, monkeypatch: Any) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    table_id = lobby.create("malice", ["greedy", "random"]).table.id
    _play(lobby, table_id, 3)
    lobby.close()
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(store_module, "MIGRATIONS", {1: ["ALTER TABLE tables ADD COLUMN note TEXT"]})
    store = Store(str(db))
    assert store.version() == 2 and store.table(table_id).moves == 3
    store.close()


@pytest.mark.parametrize("fault", ["PRAGMA max_page_count = 1", "PRAGMA query_only = 1"], ids=["full", "read-only"])
def test_a_move_the_disk_cannot_store_is_refused_and_not_made(tmp_path: Path, fault: str) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    table = lobby.create("spite", ["human", "greedy", "greedy"]).table
    token = table.join(0, "ann")[1]
    assert lobby.store is not None
    lobby.store._db.execute(fault)  # the disk fills up (SQLITE_FULL: no page more) or turns read-only
    for _ in range(300):  # the pages in hand fill first
        before = (table.state, table.version)
        try:
            table.act(table.moves()[0])
        except Refused as refused:
            assert refused.code == "not_stored" and "could not store this move" in refused.text
            assert "so it was not made" in refused.text
            break
    else:
        raise AssertionError("300 moves were stored on a full disk")
    assert (table.state, table.version) == before
    if "query_only" in fault:  # (a full disk may still have room in another table's pages)
        with pytest.raises(Refused, match="not_stored"):
            lobby.create("malice", ["human", "greedy"])
    assert table.seat_of(token) == 0
    lobby.close()


def test_a_finished_table_stays_readable_for_the_time_set_then_is_removed(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"

    async def finish(lobby: Lobby) -> str:
        live = lobby.create("malice", ["greedy", "random"], options={"payoff_size": 3})
        while not live.table.over:
            live.changed(live.table.act(live.table.bot_action()))
        live.stop()
        return live.table.id

    lobby = _lobby(db, keep_finished_seconds=3600)
    table_id = asyncio.run(finish(lobby))
    assert lobby.sweep() == []
    lobby.close()
    kept = _lobby(db, keep_finished_seconds=3600)
    assert kept.resume() == [table_id] and kept.tables[table_id].table.over
    kept.close()
    gone = _lobby(db, keep_finished_seconds=0)
    gone.resume()
    assert gone.sweep() == [table_id] and table_id not in gone.tables
    assert gone.store is not None and gone.store.tables() == []
    gone.close()


def test_tables_lists_the_stored_tables_and_exports_a_record_that_replays(tmp_path: Path, capsys: Any) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    live = lobby.create("spite", ["human", "greedy", "greedy"])
    live.table.join(0, "ann")
    _play(lobby, live.table.id, 7)
    state = live.table.state
    lobby.close()
    assert main(["tables", "--db", str(db)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].split()[:5] == ["id", "game", "seats", "moves", "last"]
    assert listed[1].split()[:2] == [live.table.id, "spite"] and "ann, greedy bot 1 (bot)" in listed[1]
    assert " 7  " in listed[1]
    assert main(["tables", "export", live.table.id, "--db", str(db)]) == 0
    exported = capsys.readouterr().out
    record = from_data(json.loads(exported))
    assert isinstance(record, GameRecord) and replay(record)[0] == state
    path = tmp_path / "record.json"
    path.write_text(exported, encoding="utf-8")
    assert main(["tables", "replay", str(path)]) == 0
    narration = capsys.readouterr().out
    assert narration.startswith("# spite record: ann, greedy bot 1, greedy bot 2; seed ") and len(narration.splitlines()) > 7
    assert "1 deal, 7 actions" in narration.splitlines()[0]
    assert main(["transcript", "--record", str(path)]) == 0  # the transcript command reads it too
    assert capsys.readouterr().out == narration
    assert main(["tables", "export", "nope", "--db", str(db)]) == 2


def test_a_table_id_never_begins_with_a_dash_so_tables_export_reads_it(tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    drawn = iter(["-_5KHvcv69Dp", "-abcdefghijk", "Q_5KHvcv69Dp"])  # what CI once drew, then a second dash
    monkeypatch.setattr("secrets.token_urlsafe", lambda size: next(drawn))
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    live = lobby.create("spite", ["human", "greedy", "greedy"])
    assert live.table.id == "Q_5KHvcv69Dp"
    lobby.close()
    assert main(["tables", "export", live.table.id, "--db", str(db)]) == 0
    assert from_data(json.loads(capsys.readouterr().out)).seed == live.table.seed


def test_an_older_table_id_beginning_with_a_dash_is_exported_after_a_double_dash(tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    monkeypatch.setattr(lobby_module, "new_table_id", lambda: "-_5KHvcv69Dp")  # as before the id was kept dash-free
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    live = lobby.create("malice", ["human", "greedy"])
    lobby.close()
    assert main(["tables", "--db", str(db), "export", "--", "-_5KHvcv69Dp"]) == 0
    assert from_data(json.loads(capsys.readouterr().out)).seed == live.table.seed


def _post_from(address: str, port: int) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(address, 0))
    body = json.dumps({"game": "malice", "seats": ["human", "greedy"]})
    connection.request("POST", "/api/tables", body, {"Content-Type": "application/json"})
    status = connection.getresponse().status
    connection.close()
    return status


def test_one_address_flooding_table_creation_is_limited_and_another_address_still_makes_a_table() -> None:
    from tests.web.harness import Served

    served = Served(ServerConfig(bot_delay=0, tables_per_address=5, new_tables_per_minute=1), per_address_limit=True)
    try:
        statuses = [_post_from("127.0.0.1", served.port) for _ in range(60)]
        assert statuses.count(201) in (5, 6) and set(statuses) == {201, 429}
        assert len(served.lobby.tables) == statuses.count(201)
        assert _post_from("127.0.0.2", served.port) == 201
    finally:
        served.stop()


class _Seen:
    """Stands for a seat's connection: keeps what it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def close(self) -> None:
        pass


def test_a_running_server_tells_a_move_only_once_committed_and_undoes_one_the_disk_refused(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"

    async def scenario() -> None:
        lobby = _lobby(db)
        live = lobby.create("malice", ["human", "human"])
        for seat, name in ((0, "ann"), (1, "bob")):
            live.table.join(seat, name)
        seen = {seat: _Seen() for seat in (0, 1)}
        live.connections.update(seen)  # type: ignore[arg-type]
        live.changed(live.table.act(live.table.moves()[0]))
        assert seen[0].messages == []  # made, not yet told: its commit is under way
        await asyncio.sleep(0.3)
        assert [message["version"] for message in seen[0].messages] == [2]
        assert lobby.store is not None and lobby.store.table(live.table.id).moves == 1
        lobby.store._db.execute("PRAGMA query_only = 1")  # the disk turns read-only
        stored = live.table.state
        live.changed(live.table.act(live.table.moves()[0]))
        assert live.table.version == 3
        await asyncio.sleep(0.3)
        told = [message.get("code") or message["type"] for message in seen[1].messages[1:]]
        assert told == ["not_stored", "snapshot"]  # never an update for the move that was not stored
        assert (live.table.version, live.table.state) == (2, stored)
        assert seen[1].messages[-1]["version"] == 2
        lobby.store._db.execute("PRAGMA query_only = 0")
        await lobby.drain()
        lobby.close()

    asyncio.run(scenario())
