"""Game-neutral: every table a server process holds (:class:`Lobby`): making them (with the limit
per client address), dropping idle and long-finished ones, keeping them in SQLite through a group
commit (:class:`Committer`) and resuming them from it by replay.

Layer: surface over both games — may import either game, the core, the cards and the errors.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from spite_rules.core.engine import GAMES, game
from spite_rules.errors import SpiteError, shown
from spite_rules.web.live import LiveTable, ServerConfig
from spite_rules.web.protocol import Refused, RateLimiter, error_message
from spite_rules.web.store import Store, StoredSeat, StoredTable
from spite_rules.web.table import NEXT_ROUND, Table, rules_for

__all__ = ["Committer", "Lobby", "new_table_id"]


def new_table_id() -> str:
    """A fresh table id: 12 URL-safe characters that never begin with ``-``, so that
    ``spite-rules tables export ID`` reads it as the id, not as an option (a twelfth of
    ``secrets.token_urlsafe`` draws begin with one; a database from before keeps its ids, and
    ``spite-rules tables --db PATH export -- ID`` reads those).

    >>> all(len(new_table_id()) == 12 and not new_table_id().startswith("-") for _ in range(200))
    True
    """
    while (table_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return table_id

log = logging.getLogger("spite_rules.web")


class Committer:
    """The tables' journal on a running server: a group commit over a :class:`Store`.

    A move is applied in memory at once, its statements are queued, and what tells anyone of it
    (the seats' updates, a snapshot) waits in :meth:`deliver` until the commit that holds it is
    done; commits run one at a time on a worker thread, and the moves made meanwhile go into the
    next, so one fsync serves every table that moved. Outside an event loop (the command line,
    tests) each move is written at once and a failure refuses it. A commit that fails (a full or
    read-only disk) acknowledges nothing: the lobby rebuilds each table it held from the database
    (``on_failure``) and tells its seats why.
    """

    def __init__(self, store: Store, on_failure: Callable[[set[str], Refused], None]) -> None:
        self.store = store
        self.on_failure = on_failure
        self._queued: list[tuple[str, Sequence[tuple[str, Sequence[Any]]]]] = []
        self._waiting: list[tuple[str, Callable[[], None]]] = []  # delivered after the queued commit
        self._flight: list[tuple[str, Callable[[], None]]] | None = None  # ... after the one in flight
        self._flight_tables: set[str] = set()

    def seat(self, table_id: str, seat: int, name: str, token_sha256: str) -> None:
        """A person took a seat: stored at once (the answer holds the token)."""
        self.store.seat(table_id, seat, name, token_sha256)

    def act(self, table_id: str, version: int, action: Any, *, over: bool) -> None:
        """Queue an accepted action for the next commit (written at once outside a loop)."""
        statements = self.store.act_statements(table_id, version, action, over=over)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.store.write("this move", statements)
            return
        self._queued.append((table_id, statements))
        if self._flight is None:
            self._flight = []
            loop.create_task(self._flush())

    def busy(self) -> bool:
        """Is anything waiting for a commit?"""
        return bool(self._queued) or self._flight is not None

    def deliver(self, table_id: str, tell: Callable[[], None]) -> None:
        """Run ``tell`` once everything done so far is committed (at once when nothing waits)."""
        if self._queued:
            self._waiting.append((table_id, tell))
        elif self._flight is not None:
            self._flight.append((table_id, tell))
        else:
            tell()

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queued:
            batch, self._queued = self._queued, []
            assert self._flight is not None
            self._flight.extend(self._waiting)
            self._waiting = []
            self._flight_tables = {table_id for table_id, _ in batch}
            statements = [statement for _, part in batch for statement in part]
            try:
                await loop.run_in_executor(None, self.store.write, "these moves", statements)
            except Refused as refused:
                failed = self._flight_tables | {table_id for table_id, _ in self._queued}
                told = [tell for table_id, tell in self._flight + self._waiting if table_id not in failed]
                self._queued, self._waiting, self._flight = [], [], []
                for tell in told:
                    tell()
                self.on_failure(failed, refused)
                continue
            done, self._flight = self._flight, []
            for _, tell in done:
                tell()
        self._flight = None

    async def drain(self) -> None:
        """Wait until every queued move is committed (a clean stop)."""
        while self.busy():
            await asyncio.sleep(0.01)


class Lobby:
    """Every table a server process holds, by id; with ``config.db`` (or ``store``), every table is
    also kept in SQLite (:mod:`spite_rules.web.store`) and :meth:`resume` brings them back."""

    def __init__(self, config: ServerConfig | None = None, store: Store | None = None) -> None:
        self.config = config or ServerConfig()
        self.tables: dict[str, LiveTable] = {}
        self.created = 0
        self.store = store if store is not None or self.config.db is None else Store(self.config.db)
        self.committer = None if self.store is None else Committer(self.store, self._not_stored)
        self._creators: dict[str, RateLimiter] = {}

    def create(
        self,
        game_name: object,
        seats: object,
        *,
        ruleset: object = None,
        options: object = None,
        seed: int | None = None,
        client: str | None = None,
    ) -> LiveTable:
        """A new table (refused with the reason for a bad game, ruleset, option or seat, or when
        ``client``, an address, has made too many)."""
        if not isinstance(game_name, str) or game_name not in GAMES:
            raise Refused("bad_table", f"game {shown(game_name)} does not exist (known: {', '.join(GAMES)})")
        played = game(game_name)
        if ruleset is not None and not isinstance(ruleset, str):
            raise Refused("bad_table", "a ruleset is named by a string")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise Refused("bad_table", "options are a JSON object")
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            raise Refused("bad_table", 'seats are a list of kinds, e.g. ["human", "human", "greedy"]')
        self.sweep()
        if len(self.tables) >= self.config.max_tables:
            raise Refused("busy", f"this server holds {self.config.max_tables} tables already: try later")
        rules = rules_for(played, ruleset, options)
        if client is not None:
            self._allow_creation(client)
        table_id = new_table_id()
        if seed is None and self.config.seed is not None:
            seed = self.config.seed + self.created
        self.created += 1
        table = Table(
            table_id,
            played,
            seats,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            rules=rules,
            ruleset=ruleset,
            keep_record=self.config.keep_records,
        )
        if self.store is not None:
            kept = [StoredSeat(place.kind, place.name, None) for place in table.seats]
            self.store.add_table(table_id, played.name, ruleset, rules, table.seed, kept, client)
            table.journal = self.committer
        live = LiveTable(table, self.config, self.committer)
        self.tables[table_id] = live
        return live

    def _allow_creation(self, client: str) -> None:
        """Seed-free limit per client address: a token bucket of ``tables_per_address``."""
        limiter = self._creators.get(client)
        if limiter is None:
            if len(self._creators) > 4096:  # forget the quiet ones (a bucket refills in minutes)
                self._creators.clear()
            limiter = RateLimiter(self.config.new_tables_per_minute / 60, self.config.tables_per_address)
            self._creators[client] = limiter
        if not limiter.allow():
            raise Refused(
                "rate_limited",
                f"{client} has made {self.config.tables_per_address} tables lately: at most "
                f"{self.config.new_tables_per_minute:g} more a minute",
            )

    def sweep(self) -> list[str]:
        """Drop the tables nobody is connected to that have been idle ``idle_seconds``, or whose
        deal has been over for ``keep_finished_seconds`` (from memory and the database): their ids."""
        if self.committer is not None and self.committer.busy():
            return []  # never remove a table under a commit: the next sweep will
        now, wall = time.monotonic(), time.time()
        dropped = []
        for table_id, live in list(self.tables.items()):
            if live.connections:
                continue
            idle = now - live.last_active > self.config.idle_seconds
            finished = live.finished is not None and wall - live.finished > self.config.keep_finished_seconds
            if idle or finished:
                live.stop()
                del self.tables[table_id]
                dropped.append(table_id)
                if self.store is not None:
                    try:
                        self.store.remove(table_id)
                    except Refused as refused:
                        log.error("table %s could not be removed from the database: %s", table_id, refused.text)
        return dropped

    def resume(self) -> list[str]:
        """Bring back every stored table (not one marked broken) by replaying its actions through
        the game's protocol: the same state, seats and tokens; the ids resumed. A table whose
        record no longer replays is marked broken, logged and left out (never a crash at start)."""
        if self.store is None:
            return []
        resumed = []
        for stored in self.store.tables():
            if stored.broken is not None or stored.id in self.tables:
                continue
            try:
                live = self._rebuilt(stored)
            except (SpiteError, Refused, ValueError, TypeError, KeyError) as error:
                reason = f"{type(error).__name__}: {error}"
                log.error("table %s could not be resumed and is left out (%s)", stored.id, reason)
                self.store.mark_broken(stored.id, reason)
                continue
            self.tables[stored.id] = live
            resumed.append(stored.id)
        self.created += len(resumed)
        return resumed

    def _not_stored(self, table_ids: set[str], refused: Refused) -> None:
        """A commit failed: each table it held goes back to what the database holds (the moves
        not stored are undone), and its seats are told why, with a fresh snapshot."""
        log.error("the database refused a commit (%s): %d table(s) go back to their stored state", refused.text, len(table_ids))
        assert self.store is not None
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is None:
                continue
            try:
                rebuilt = self._rebuilt(self.store.table(table_id)).table
            except (SpiteError, Refused, ValueError, TypeError, KeyError) as error:
                log.error("table %s could not be rebuilt (%s): it is dropped", table_id, error)
                live.stop()
                del self.tables[table_id]
                continue
            rebuilt.countdown = None
            live.table = rebuilt
            now = time.monotonic()
            for seat, connection in live.connections.items():
                rebuilt.seats[seat].online = True
                connection.send(error_message(refused))
                connection.send(rebuilt.snapshot(seat, now))

    def _rebuilt(self, stored: StoredTable) -> LiveTable:
        table = Table(
            stored.id, game(stored.game), [seat.kind for seat in stored.seats], seed=stored.seed,
            rules=stored.rules, ruleset=stored.ruleset, keep_record=self.config.keep_records,
        )
        for place, kept in zip(table.seats, stored.seats):
            place.name, place.token_sha256 = kept.name, kept.token_sha256
        if not table.started and all(place.taken for place in table.seats):
            table.start()
        for action in self.store.actions(stored.id) if self.store is not None else ():
            if action == NEXT_ROUND:
                table.next_round()
            else:
                table.act(action)
        table.journal = self.committer
        live = LiveTable(table, self.config, self.committer)
        live.last_active = time.monotonic() - max(0.0, time.time() - stored.last_active)
        live.finished = stored.finished if table.over else None
        return live

    def start(self) -> None:
        """On the server's event loop, once started: let every table's bots act (resumed tables
        and tables made before the loop ran)."""
        for live in self.tables.values():
            live.schedule_bots()

    async def drain(self) -> None:
        """Wait for the moves being committed (a clean stop does, before :meth:`close`)."""
        if self.committer is not None:
            await self.committer.drain()

    def close(self) -> None:
        """Stop every table's timers and close the database (a clean stop; call :meth:`drain`
        first on a running loop, or moves not yet committed are lost unacknowledged)."""
        for live in self.tables.values():
            live.stop()
        if self.store is not None:
            self.store.close()
            self.store = None

    def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``; refused when there is none."""
        live = self.tables.get(table_id)
        if live is None:
            raise Refused("no_table", f"there is no table {shown(table_id)} here")
        return live
