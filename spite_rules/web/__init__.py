"""The reference browser front-end: ``spite-rules serve`` (install ``spite-rules[web]``).

- :mod:`spite_rules.web.protocol`: the websocket messages, their limits, refusals.
- :mod:`spite_rules.web.table`: one table's authoritative state and what each seat sees (no I/O).
- :mod:`spite_rules.web.server`: the Starlette application and ``serve``.
- ``static/``: the page (plain HTML, CSS and JavaScript; no build step, nothing from a CDN).

docs/web.md describes the messages, how to run it and the security model.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["run", "table_request"]


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
) -> int:
    """``spite-rules serve``: serve tables until interrupted; 2 when the web extra is missing or a
    table asked for on the command line is refused (the reason is printed). ``tables``: tables to
    create at start (:func:`table_request`), whose join links are printed."""
    try:
        from spite_rules.web.protocol import Refused
        from spite_rules.web.server import Lobby, ServerConfig, serve
    except ImportError as error:
        print(f"spite-rules serve needs the web extra: pip install 'spite-rules[web]' ({error})", file=sys.stderr)
        return 2
    lobby = Lobby(ServerConfig(bot_delay=bot_delay))
    for asked in tables:
        try:
            live = lobby.create(asked["game"], asked["seats"], ruleset=asked["ruleset"], options=asked["options"])
        except Refused as refused:
            print(f"spite-rules serve: the table was refused: {refused.text}", file=sys.stderr)
            return 2
        table = live.table
        print(f"table {table.id}: {table.game.title}, {table.ruleset or 'default rules'}", flush=True)
        for number, seat in enumerate(table.seats):
            where = f"http://{host}:{port}/table/{table.id}?seat={number}" if seat.human else seat.name
            print(f"  seat {number}: {where}", flush=True)
    serve(host, port, lobby=lobby)
    return 0
