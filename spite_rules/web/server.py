"""The web front-end's server: ``spite-rules serve`` (Starlette and uvicorn; ``spite-rules[web]``).

Game-neutral: tables are :class:`~spite_rules.web.table.Table` objects, reached through the
:class:`~spite_rules.engine.Game` protocol. HTTP creates and joins tables and serves the page
(``static/``); one websocket per seat carries the play (docs/web.md has the messages).

The server keeps the authoritative state. A connection becomes a seat by saying ``hello`` with the
token its seat was given at join; from then on it receives only that seat's view, its own legal
moves and the events redacted for it, and every action it sends must be that seat's. A refused
message gets ``{"type": "error", ...}`` back and changes nothing; the connection stays up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from importlib import resources
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from spite_rules.engine import GAMES, game
from spite_rules.errors import SpiteError
from spite_rules.web.protocol import Refused, RateLimiter, error_message, read_message
from spite_rules.web.store import Store, StoredSeat, StoredTable
from spite_rules.web.table import NEXT_ROUND, Countdown, LogEntry, Table, known_games, rules_for

__all__ = ["ServerConfig", "Lobby", "LiveTable", "create_app", "serve", "TRANSPORT_MAX_BYTES"]

log = logging.getLogger("spite_rules.web")

#: The websocket layer closes a connection (code 1009) whose single message is larger than this;
#: messages between ``protocol.MAX_MESSAGE_BYTES`` and this are refused with an error instead.
TRANSPORT_MAX_BYTES = 64 * 1024
#: The largest HTTP request body read (creating or joining a table).
MAX_BODY_BYTES = 8 * 1024
#: Messages waiting for a slow client before its connection is dropped.
QUEUE_LIMIT = 512
#: How often a running server drops idle and long-finished tables.
SWEEP_SECONDS = 60.0
#: Seconds a stopping server (SIGTERM, Ctrl-C) waits for connections before closing them.
SHUTDOWN_SECONDS = 2
STATIC = resources.files("spite_rules.web") / "static"
_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@attrs.define
class ServerConfig:
    """How a server runs.

    - ``bot_delay``: seconds a bot waits before acting (people see each play; 0 in tests).
    - ``auto_rounds`` and ``next_round_delay``: whether a table of bots only deals its next round
      by itself, after this many seconds (off by default: nobody can sit at such a table, so it
      would only spend the server's time; the load benchmark turns it on).
    - ``countdown_scale``: the game's decision seconds are multiplied by this (tests run fast).
    - ``max_tables``: tables one process holds (idle ones are dropped first).
    - ``idle_seconds``: a table nobody is connected to is dropped after this long.
    - ``rate`` and ``burst``: messages per second a connection may send on average, and at once.
    - ``flood_limit``: refused messages in a row after which the connection is closed (1008).
    - ``hello_seconds``: how long a new connection may wait before saying ``hello``.
    - ``keep_records``: keep every table's actions (tests replay them).
    - ``seed``: deal table ``n`` (from 0) with seed ``seed + n`` instead of a secret random seed:
      for tests only, since anyone who knows a table's seed knows every hand.
    - ``db``: the SQLite file the tables are kept in (:mod:`spite_rules.web.store`), or None to
      keep them in memory only (they end with the process).
    - ``keep_finished_seconds``: a table whose deal is over (and nobody deals the next) stays
      readable this long, then is removed (idle tables go after ``idle_seconds`` as before).
    - ``tables_per_address`` and ``new_tables_per_minute``: tables one client address may create at
      once, then per minute on average (more are refused, 429 ``rate_limited``), so that one client
      cannot fill ``max_tables``.
    """

    bot_delay: float = 0.8
    auto_rounds: bool = False
    next_round_delay: float = 4.0
    countdown_scale: float = 1.0
    max_tables: int = 500
    idle_seconds: float = 6 * 3600
    rate: float = 10.0
    burst: int = 20
    flood_limit: int = 200
    hello_seconds: float = 30.0
    keep_records: bool = False
    seed: int | None = None
    db: str | None = None
    keep_finished_seconds: float = 24 * 3600
    tables_per_address: int = 10
    new_tables_per_minute: float = 2.0


class Connection:
    """One websocket: a queue of outgoing messages drained by its own writer task (so one slow
    client never holds up a table), the seat it said hello as, and its rate limiter."""

    def __init__(self, websocket: WebSocket, config: ServerConfig) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.seat: int | None = None
        self.limiter = RateLimiter(config.rate, config.burst)
        self.refused_in_row = 0
        self.last_rate_error = 0.0
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client too slow to keep up is disconnected."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(json.dumps(message, ensure_ascii=False))
        except asyncio.QueueFull:
            log.warning("dropping a connection that does not read its messages")
            self.close()

    def close(self) -> None:
        """Stop sending; the writer closes the socket."""
        if not self.closed:
            self.closed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    async def writer(self, close_code: list[int]) -> None:
        """Send queued messages in order until closed."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self.websocket.close(close_code[0])
                    return
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True


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
        self.commits = 0

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
            self.commits += 1
            done, self._flight = self._flight, []
            for _, tell in done:
                tell()
        self._flight = None

    async def drain(self) -> None:
        """Wait until every queued move is committed (a clean stop)."""
        while self.busy():
            await asyncio.sleep(0.01)


class LiveTable:
    """A :class:`Table` being served: its connections (one per seat), its bots' and countdown's
    timers, and the fan-out of every change to every seat."""

    def __init__(self, table: Table, config: ServerConfig, committer: Committer | None = None) -> None:
        self.table = table
        self.config = config
        self.committer = committer
        self.connections: dict[int, Connection] = {}
        self.last_active = time.monotonic()
        self._bot_timer: asyncio.TimerHandle | asyncio.Handle | None = None
        self._countdown_timer: asyncio.TimerHandle | None = None
        self.moves_applied = 0
        #: When (Unix seconds) the deal in play ended, or None while it goes on.
        self.finished: float | None = time.time() if table.over else None

    # --- changes -----------------------------------------------------------------------------

    def changed(self, entry: LogEntry) -> None:
        """After any change: every connected seat gets its update; bots and the countdown move on."""
        self.last_active = time.monotonic()
        self.moves_applied += 1
        if not self.table.over:
            self.finished = None
        elif self.finished is None:
            self.finished = time.time()
        now = time.monotonic()
        updates = [(connection, self.table.update(seat, entry, now)) for seat, connection in self.connections.items()]
        if self.table.countdown is None and self._countdown_timer is not None:
            self._countdown_timer.cancel()
            self._countdown_timer = None
        self.deliver(lambda: self._tell(updates))

    def deliver(self, tell: Callable[[], None]) -> None:
        """Run ``tell`` (which sends messages) once the moves it tells of are committed."""
        if self.committer is None:
            tell()
        else:
            self.committer.deliver(self.table.id, tell)

    def _tell(self, updates: list[tuple[Connection, dict[str, Any]]]) -> None:
        for connection, message in updates:
            connection.send(message)
        self.schedule_bots()

    def announce(self, message: dict[str, Any]) -> None:
        """Send the same message to every connected seat."""
        for connection in list(self.connections.values()):
            connection.send(message)

    def announce_table(self) -> None:
        """Tell every seat who sits where (after a join, a connection or a departure)."""
        self.announce({"type": "table", "table": self.table.summary()})

    # --- bots ---------------------------------------------------------------------------------

    def schedule_bots(self) -> None:
        """Let the bots act after ``bot_delay`` (or deal the next round of a table of bots)."""
        if self._bot_timer is not None or not self.table.started:
            return
        if not any(seat.bot is not None for seat in self.table.seats):
            return
        loop = asyncio.get_running_loop()
        if self.table.over:
            if self.config.auto_rounds and all(seat.bot is not None for seat in self.table.seats):
                self._bot_timer = loop.call_later(self.config.next_round_delay, self._deal_next)
            return
        if self.config.bot_delay <= 0:
            self._bot_timer = loop.call_soon(self._bot_step)
        else:
            self._bot_timer = loop.call_later(self.config.bot_delay, self._bot_step)

    def _bot_step(self) -> None:
        self._bot_timer = None
        action = self.table.bot_action()
        if action is None:
            return
        try:
            entry = self.table.act(action)
        except Refused as refused:  # a bot only picks legal moves: this is a bug, not a move
            log.error("table %s: a bot's %r was refused: %s", self.table.id, action, refused)
            return
        self.changed(entry)

    def _deal_next(self) -> None:
        self._bot_timer = None
        if self.table.over:
            self.changed(self.table.next_round())

    def stop(self) -> None:
        """Cancel the table's timers (the table is being dropped)."""
        for timer in (self._bot_timer, self._countdown_timer):
            if timer is not None:
                timer.cancel()
        self._bot_timer = self._countdown_timer = None
        for connection in self.connections.values():
            connection.close()

    # --- countdown ----------------------------------------------------------------------------

    def start_countdown(self, seat: int) -> None:
        """Any seat starts the decision countdown on the seat to act; it ends in a timeout."""
        countdown = self.table.start_countdown(seat, time.monotonic(), self.config.countdown_scale)
        delay = countdown.seconds * self.config.countdown_scale
        self._countdown_timer = asyncio.get_running_loop().call_later(delay, self._expire, countdown)
        self.announce({"type": "countdown", "countdown": self.table.countdown_data(time.monotonic())})

    def _expire(self, countdown: Countdown) -> None:
        self._countdown_timer = None
        try:
            entry = self.table.expire(countdown)
        except Refused as refused:
            log.error("table %s: a timeout was refused: %s", self.table.id, refused)
            return
        if entry is not None:
            self.changed(entry)

    # --- connections --------------------------------------------------------------------------

    def handle(self, connection: Connection, message: dict[str, Any]) -> None:
        """Act on one checked message from ``connection`` (refusals raise :class:`Refused`)."""
        kind = message["type"]
        if kind == "hello":
            self.hello(connection, message["token"])
            return
        seat = connection.seat
        if seat is None:
            raise Refused("not_joined", "say hello with your seat's token first")
        self.last_active = time.monotonic()
        if kind == "ping":
            connection.send({"type": "pong"})
        elif kind == "action":
            self.changed(self.table.act(self.table.read_action(seat, message["action"])))
        elif kind == "countdown":
            self.start_countdown(seat)
        elif kind == "next_round":
            self.changed(self.table.next_round())

    def hello(self, connection: Connection, token: str) -> None:
        """Make ``connection`` the seat its token was issued for (a rejoin replaces the seat's
        older connection)."""
        if connection.seat is not None:
            raise Refused("already_joined", f"this connection is already seat {connection.seat}")
        seat = self.table.seat_of(token)
        older = self.connections.get(seat)
        if older is not None:
            older.send({"type": "error", "code": "replaced", "message": "this seat connected again elsewhere"})
            older.close()
        connection.seat = seat
        self.connections[seat] = connection
        self.table.seats[seat].online = True
        snapshot = self.table.snapshot(seat, time.monotonic())
        self.deliver(lambda: connection.send(snapshot))  # it may show moves still being committed
        self.announce_table()

    def leave(self, connection: Connection) -> None:
        """``connection`` is gone; its seat stays its own until its token comes back."""
        seat = connection.seat
        if seat is not None and self.connections.get(seat) is connection:
            del self.connections[seat]
            self.table.seats[seat].online = False
            self.announce_table()
        self.last_active = time.monotonic()


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
            raise Refused("bad_table", f"game {game_name!r} does not exist (known: {', '.join(GAMES)})")
        played = game(game_name)
        if ruleset is not None and not isinstance(ruleset, str):
            raise Refused("bad_table", "a ruleset is named by a string")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise Refused("bad_table", "options are a JSON object")
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            raise Refused("bad_table", 'seats are a list of kinds, e.g. ["human", "human", "greedy"]')
        self._make_room()
        rules = rules_for(played, ruleset, options)
        if client is not None:
            self._allow_creation(client)
        table_id = secrets.token_urlsafe(9)
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

    def _make_room(self) -> None:
        self.sweep()
        if len(self.tables) >= self.config.max_tables:
            raise Refused("busy", f"this server holds {self.config.max_tables} tables already: try later")

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
            raise Refused("no_table", f"there is no table {table_id!r} here")
        return live


def _refusal(refused: Refused) -> JSONResponse:
    status = {"no_table": 404, "taken": 409, "full": 409, "busy": 503, "not_stored": 503, "rate_limited": 429}.get(refused.code, 400)
    return JSONResponse(error_message(refused), status_code=status)


async def _read_body(request: Request) -> Any:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise Refused("too_large", f"a request body may be at most {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks) or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise Refused("bad_json", f"not JSON: {error}") from None


def _guarded(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as refused:
            return _refusal(refused)

    return guarded


class _SecurityHeaders:
    """Adds the content-security policy and friends to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.extend((key.lower().encode(), value.encode()) for key, value in _SECURITY_HEADERS.items())
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(config: ServerConfig | None = None, lobby: Lobby | None = None) -> Starlette:
    """The ASGI application: the page, the table API and the websockets (``app.state.lobby``
    holds the tables)."""
    lobby = lobby or Lobby(config)
    static_dir = str(STATIC)

    async def page(request: Request) -> Response:
        return FileResponse(f"{static_dir}/index.html", media_type="text/html")

    async def games(request: Request) -> Response:
        return JSONResponse({"games": known_games()})

    async def create_table(request: Request) -> Response:
        body = await _read_body(request)
        if not isinstance(body, dict) or set(body) - {"game", "seats", "ruleset", "options"}:
            raise Refused("bad_table", "a new table is {game, seats, ruleset?, options?}")
        client = request.client.host if request.client is not None else None
        live = lobby.create(
            body.get("game"), body.get("seats"), ruleset=body.get("ruleset"), options=body.get("options"), client=client
        )
        live.schedule_bots()
        return JSONResponse(live.table.summary(), status_code=201)

    async def show_table(request: Request) -> Response:
        return JSONResponse(lobby.get(request.path_params["table_id"]).table.summary())

    async def join_table(request: Request) -> Response:
        live = lobby.get(request.path_params["table_id"])
        body = await _read_body(request)
        if not isinstance(body, dict) or set(body) - {"seat", "name"}:
            raise Refused("bad_join", "a join is {seat?, name}")
        was_started = live.table.started
        seat, token = live.table.join(body.get("seat"), body.get("name"))
        live.announce_table()
        if live.table.started and not was_started:
            for joined, connection in live.connections.items():
                connection.send(live.table.snapshot(joined, time.monotonic()))
            live.schedule_bots()
        return JSONResponse({"seat": seat, "token": token, "table": live.table.summary()})

    async def websocket(socket: WebSocket) -> None:
        await socket.accept()
        try:
            live = lobby.get(socket.path_params["table_id"])
        except Refused as refused:
            await socket.send_text(json.dumps(error_message(refused)))
            await socket.close(4404)
            return
        await _serve_connection(live, socket, lobby.config)

    routes = [
        Route("/", page),
        Route("/table/{table_id}", page),
        Route("/api/games", _guarded(games)),
        Route("/api/tables", _guarded(create_table), methods=["POST"]),
        Route("/api/tables/{table_id}", _guarded(show_table)),
        Route("/api/tables/{table_id}/join", _guarded(join_table), methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", websocket),
        Mount("/static", StaticFiles(directory=static_dir), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.start()
        sweeper = asyncio.create_task(_sweep_every(lobby, SWEEP_SECONDS))
        try:
            yield
        finally:  # uvicorn has finished the requests in flight: commit what they did, then close
            sweeper.cancel()
            await lobby.drain()
            lobby.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    app.add_middleware(_SecurityHeaders)
    return app


async def _sweep_every(lobby: Lobby, seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        lobby.sweep()


async def _serve_connection(live: LiveTable, socket: WebSocket, config: ServerConfig) -> None:
    connection = Connection(socket, config)
    close_code = [1000]
    writer = asyncio.create_task(connection.writer(close_code))
    try:
        while not connection.closed:
            wait = config.hello_seconds if connection.seat is None else None
            try:
                received = await asyncio.wait_for(socket.receive(), timeout=wait)
            except asyncio.TimeoutError:
                connection.send({"type": "error", "code": "no_hello", "message": "no hello in time: goodbye"})
                close_code[0] = 4401
                connection.close()
                break
            if received["type"] == "websocket.disconnect":
                break
            data = received.get("text")
            if data is None:
                data = received.get("bytes") or b""
            try:
                _check_rate(connection, config)
                live.handle(connection, read_message(data))
            except Refused as refused:
                if refused.code != "rate_limited":
                    connection.send(error_message(refused))
                elif time.monotonic() - connection.last_rate_error >= 1:
                    connection.last_rate_error = time.monotonic()
                    connection.send(error_message(refused))
                if connection.refused_in_row > config.flood_limit:
                    close_code[0] = 1008
                    connection.close()
    except WebSocketDisconnect:
        pass
    finally:
        live.leave(connection)
        connection.close()
        try:
            await asyncio.wait_for(writer, timeout=5)
        except (asyncio.TimeoutError, Exception):  # the socket is gone either way
            writer.cancel()


def _check_rate(connection: Connection, config: ServerConfig) -> None:
    if connection.limiter.allow():
        connection.refused_in_row = 0
        return
    connection.refused_in_row += 1
    raise Refused("rate_limited", f"too many messages: at most {config.rate:g} a second (burst {config.burst})")


def serve(
    host: str = "127.0.0.1", port: int = 8000, config: ServerConfig | None = None, lobby: Lobby | None = None
) -> None:
    """Run the server until interrupted (``spite-rules serve``); ``lobby``: one holding tables
    made beforehand."""
    import uvicorn

    print(f"spite-rules: serving on http://{host}:{port}/  (Ctrl-C stops)", flush=True)
    app = create_app(config, lobby)
    uvicorn.run(
        app, host=host, port=port, ws_max_size=TRANSPORT_MAX_BYTES, log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
