"""Game-neutral: one table of the web front-end, the authoritative state and what each seat sees.

Layer: surface over both games — may import either game, the core, the cards and the errors.

A :class:`Table` holds one game's state (through the :class:`~spite_rules.core.engine.Game` protocol
only), its seats (people, who join with a name and get a secret token, and bots) and the log of
events. It does no I/O: the server (:mod:`spite_rules.web.server`) carries its messages. Every
message a seat receives is built here from ``game.view(state, seat)``, ``game.redact(event, seat)``
and the seat's own legal moves, written with the library's JSON (:func:`~spite_rules.to_data`).

>>> table = Table("t1", game("spite"), ["human", "greedy", "greedy"], seed=5)
>>> seat, token = table.join(None, "ann")
>>> seat, table.started, table.seat_of(token)
(0, True, 0)
>>> table.join(None, "bob")
Traceback (most recent call last):
...
spite_rules.web.protocol.Refused: full: the table is full: every seat is taken
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from spite_rules.bots import bots_for, next_bot_action
from spite_rules.core.engine import GAMES, AnyGame, game, seat_counts
from spite_rules.errors import SpiteError, shown
from spite_rules.core.serialization import from_data, to_data
from spite_rules.web.protocol import Refused

__all__ = [
    "Table",
    "Seat",
    "LogEntry",
    "Countdown",
    "NEXT_ROUND",
    "HUMAN",
    "bot_makers",
    "table_options",
    "decision_time",
    "timed",
    "hint_order",
    "rules_for",
    "token_hash",
    "opening",
    "Journal",
]

#: The seat kind of a person (every other kind names a bot).
HUMAN = "human"
#: In a table's record, the place where the next deal was dealt.
NEXT_ROUND = "next_round"
#: The longest name a person may take.
MAX_NAME = 24


def bot_makers(name: str) -> Mapping[str, Callable[[int], Any]]:
    """The bots a table of game ``name`` can seat, by name, each made from a seed: the library's
    :func:`~spite_rules.bots.bots_for` (Spite's and Spite and Malice's greedy, random and strong bots; the
    random bot, which plays every game, for any other).

    >>> sorted(bot_makers("spite")), sorted(bot_makers("malice"))
    (['greedy', 'random', 'strong'], ['greedy', 'random', 'strong'])
    """
    return bots_for(name)


def table_options(name: str) -> Mapping[str, Callable[[Any], bool]]:
    """The rules options a table of game ``name`` may set on top of its ruleset, each with its
    check (a table may not, say, deal 1,000 decks). Spite: who referees misplays (ruling R27) and
    the decision time (ruling R31).

    Spite and Malice: the pay-off pile's size (seed 003: "20 cards are dealt face down to each
    pay-off pile (for example 21 or 15 or 30 ...)"; a short game for a first try) and whether side
    stacks are spread (seed 003: "play with the cards in the side stacks overlapped").

    >>> sorted(table_options("spite")), sorted(table_options("malice"))
    (['decision_seconds', 'referee'], ['payoff_size', 'spread_side_stacks'])
    """
    if name == "spite":
        return {
            "referee": lambda value: value in ("called", "automatic"),
            "decision_seconds": lambda value: type(value) is int and 1 <= value <= 120,
        }
    if name == "malice":
        return {
            "payoff_size": lambda value: type(value) is int and 1 <= value <= 40,
            "spread_side_stacks": lambda value: type(value) is bool,
        }
    return {}


def rules_for(played: AnyGame, ruleset: str | None, options: Mapping[str, Any]) -> Any:
    """The rules of a new table: the named ruleset (or the game's default) with ``options`` set,
    read back through the library's strict JSON reader.

    >>> rules_for(game("spite"), "000", {"referee": "automatic"}).referee
    <Referee.AUTOMATIC: 'automatic'>
    >>> rules_for(game("spite"), None, {"decks": 99})
    Traceback (most recent call last):
    ...
    spite_rules.web.protocol.Refused: bad_table: a spite table may not set 'decks' (it may set decision_seconds, referee)
    """
    try:
        base = played.default_rules() if ruleset is None else played.rules_named(ruleset)
    except SpiteError as error:
        raise Refused("bad_table", str(error)) from None
    if not options:
        return base
    allowed = table_options(played.name)
    for key, value in options.items():
        if key not in allowed:
            may = ", ".join(sorted(allowed)) or "nothing"
            raise Refused("bad_table", f"a {played.name} table may not set {shown(key)} (it may set {may})")
        if not allowed[key](value):
            raise Refused("bad_table", f"{shown(value)} is not a value {shown(key)} may take")
    document = to_data(base)
    document["data"] = {**document["data"], **options}
    try:
        return from_data(document, type(base))
    except SpiteError as error:
        raise Refused("bad_table", str(error)) from None


def decision_time(played: AnyGame, state: Any) -> tuple[int, int, Any] | None:
    """The countdown the table may start now: (the seat to act, its seconds, the action the
    countdown ends in), or None (nobody to act, or a game that keeps no time).

    Spite, ruling R31: ``state.time_allowance`` seconds (``Rules.decision_seconds`` plus one per
    card just picked up), ending in a ``Timeout`` ("deemed to have passed"). The Game protocol has
    no timing, so this is where the front-end learns it.

    >>> decision_time(game("spite"), game("spite").setup(hands=["5♠", "6♦", "7♣"]))
    (0, 5, Timeout(player=0))
    """
    if played.name != "spite":
        return None
    from spite_rules.actions import Timeout

    seat = played.to_act(state)
    allowance = getattr(state, "time_allowance", None)
    if seat is None or allowance is None:
        return None
    return seat, allowance, Timeout(seat)


def timed(played: AnyGame) -> bool:
    """Does the game keep a decision countdown (:func:`decision_time`)? Spite does (ruling R31);
    Spite and Malice has no timing rule.

    >>> timed(game("spite")), timed(game("malice"))
    (True, False)
    """
    return played.name == "spite"


def hint_order(played: AnyGame, state: Any, moves: Sequence[Any]) -> tuple[Any, ...]:
    """``moves`` in the order the game's hint button shows them (Spite and Malice:
    :func:`spite_rules.malice.hints.hint_order`, ruling M33); a game without hints keeps its order.
    The page's hint button steps through a seat's moves in this order.

    >>> malice = game("malice")
    >>> state = malice.setup(payoff=["9♦ 4♠", "Q♣"], hands=["3♥ 8♣", ""], centre=["A♦ 2♦"])
    >>> [str(move) for move in hint_order(malice, state, malice.legal_moves(state))][:2]
    ['seat 0: play 3♥ from hand to centre 1', 'seat 0: discard 3♥ to side 1']
    """
    if played.name != "malice" or not moves:
        return tuple(moves)
    from spite_rules.malice.hints import hint_order as malice_hints

    return malice_hints(state, moves)


def token_hash(token: str) -> str:
    """What the server keeps of a seat's token: its SHA-256 in hex (a token is 24 random bytes, so
    its hash cannot be reversed by guessing; a stolen database seats nobody).

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def opening(played: AnyGame, names: Sequence[str], seed: int, rules: Any) -> tuple[Any, tuple[Any, ...]]:
    """A new deal and the events of its opening, for the table's first log entry. Spite and
    Malice: :func:`spite_rules.malice.deal` (the first player's turn begins, the draw to five and
    any compulsory aces made while dealing); a game whose ``new_game`` tells no events gives none.

    >>> state, events = opening(game("malice"), ["ann", "bob"], 3, game("malice").default_rules())
    >>> type(events[0]).__name__, state.to_act == events[0].player
    ('TurnBegan', True)
    >>> opening(game("spite"), ["a", "b", "c"], 3, game("spite").default_rules())[1]
    ()
    """
    if played.name == "malice":
        from spite_rules.malice import deal

        return deal(rules, names, seed)
    return played.new_game(list(names), seed=seed, rules=rules), ()


