"""``spite-rules tables``: the tables a ``spite-rules serve`` keeps in its database, listed,
exported as the library's game record, and replayed as a transcript.

Layer: surface over both games — may import either game, the core, the cards and the errors.

``spite-rules tables [--db PATH]`` lists them (:func:`listing`); ``export ID`` writes a table's
:class:`~spite_rules.core.record.GameRecord` as JSON (``to_data``; ``from_data`` reads it and
:func:`spite_rules.replay` replays it); ``replay FILE`` narrates an exported record
(:func:`narrated`: a disputed hand, move by move, for ``judge``). It reads the database only
(SQLite's WAL lets it run beside the server) and needs no web extra.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "t.sqlite3")
>>> main(["--db", path])  # the reason goes to stderr: no such table database
2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["add_arguments", "run", "main", "listing", "narrated"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``tables`` subcommand's arguments: ``[export ID | replay FILE] [--db PATH]``.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["export", "abc", "--db", "x.sqlite3"]).what
    ['export', 'abc']
    """
    parser.add_argument(
        "what", nargs="*", metavar="export ID | replay FILE",
        help="nothing: list the tables; export ID: a table's record as JSON; replay FILE: narrate an exported record",
    )
    parser.add_argument("--db", default=None, metavar="PATH",
                        help="the server's table database (default: spite-rules-tables.sqlite3 here)")


def run(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    """Run ``spite-rules tables`` with parsed ``args``: 0, or 2 with the reason on stderr."""
    from spite_rules.web.store import Store, StoreError, default_path

    what = list(args.what)
    try:
        if what[:1] == ["replay"] and len(what) == 2:
            with open(what[1], encoding="utf-8") as handle:
                document = json.load(handle)
            out(narrated(document))
            return 0
        if what and not (what[0] == "export" and len(what) == 2):
            raise ValueError(f"unknown request {' '.join(what)!r}: give nothing, export ID or replay FILE")
        store = Store(args.db or default_path(), readonly=True)
        try:
            if not what:
                out(listing(store.tables()))
                return 0
            from spite_rules.core.serialization import to_data

            try:
                record = store.record(what[1])
            except KeyError:
                raise ValueError(f"no table {what[1]!r} in {store.path}") from None
            out(json.dumps(to_data(record), ensure_ascii=False, indent=1))
            return 0
        finally:
            store.close()
    except (StoreError, ValueError, OSError) as error:
        print(f"spite-rules tables: {error}", file=sys.stderr)
        return 2


def main(argv: Sequence[str]) -> int:
    """``spite-rules tables`` on its own arguments (the command line registers :func:`run`)."""
    parser = argparse.ArgumentParser(prog="spite-rules tables")
    add_arguments(parser)
    return run(parser.parse_args(list(argv)), print)


def listing(tables: Sequence[Any], now: float | None = None) -> str:
    """The stored tables, one a line (``tables`` lists :class:`~spite_rules.web.store.StoredTable`).

    >>> from spite_rules.web.store import StoredSeat, StoredTable
    >>> seats = (StoredSeat("human", "ann", "ab"), StoredSeat("greedy", "greedy bot 1", None))
    >>> print(listing([StoredTable("t1", "malice", "book", None, 3, seats, 12, None, 0.0, 90.0, None, None)], now=150.0))
    id            game           seats                              moves  last activity
    t1            malice:book    ann, greedy bot 1 (bot)               12  1 min ago
    """
    now = time.time() if now is None else now
    lines = [f"{'id':<13} {'game':<14} {'seats':<34} {'moves':>5}  last activity"]
    for stored in tables:
        seats = ", ".join(
            seat.name + ("" if seat.kind == "human" else " (bot)") + ("" if seat.kind != "human" or seat.token_sha256 else " (free)")
            for seat in stored.seats
        )
        game = stored.game + (f":{stored.ruleset}" if stored.ruleset else "")
        state = " · not resumed: " + stored.broken if stored.broken else (" · deal over" if stored.finished else "")
        lines.append(f"{stored.id:<13} {game:<14} {seats:<34} {stored.moves:>5}  {_ago(now - stored.last_active)}{state}")
    if not tables:
        lines.append("(no tables)")
    return "\n".join(lines)


def _ago(seconds: float) -> str:
    if seconds < 60:
        return f"{int(seconds)} s ago"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{seconds / 3600:.1f} h ago"
    return f"{seconds / 86400:.1f} days ago"


def narrated(document: Any) -> str:
    """An exported record replayed through its game: the deal, then every action and its events in
    the library's words. A record that does not replay raises the engine's error.

    >>> from spite_rules import GameRecord, legal_moves, new_game
    >>> from spite_rules.core.serialization import to_data
    >>> record = GameRecord(players=("ann", "bob", "cy"), seed=4)
    >>> record = record.with_action(legal_moves(new_game(["ann", "bob", "cy"], seed=4))[0])
    >>> print(narrated(to_data(record)).splitlines()[0])
    # spite record: ann, bob, cy; seed 4; 1 deal, 1 action
    """
    from spite_rules.core.engine import game
    from spite_rules.core.grammar import count
    from spite_rules.core.record import GameRecord
    from spite_rules.core.serialization import from_data

    record = from_data(document)
    if not isinstance(record, GameRecord):
        raise ValueError(f"not a game record but a {type(record).__name__}")
    played = game(record.game)
    actions = sum(len(deal.actions) for deal in record.rounds)
    lines = [
        f"# {record.game} record: {', '.join(record.players)}; seed {record.seed}; "
        f"{count(len(record.rounds), 'deal')}, {count(actions, 'action')}"
    ]
    state = played.new_game(list(record.players), seed=record.seed, rules=record.rules)
    for number, deal in enumerate(record.rounds):
        if number:
            state, events = played.next_round(state, deal.late_joiners)
            lines.extend(f"  {played.describe_event(event, played.names(state))}" for event in events)
        lines.append(f"## deal {number + 1}")
        for action in deal.actions:
            names = played.names(state)
            state, events = played.apply(state, action)
            lines.append(played.describe_action(action, names))
            lines.extend(f"  {played.describe_event(event, names)}" for event in events)
    lines.append("over" if played.is_over(state) else "(the deal goes on)")
    return "\n".join(lines)
