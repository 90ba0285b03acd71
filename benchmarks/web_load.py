"""Load figures for `spite-rules serve` (a benchmark, not a test): tables and moves per second one
server process sustains with bots on every seat, and memory per table.

    .venv/bin/python benchmarks/web_load.py [--game spite|malice|both] [--tables 50] [--seconds 10]

Every Spite table seats four greedy/random bots and plays round after round; every Spite and Malice
table (common preset) seats a greedy and a random bot and plays game after game. No delay, one
asyncio loop, as the server runs them (``LiveTable``: bots through ``next_bot_action``, the log,
the countdown bookkeeping). Two runs per game:

- **engine only**: nobody watching: the cost of the rules and the bots;
- **every seat watching**: each seat has a connection that gets its update after every move (its
  view, its legal moves, its redacted and narrated events, as JSON text), as four people at the
  table would; the text is built and dropped instead of written to a socket.

- **engine only, stored** (on unless ``--no-db``): as the first, with every move committed to a
  SQLite file (:mod:`spite_rules.web.store`, WAL, ``synchronous=FULL``, the server's group commit)
  before the next: the cost of durability, and the file's growth per thousand moves (after the
  clean stop's checkpoint).

At people's pace a table makes about one move every ``bot_delay`` (0.8 s) while bots play and
fewer while people think, so "tables at people's pace" is the watched moves per second times 0.8.
Memory per table is measured with tracemalloc: a dealt table, and a table whose log is full.
Figures measured on the project's machine are in docs/web.md ("Tests and load").
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import tempfile
import time
import tracemalloc
from typing import Any

from spite_rules.web.server import Lobby, LiveTable, ServerConfig

#: The seats of each game's benchmark table.
SEATS = {"spite": ["greedy", "random", "greedy", "random"], "malice": ["greedy", "random"]}


def _deals_done(live: LiveTable) -> int:
    """Rounds (Spite) or games (Spite and Malice) the table has finished."""
    state = live.table.state
    if live.table.game.name == "spite":
        return int(state.round_number) - 1 + live.table.over
    return len(state.series) + live.table.over


class _Watcher:
    """Stands for a connected seat: builds each message's JSON text, as ``Connection.send`` does."""

    def __init__(self) -> None:
        self.sent = 0
        self.bytes = 0
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, ensure_ascii=False)
        self.sent += 1
        self.bytes += len(text.encode())

    def close(self) -> None:
        self.closed = True


async def _run(name: str, tables: int, seconds: float, watched: bool, db: str | None = None) -> dict[str, float]:
    lobby = Lobby(ServerConfig(bot_delay=0, auto_rounds=True, next_round_delay=0, max_tables=tables + 1, seed=1, db=db))
    seats = SEATS[name]
    lives: list[LiveTable] = [lobby.create(name, list(seats)) for _ in range(tables)]
    watchers: list[_Watcher] = []
    for live in lives:
        if watched:
            for seat in range(len(seats)):
                watcher = _Watcher()
                watchers.append(watcher)
                live.connections[seat] = watcher  # type: ignore[assignment]
        live.schedule_bots()
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    await lobby.drain()
    commits = lobby.committer.commits if lobby.committer is not None else 0
    lobby.close()
    moves = sum(live.moves_applied for live in lives)
    size = sum(os.path.getsize(db + tail) for tail in ("", "-wal") if os.path.exists(db + tail)) if db else 0
    rounds = sum(_deals_done(live) for live in lives)
    return {
        "moves_per_s": moves / elapsed,
        "rounds_per_s": rounds / elapsed,
        "messages_per_s": sum(w.sent for w in watchers) / elapsed,
        "kib_per_s": sum(w.bytes for w in watchers) / elapsed / 1024,
        "moves": moves,
        "commits": commits,
        "file_bytes": size,
    }


def _memory_per_table(name: str, count: int, moves: int) -> float:
    """Bytes per table: ``count`` tables, each after ``moves`` moves (0: just dealt)."""

    async def build() -> list[LiveTable]:
        lobby = Lobby(ServerConfig(bot_delay=0, max_tables=count + 1, seed=2))
        made = [lobby.create(name, list(SEATS[name])) for _ in range(count)]
        for live in made:
            for _ in range(moves):
                action = live.table.bot_action()
                if action is None:
                    if live.table.over:
                        live.table.next_round()
                    continue
                live.table.act(action)
        return made

    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    made = asyncio.run(build())
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert len(made) == count
    return grown / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["spite", "malice", "both"], default="both")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--no-db", dest="db", action="store_false", help="skip the run that stores every move in SQLite")
    args = parser.parse_args()
    for name in ("spite", "malice") if args.game == "both" else (args.game,):
        seats = len(SEATS[name])
        deals = "rounds" if name == "spite" else "games"
        print(f"{name}: {args.tables} tables of {seats} bots, {args.seconds:g} s each run, one process, one core")
        for watched in (False, True):
            figures = asyncio.run(_run(name, args.tables, args.seconds, watched))
            label = f"{seats} seats watching " if watched else "engine only       "
            line = f"  {label}: {figures['moves_per_s']:8.0f} moves/s  {figures['rounds_per_s']:6.1f} {deals}/s"
            if watched:
                line += f"  {figures['messages_per_s']:7.0f} messages/s  {figures['kib_per_s']:7.0f} KiB/s"
                line += f"  -> about {figures['moves_per_s'] * 0.8:.0f} tables at people's pace (a move per 0.8 s)"
            print(line, flush=True)
        if args.db:
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "tables.sqlite3")
                figures = asyncio.run(_run(name, args.tables, args.seconds, False, db=path))
            growth = figures["file_bytes"] / max(figures["moves"], 1) * 1000 / 1024
            print(f"  engine only, stored: {figures['moves_per_s']:8.0f} moves/s  {figures['rounds_per_s']:6.1f} {deals}/s"
                  f"  (SQLite, synchronous=FULL, {figures['moves'] / max(figures['commits'], 1):.0f} moves per group commit;"
                  f" the file grows {growth:.0f} KiB per 1,000 moves)", flush=True)
        print(f"  memory per table, just dealt:          {_memory_per_table(name, 200, 0) / 1024:7.1f} KiB")
        print(f"  memory per table, after 400 moves:     {_memory_per_table(name, 50, 400) / 1024:7.1f} KiB (log of 200 changes)")


if __name__ == "__main__":
    main()
