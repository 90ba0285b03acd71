"""The reference browser front-end: ``spite-rules serve`` (install ``spite-rules[web]``).

Layer: surface over both games — may import either game, the core, the cards and the errors.

- :mod:`spite_rules.web.protocol`: the websocket messages, their limits, refusals.
- :mod:`spite_rules.web.table`: one table's authoritative state and what each seat sees (no I/O).
- :mod:`spite_rules.web.live`: a table being served (its connections, bots' and countdown's timers).
- :mod:`spite_rules.web.lobby`: every table of a process; kept in SQLite by a group commit, resumed.
- :mod:`spite_rules.web.store`: the SQLite file (schema, migrations, records).
- :mod:`spite_rules.web.tables_cli`: ``spite-rules tables``.
- :mod:`spite_rules.web.server`: the Starlette application and ``serve``.
- ``static/``: the page (plain HTML, CSS and JavaScript; no build step, nothing from a CDN).

docs/web.md describes the messages, how to run it and the security model.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["run", "table_request", "add_storage_arguments", "storage_settings"]


def add_storage_arguments(parser: argparse.ArgumentParser) -> None:
    """``serve``'s options for keeping tables (``--db``, ``--memory``, ``--keep-finished``) and
    for limiting table creation per client address.

    >>> parser = argparse.ArgumentParser()
    >>> add_storage_arguments(parser)
    >>> storage_settings(parser.parse_args(["--memory", "--tables-per-address", "3"]))
    {'db': None, 'keep_finished_hours': 24.0, 'tables_per_address': 3, 'new_tables_per_minute': 2.0}
    """
    parser.add_argument("--db", default=None, metavar="PATH",
                        help="the SQLite file the tables are kept in (default: spite-rules-tables.sqlite3 here)")
    parser.add_argument("--memory", action="store_true", help="keep the tables in memory only (they end with the process)")
    parser.add_argument("--keep-finished", type=float, default=24.0, metavar="HOURS",
                        help="hours a table whose deal is over stays readable")
    parser.add_argument("--tables-per-address", type=int, default=10, metavar="N",
                        help="tables one client address may create at once")
    parser.add_argument("--new-tables-per-minute", type=float, default=2.0, metavar="R",
                        help="then tables per minute per address")


def storage_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`run` that :func:`add_storage_arguments` parsed (``db``
    None: in memory only)."""
    from spite_rules.web.store import default_path

    return {
        "db": None if args.memory else (args.db or default_path()),
        "keep_finished_hours": args.keep_finished,
        "tables_per_address": args.tables_per_address,
        "new_tables_per_minute": args.new_tables_per_minute,
    }


def table_request(table: str, seats: str, options: Sequence[str] = ()) -> dict[str, Any]:
    """The table ``spite-rules serve --table GAME[:RULESET] --seats KINDS --option KEY=VALUE``
    asks for, as the lobby's create-table form sends it (each option's value read as JSON where it
    is JSON, else as text).

    >>> table_request("malice:book", "human,greedy", ["payoff_size=12", "spread_side_stacks=true"])
    {'game': 'malice', 'ruleset': 'book', 'seats': ['human', 'greedy'], 'options': {'payoff_size': 12, 'spread_side_stacks': True}}
    >>> table_request("spite", "human,human,random", ["referee=automatic"])["options"]
    {'referee': 'automatic'}
    """
    name, _, ruleset = table.partition(":")
    chosen: dict[str, Any] = {}
    for option in options:
        key, equals, text = option.partition("=")
        if not equals or not key:
            raise ValueError(f"an option is KEY=VALUE, not {option!r}")
        try:
            chosen[key] = json.loads(text)
        except json.JSONDecodeError:
            chosen[key] = text
    return {"game": name, "ruleset": ruleset or None, "seats": [kind.strip() for kind in seats.split(",")], "options": chosen}


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    bot_delay: float = 0.8,
    tables: Sequence[dict[str, Any]] = (),
    db: str | None = None,
    keep_finished_hours: float = 24.0,
    tables_per_address: int = 10,
    new_tables_per_minute: float = 2.0,
) -> int:
    """``spite-rules serve``: serve tables until interrupted; 2 when the web extra is missing, the
    database ``db`` cannot be used (corrupt, of a newer schema, unwritable: the reason and the way
    out are printed), or a table asked for on the command line is refused. With ``db``, every
    stored table is resumed first. ``tables``: tables to create at start (:func:`table_request`),
    whose join links are printed."""
    try:
        from spite_rules.web.protocol import Refused
        from spite_rules.web.server import Lobby, ServerConfig, serve
        from spite_rules.web.store import StoreError
    except ImportError as error:
        print(f"spite-rules serve needs the web extra: pip install 'spite-rules[web]' ({error})", file=sys.stderr)
        return 2
    config = ServerConfig(
        bot_delay=bot_delay, db=db, keep_finished_seconds=keep_finished_hours * 3600,
        tables_per_address=tables_per_address, new_tables_per_minute=new_tables_per_minute,
    )
    try:
        lobby = Lobby(config)
    except StoreError as error:
        print(f"spite-rules serve: {error}", file=sys.stderr)
        return 2
    resumed = lobby.resume()
    if db is not None:
        print(f"spite-rules: tables kept in {db}; {len(resumed)} resumed", flush=True)
    for asked in tables:
        try:
            live = lobby.create(asked["game"], asked["seats"], ruleset=asked["ruleset"], options=asked["options"])
        except Refused as refused:
            print(f"spite-rules serve: the table was refused: {refused.text}", file=sys.stderr)
            lobby.close()
            return 2
        table = live.table
        print(f"table {table.id}: {table.game.title}, {table.ruleset or 'default rules'}", flush=True)
        for number, seat in enumerate(table.seats):
            where = f"http://{host}:{port}/table/{table.id}?seat={number}" if seat.human else seat.name
            print(f"  seat {number}: {where}", flush=True)
    serve(host, port, lobby=lobby)
    return 0
