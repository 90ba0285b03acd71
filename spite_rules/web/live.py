"""Game-neutral: a table being served: how a server runs (:class:`ServerConfig`), one websocket's
outgoing queue (:class:`Connection`), and :class:`LiveTable`, a :class:`~spite_rules.web.table.
Table` with its connections, its bots' and countdown's timers, and the fan-out of every change.
No HTTP here (:mod:`spite_rules.web.server`), no table list (:mod:`spite_rules.web.lobby`).

Layer: surface over both games — may import either game, the core, the cards and the errors.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
from starlette.websockets import WebSocket, WebSocketDisconnect

from spite_rules.web.protocol import Refused, RateLimiter
from spite_rules.web.table import Countdown, LogEntry, Table

if TYPE_CHECKING:
    from spite_rules.web.lobby import Committer

__all__ = ["ServerConfig", "Connection", "LiveTable", "QUEUE_LIMIT"]

log = logging.getLogger("spite_rules.web")

#: Messages waiting for a slow client before its connection is dropped.
QUEUE_LIMIT = 512


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
        #: When (Unix seconds) the deal in play ended, or None while it goes on.
        self.finished: float | None = time.time() if table.over else None

    # --- changes -----------------------------------------------------------------------------

    def changed(self, entry: LogEntry) -> None:
        """After any change: every connected seat gets its update; bots and the countdown move on."""
        self.last_active = time.monotonic()
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
        delay = self.config.bot_delay
        self._bot_timer = loop.call_soon(self._bot_step) if delay <= 0 else loop.call_later(delay, self._bot_step)

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