class Journal(Protocol):
    """Where a table writes what it must not lose (:class:`spite_rules.web.store.Store`): each
    method returns once it is stored, or raises :class:`Refused` and the change is not made."""

    def seat(self, table_id: str, seat: int, name: str, token_sha256: str) -> None:
        """A person took ``seat``."""

    def act(self, table_id: str, version: int, action: Any, *, over: bool) -> None:
        """``action`` (or ``NEXT_ROUND``) was accepted and made ``version``."""


@attrs.define
class Seat:
    """One seat: ``kind`` is ``"human"`` or a bot's name; a person's seat holds its token's hash
    (:func:`token_hash`) once taken: the server never keeps a token it issued."""

    kind: str
    name: str
    token_sha256: str | None = None
    bot: Any = None
    online: bool = False

    @property
    def human(self) -> bool:
        """Is the seat a person's?"""
        return self.kind == HUMAN

    @property
    def taken(self) -> bool:
        """Is the seat filled (a bot, or a person who joined)?"""
        return not self.human or self.token_sha256 is not None


@attrs.frozen
class LogEntry:
    """What one change at the table told: the events of version ``version`` (unredacted: each
    seat gets them through ``game.redact``)."""

    version: int
    events: tuple[Any, ...]


@attrs.frozen
class Countdown:
    """A countdown running on ``seat`` (started by ``started_by`` at ``version``), ``seconds``
    long, ending at ``ends_at`` on the server's monotonic clock in the action ``timeout``."""

    seat: int
    seconds: int
    started_by: int
    version: int
    ends_at: float
    timeout: Any


