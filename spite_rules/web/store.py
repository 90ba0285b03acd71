"""Game-neutral: the web tables kept in SQLite, so that a restart or a crash loses no game.

Layer: surface over both games — may import either game, the core, the cards and the errors.

What is stored is what replays a table exactly: its game, ruleset and rules (the library's JSON),
its seed, its seats (kind, name, and the SHA-256 of a person's token, never the token), and every
accepted action in order (``"next_round"`` where the next deal was dealt), plus the lobby's
metadata (when it was made, by which client address, its last activity, when its deal ended).
:meth:`Store.record` gives a table as the library's :class:`~spite_rules.core.record.GameRecord`.

An action is committed before anyone is told of it (WAL journal, ``synchronous=FULL``; the running
server's group commit: :class:`~spite_rules.web.lobby.Committer`): what a player saw acknowledged
survives a SIGKILL or a power cut. A write that fails (a full or read-only disk) raises
:class:`~spite_rules.web.protocol.Refused` (``not_stored``) and the move is not made.

>>> store = Store(":memory:")
>>> store.version(), SCHEMA_VERSION
(1, 1)
>>> store.tables()
[]
>>> store.close()

Why the standard library's ``sqlite3``: docs/web.md.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from spite_rules.core.record import GameRecord, RoundRecord
from spite_rules.core.serialization import from_data, to_data
from spite_rules.web.protocol import Refused
from spite_rules.web.table import NEXT_ROUND

__all__ = [
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "StoreError",
    "StoredSeat",
    "StoredTable",
    "Store",
    "default_path",
]

#: The schema this version writes. A database of an older schema is migrated on opening (each step
#: of :data:`MIGRATIONS` in one transaction); one of a newer schema is refused, unchanged.
SCHEMA_VERSION = 1
#: The file ``spite-rules serve`` keeps its tables in when ``--db`` names none: beside the server,
#: in the directory it runs in.
DEFAULT_FILE = "spite-rules-tables.sqlite3"

_SCHEMA = [
    """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        ruleset TEXT,
        rules TEXT NOT NULL,
        seed INTEGER NOT NULL,
        client TEXT,
        created REAL NOT NULL,
        last_active REAL NOT NULL,
        finished REAL,
        broken TEXT
    )""",
    """CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        token_sha256 TEXT,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, version)
    ) WITHOUT ROWID""",
]

#: Schema migrations: ``MIGRATIONS[n]`` takes a database of schema ``n`` to ``n + 1`` (statements
#: run in one transaction with the version's update). None yet: version 1 is the first.
MIGRATIONS: dict[int, Sequence[str]] = {}


class StoreError(Exception):
    """The database cannot be used (corrupt, of an unknown schema, not a database, unwritable at
    start). The message names the file and the way out."""


def default_path() -> str:
    """The database ``spite-rules serve`` uses without ``--db``: :data:`DEFAULT_FILE` in the
    directory the server runs in.

    >>> default_path().endswith("spite-rules-tables.sqlite3")
    True
    """
    return os.path.join(os.getcwd(), DEFAULT_FILE)


@attrs.frozen
class StoredSeat:
    """A stored seat: its kind (``"human"`` or a bot's name), its name, its token's hash (None for
    a bot or a free seat)."""

    kind: str
    name: str
    token_sha256: str | None


@attrs.frozen
class StoredTable:
    """A stored table: what rebuilds it, with the lobby's metadata (times are Unix seconds)."""

    id: str
    game: str
    ruleset: str | None
    rules: Any
    seed: int
    seats: tuple[StoredSeat, ...]
    moves: int
    client: str | None
    created: float
    last_active: float
    finished: float | None
    broken: str | None


class Store:
    """The tables of one server, in the SQLite file ``path`` (``":memory:"`` for tests).

    Opening checks the file: not a database, corrupt, or of a newer schema raises
    :class:`StoreError` naming the way out (start with ``--db`` elsewhere); an older schema is
    migrated. The server writes from one thread at a time (a lock guards the connection).
    """

    def __init__(self, path: str, *, readonly: bool = False, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.readonly = readonly
        self.clock = clock
        self._lock = threading.Lock()
        if readonly and not os.path.isfile(path):
            raise StoreError(f"{path}: no such table database (spite-rules serve --db {path} makes one)")
        try:
            target = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro" if readonly else path
            self._db = sqlite3.connect(target, uri=readonly, check_same_thread=False, isolation_level=None,
                                       timeout=5)
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open the table database ({error}): start with --db elsewhere") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(
                f"{path} is not a usable spite-rules table database ({error}): start with --db naming "
                "another file (this one is left as it is, for inspection or recovery)"
            ) from None
        except StoreError:
            self._db.close()
            raise

    def _prepare(self) -> None:
        db = self._db
        if not self.readonly and self.path != ":memory:":
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"{self.path}: SQLite refused the WAL journal (it gave {mode!r})")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"the integrity check says: {check}")
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not names and self.readonly:
            raise StoreError(f"{self.path} holds no spite-rules tables (it is an empty database)")
        if not names:
            with self._transaction():
                for statement in _SCHEMA:
                    db.execute(statement)
                db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            return
        if "meta" not in names:
            raise StoreError(f"{self.path} holds other tables than spite-rules': start with --db naming another file")
        found = self.version()
        if found < SCHEMA_VERSION and self.readonly:
            raise StoreError(f"{self.path} is of schema {found}: start spite-rules serve on it once to migrate it")
        if found > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer spite-rules (schema {found}; this one reads up to "
                f"{SCHEMA_VERSION}): upgrade spite-rules, or start with --db naming another file"
            )
        while found < SCHEMA_VERSION:
            steps = MIGRATIONS.get(found)
            if steps is None:
                raise StoreError(f"{self.path}: no migration from schema {found}: start with --db naming another file")
            with self._transaction():
                for statement in steps:
                    db.execute(statement)
                db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(found + 1),))
            found += 1

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def write(self, what: str, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Run ``statements`` in one transaction; a failure is refused (nothing was stored): a
        server's group commit writes many tables' moves at once through this."""
        try:
            with self._transaction():
                for statement, values in statements:
                    self._db.execute(statement, values)
        except sqlite3.Error as error:
            raise Refused(
                "not_stored", f"the server could not store {what} ({error}), so it was not made: tell the host"
            ) from None

    def version(self) -> int:
        """The database's schema version."""
        row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            raise StoreError(f"{self.path} has no schema version: start with --db naming another file")
        return int(row[0])

    # --- writing -----------------------------------------------------------------------------

    def add_table(
        self, table_id: str, game: str, ruleset: str | None, rules: Any, seed: int,
        seats: Sequence[StoredSeat], client: str | None = None,
    ) -> None:
        """Store a new table and its seats."""
        now = self.clock()
        statements: list[tuple[str, Sequence[Any]]] = [(
            "INSERT INTO tables (id, game, ruleset, rules, seed, client, created, last_active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, game, ruleset, json.dumps(to_data(rules), ensure_ascii=False), seed, client, now, now),
        )]
        statements.extend(
            ("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", (table_id, number, seat.kind, seat.name, seat.token_sha256))
            for number, seat in enumerate(seats)
        )
        self.write("the new table", statements)

    def seat(self, table_id: str, seat: int, name: str, token_sha256: str) -> None:
        """Store a person's taking ``seat``."""
        self.write(f"seat {seat}", [
            ("UPDATE seats SET name = ?, token_sha256 = ? WHERE table_id = ? AND seat = ?", (name, token_sha256, table_id, seat)),
            ("UPDATE tables SET last_active = ? WHERE id = ?", (self.clock(), table_id)),
        ])

    def act(self, table_id: str, version: int, action: Any, *, over: bool) -> None:
        """Store an accepted action (``NEXT_ROUND`` for the next deal), which made ``version``;
        ``over``: the deal ended with it (the table's finishing time is set, or cleared)."""
        self.write("this move", self.act_statements(table_id, version, action, over=over))

    def act_statements(self, table_id: str, version: int, action: Any, *, over: bool) -> list[tuple[str, Sequence[Any]]]:
        """The statements that store an action (:meth:`act` runs them; a group commit gathers them)."""
        document = NEXT_ROUND if action == NEXT_ROUND else json.dumps(to_data(action), ensure_ascii=False, separators=(",", ":"))
        now = self.clock()
        return [
            ("INSERT INTO actions VALUES (?, ?, ?, ?)", (table_id, version, document, now)),
            ("UPDATE tables SET last_active = ?, finished = ? WHERE id = ?", (now, now if over else None, table_id)),
        ]

    def mark_broken(self, table_id: str, reason: str) -> None:
        """Keep a table that could not be replayed out of play (it stays for ``tables export``)."""
        self.write("the table's state", [("UPDATE tables SET broken = ? WHERE id = ?", (reason, table_id))])

    def remove(self, table_id: str) -> None:
        """Forget a table and its actions."""
        self.write("the removal", [("DELETE FROM tables WHERE id = ?", (table_id,))])

    def close(self) -> None:
        """Close the database (a clean stop also folds the WAL file into the database)."""
        with self._lock:
            self._db.close()

    # --- reading -----------------------------------------------------------------------------

    def tables(self) -> list[StoredTable]:
        """Every stored table, oldest first."""
        rows = self._db.execute(
            "SELECT id, game, ruleset, rules, seed, client, created, last_active, finished, broken, "
            "(SELECT COUNT(*) FROM actions WHERE table_id = tables.id) FROM tables ORDER BY created, id"
        ).fetchall()
        seats: dict[str, list[StoredSeat]] = {}
        for table_id, _, kind, name, hashed in self._db.execute("SELECT * FROM seats ORDER BY table_id, seat"):
            seats.setdefault(table_id, []).append(StoredSeat(kind, name, hashed))
        return [
            StoredTable(
                id=row[0], game=row[1], ruleset=row[2], rules=from_data(json.loads(row[3])), seed=row[4],
                seats=tuple(seats.get(row[0], ())), moves=row[10], client=row[5], created=row[6],
                last_active=row[7], finished=row[8], broken=row[9],
            )
            for row in rows
        ]

    def table(self, table_id: str) -> StoredTable:
        """One stored table; KeyError when there is none."""
        for stored in self.tables():
            if stored.id == table_id:
                return stored
        raise KeyError(table_id)

    def actions(self, table_id: str) -> list[Any]:
        """A table's accepted actions in order (``NEXT_ROUND`` where the next deal was dealt)."""
        rows = self._db.execute("SELECT action FROM actions WHERE table_id = ? ORDER BY version", (table_id,))
        return [NEXT_ROUND if text == NEXT_ROUND else from_data(json.loads(text)) for (text,) in rows]

    def record(self, table_id: str) -> GameRecord:
        """A table as the library's record (its seats' names, seed, rules and each deal's actions),
        which :func:`spite_rules.replay` replays and ``spite-rules tables replay`` narrates."""
        stored = self.table(table_id)
        rounds: list[list[Any]] = [[]]
        for action in self.actions(table_id):
            if action == NEXT_ROUND:
                rounds.append([])
            else:
                rounds[-1].append(action)
        return GameRecord(
            game=stored.game,
            players=tuple(seat.name for seat in stored.seats),
            seed=stored.seed,
            rules=stored.rules,
            rounds=tuple(RoundRecord(actions=tuple(actions)) for actions in rounds),
        )