def _clean_name(name: object) -> str:
    if not isinstance(name, str):
        raise Refused("bad_name", "a name is a string")
    cleaned = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise Refused("bad_name", f"a name has 1 to {MAX_NAME} characters")
    return cleaned


class Table:
    """One table: a game's authoritative state, its seats, its log. See the module's doc.

    ``seats`` lists each seat's kind: ``"human"`` or a bot of :func:`bot_makers`. The game is
    dealt when every person's seat is taken (at once for a table of bots). ``log_limit`` bounds
    the log kept for rejoining seats; ``keep_record`` keeps every action (for tests and replays).
    """

    def __init__(
        self,
        table_id: str,
        played: AnyGame,
        seats: Sequence[str],
        *,
        seed: int,
        rules: Any = None,
        ruleset: str | None = None,
        log_limit: int = 200,
        keep_record: bool = False,
    ) -> None:
        if not played.min_players <= len(seats) <= played.max_players:
            raise Refused(
                "bad_table",
                f"{played.title} is for {played.min_players} to {played.max_players} players, not {len(seats)}",
            )
        makers = bot_makers(played.name)
        self.seats: list[Seat] = []
        for number, kind in enumerate(seats):
            if kind == HUMAN:
                self.seats.append(Seat(kind, f"seat {number}"))
            elif isinstance(kind, str) and kind in makers:
                bot = makers[kind](seed + number)
                self.seats.append(Seat(kind, f"{kind} bot {number}", bot=bot, online=True))
            else:
                known = ", ".join([HUMAN, *sorted(makers)])
                raise Refused("bad_table", f"seat {number}: {shown(kind)} is not a seat kind (known: {known})")
        rules = played.default_rules() if rules is None else rules
        try:  # the rules may seat fewer than the game does: say why, before anyone sits down
            played.new_game(len(seats), seed=seed, rules=rules)
        except SpiteError as error:
            raise Refused("bad_table", str(error)) from None
        self.id = table_id
        self.game = played
        self.rules = rules
        self.ruleset = ruleset
        self.seed = seed
        self.state: Any = None
        self.version = 0
        self.log: collections.deque[LogEntry] = collections.deque(maxlen=log_limit)
        self.countdown: Countdown | None = None
        self.record: list[Any] | None = [] if keep_record else None
        self.journal: Journal | None = None
        self._moves: tuple[int, tuple[Any, ...]] = (-1, ())
        if all(seat.taken for seat in self.seats):
            self.start()

    # --- seats -------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Has the game been dealt?"""
        return self.state is not None

    @property
    def over(self) -> bool:
        """Has the deal in play ended (Spite: the round)?"""
        return self.state is not None and self.game.is_over(self.state)

    @property
    def bots(self) -> list[Any]:
        """The bot of each seat, None for a person (as :func:`~spite_rules.bots.next_bot_action`
        takes them)."""
        return [seat.bot for seat in self.seats]

    def join(self, seat: int | None, name: object) -> tuple[int, str]:
        """Take a person's seat (``None``: the first free one) under ``name``: the seat and its
        secret token. Deals the game once every seat is taken."""
        cleaned = _clean_name(name)
        if seat is None:
            free = [number for number, place in enumerate(self.seats) if not place.taken]
            if not free:
                raise Refused("full", "the table is full: every seat is taken")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise Refused("bad_seat", f"seat {shown(seat)} does not exist (seats are 0 to {len(self.seats) - 1})")
        place = self.seats[seat]
        if not place.human:
            raise Refused("bad_seat", f"seat {seat} is a {place.kind} bot's")
        if place.taken:
            raise Refused("taken", f"seat {seat} is taken")
        token = secrets.token_urlsafe(24)
        if self.journal is not None:
            self.journal.seat(self.id, seat, cleaned, token_hash(token))
        place.token_sha256 = token_hash(token)
        place.name = cleaned
        if all(other.taken for other in self.seats):
            self.start()
        return seat, token

    def seat_of(self, token: object) -> int:
        """The seat a token was issued for; refused for any other string."""
        if isinstance(token, str):
            hashed = token_hash(token).encode()
            for number, place in enumerate(self.seats):
                if place.token_sha256 is not None and hmac.compare_digest(place.token_sha256.encode(), hashed):
                    return number
        raise Refused("bad_token", "that token belongs to no seat at this table")

    def start(self) -> None:
        """Deal the game to the seats' names (the opening's events are the first log entry)."""
        names = [place.name for place in self.seats]
        self.state, events = opening(self.game, names, self.seed, self.rules)
        self.version += 1
        self.log.append(LogEntry(self.version, events))

    # --- play --------------------------------------------------------------------------------

    def moves(self) -> tuple[Any, ...]:
        """Every legal move now (computed once per version)."""
        if self._moves[0] != self.version:
            moves = () if self.state is None else self.game.legal_moves(self.state)
            self._moves = (self.version, moves)
        return self._moves[1]

    def moves_for(self, seat: int) -> tuple[Any, ...]:
        """The legal moves of ``seat`` itself: its turn's moves and its calls."""
        return tuple(move for move in self.moves() if move.player == seat)

    def read_action(self, seat: int, document: object) -> Any:
        """The action in a client's ``action`` document, read with the library's strict reader,
        refused unless it is one of this game's actions taken by ``seat``."""
        if not isinstance(document, dict):
            raise Refused("bad_action", "an action is a spite_rules JSON document (an object)")
        if document.get("game", "spite") != self.game.name:
            raise Refused("bad_action", f"this table plays {self.game.name}, not {document.get('game')!r}")
        try:
            action = from_data(document)
        except SpiteError as error:
            raise Refused("bad_action", str(error)) from None
        if not isinstance(action, self.game.action_type):
            raise Refused("bad_action", f"a {type(action).__name__} is not an action")
        if action.player != seat:
            raise Refused("not_your_seat", f"you are seat {seat}: you cannot act for seat {action.player}")
        return action

    def act(self, action: Any) -> LogEntry:
        """Apply ``action`` (already checked to be its seat's): the log entry it made. Refused
        (nothing changes) before the deal, after it ended, or where the game raises."""
        if self.state is None:
            raise Refused("not_started", "the game starts when every seat is taken")
        if self.game.is_over(self.state):
            raise Refused("over", "this deal is over: start the next one")
        try:
            state, events = self.game.apply(self.state, action)
        except SpiteError as error:
            raise Refused("illegal", str(error), getattr(error, "rule", None)) from None
        return self._advance(state, events, action)

    def next_round(self) -> LogEntry:
        """Deal the next round (Spite) or game of the series (Spite and Malice)."""
        if self.state is None or not self.game.is_over(self.state):
            raise Refused("not_over", "the deal in play is not over")
        try:
            state, events = self.game.next_round(self.state)
        except SpiteError as error:
            raise Refused("illegal", str(error)) from None
        return self._advance(state, events, NEXT_ROUND)

    def bot_action(self) -> Any | None:
        """What a bot does next (a call out of turn, or the move of the bot to act), or None."""
        return None if self.state is None else next_bot_action(self.state, self.bots, self.moves())

    def _advance(self, state: Any, events: tuple[Any, ...], action: Any) -> LogEntry:
        if self.journal is not None:  # stored before anyone is told; refused if it cannot be
            self.journal.act(self.id, self.version + 1, action, over=self.game.is_over(state))
        countdown = self.countdown
        self.state = state
        self.version += 1
        if self.record is not None:
            self.record.append(action)
        if countdown is not None and (
            getattr(action, "player", None) == countdown.seat or self.game.to_act(state) != countdown.seat
        ):
            self.countdown = None
        entry = LogEntry(self.version, events)
        self.log.append(entry)
        return entry

    def start_countdown(self, started_by: int, now: float, scale: float = 1.0) -> Countdown:
        """Start the decision countdown on the seat to act (any seat may start it); its seconds
        are the game's, times ``scale`` (tests run it fast)."""
        if self.state is None or self.game.is_over(self.state):
            raise Refused("no_countdown", "nobody is deciding now")
        if self.countdown is not None:
            raise Refused("no_countdown", f"a countdown is already running on seat {self.countdown.seat}")
        timing = decision_time(self.game, self.state)
        if timing is None:
            raise Refused("no_countdown", f"{self.game.title} keeps no countdown here")
        seat, seconds, timeout = timing
        if self.seats[seat].bot is not None:
            raise Refused("no_countdown", f"seat {seat} is a bot: bots do not dawdle")
        self.countdown = Countdown(seat, seconds, started_by, self.version, now + seconds * scale, timeout)
        return self.countdown

    def expire(self, countdown: Countdown) -> LogEntry | None:
        """The countdown ran out: apply its timeout if it is still the one running."""
        if self.countdown is not countdown:
            return None
        self.countdown = None
        return self.act(countdown.timeout)

    # --- messages ----------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The table as anyone with its link may see it: game, ruleset, seats (never tokens)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "ruleset": self.ruleset,
            "seats": [
                {"seat": number, "kind": place.kind, "name": place.name, "taken": place.taken, "online": place.online}
                for number, place in enumerate(self.seats)
            ],
            "timed": timed(self.game),
            "started": self.started,
            "over": self.over,
            "version": self.version,
        }

    def countdown_data(self, now: float) -> dict[str, Any] | None:
        """The running countdown for a message: its seat, seconds, and milliseconds left."""
        countdown = self.countdown
        if countdown is None:
            return None
        return {
            "seat": countdown.seat,
            "seconds": countdown.seconds,
            "started_by": countdown.started_by,
            "remaining_ms": max(0, round((countdown.ends_at - now) * 1000)),
        }

    def _events_for(self, seat: int, entry: LogEntry) -> list[dict[str, Any]]:
        names = self.game.names(self.state)
        seen = [self.game.redact(event, seat) for event in entry.events]
        return [{"event": to_data(event), "text": self.game.describe_event(event, names)} for event in seen]

    def _seat_state(self, seat: int, now: float) -> dict[str, Any]:
        if self.state is None:
            return {"view": None, "moves": [], "countdown": None}
        names = self.game.names(self.state)
        return {
            "view": to_data(self.game.view(self.state, seat)),
            "moves": [
                {"action": to_data(move), "text": self.game.describe_action(move, names)}
                for move in hint_order(self.game, self.state, self.moves_for(seat))
            ],
            "countdown": self.countdown_data(now),
        }

    def snapshot(self, seat: int, now: float) -> dict[str, Any]:
        """Everything ``seat`` sees on joining or rejoining: the table, its view, its moves and
        the log so far (each event redacted for it)."""
        log = [
            {"version": entry.version, **shown}
            for entry in self.log
            for shown in self._events_for(seat, entry)
        ]
        return {
            "type": "snapshot",
            "seat": seat,
            "table": self.summary(),
            "version": self.version,
            "log": log,
            **self._seat_state(seat, now),
        }

    def update(self, seat: int, entry: LogEntry, now: float) -> dict[str, Any]:
        """What ``seat`` receives after a change: the new events (redacted for it), its view and
        its moves."""
        return {
            "type": "update",
            "version": entry.version,
            "over": self.over,
            "events": self._events_for(seat, entry),
            **self._seat_state(seat, now),
        }


def known_games() -> list[dict[str, Any]]:
    """Every registered game a table can play, with its player counts, rulesets, bots and
    options (for the page's "new table" form)."""
    listed = []
    for name in GAMES:
        try:
            played = game(name)
        except (ImportError, SpiteError):
            continue
        listed.append(
            {
                "name": name,
                "title": played.title,
                "min_players": played.min_players,
                "max_players": played.max_players,
                "rulesets": list(played.rules_names()),
                "seat_counts": {ruleset: list(seat_counts(name, ruleset)) for ruleset in played.rules_names()},
                "timed": timed(played),
                "bots": sorted(bot_makers(name)),
                "options": sorted(table_options(name)),
            }
        )
    return listed
