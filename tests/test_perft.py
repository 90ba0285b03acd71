"""Legal-move counts ("perft", as in chess engines) of positions in tests/perft/*.toml.

Each file is a dispute-format position (docs/disputes.md): a ``[position]``, optional context
``[[actions]]`` that reach the position to count from, and a ``[perft]`` table with ``depth1`` (the
number of legal moves) and ``depth2`` (the number of two-move sequences). The files say which counts
were checked by reasoning and which are regression values produced by the engine. On a mismatch the
failure prints each move with the count below it (``perft_breakdown``), to find the move that
appeared or went missing.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from spite_rules.disputes import judge_dispute, load_dispute, perft, perft_breakdown
from spite_rules.state import State
from tests.helpers import path_id

PERFT = Path(__file__).resolve().parent / "perft"
FILES = sorted(PERFT.glob("*.toml"))


def _position(path: Path) -> State:
    """The state the file counts from: its position after its context actions."""
    judgement = judge_dispute(load_dispute(path))
    illegal = [step for step in judgement.steps if step.verdict == "illegal"]
    assert not illegal, f"{path.name}: a context action cannot happen: {illegal[0].reason}"
    return judgement.state


def _expected(path: Path) -> dict[str, int]:
    table = tomllib.loads(path.read_text(encoding="utf-8")).get("perft")
    assert isinstance(table, dict) and {"depth1", "depth2"} <= set(table), (
        f"{path.name} needs a [perft] table with depth1 and depth2"
    )
    return table


def _breakdown(state: State, depth: int) -> str:
    return "\n".join(f"  {move}: {count}" for move, count in perft_breakdown(state, depth))


def test_there_are_enough_perft_positions() -> None:
    assert len(FILES) >= 25


@pytest.mark.parametrize("depth", [1, 2])
@pytest.mark.parametrize("path", FILES, ids=path_id)
def test_perft_count(path: Path, depth: int) -> None:
    state = _position(path)
    expected = _expected(path)[f"depth{depth}"]
    got = perft(state, depth)
    assert got == expected, (
        f"{path.name}: perft depth {depth} is {got}, the file says {expected}; each move and the "
        f"count below it:\n{_breakdown(state, depth)}"
    )


@pytest.mark.parametrize("path", FILES, ids=path_id)
def test_perft_depth2_is_the_sum_of_depth1_below_each_move(path: Path) -> None:
    state = _position(path)
    assert sum(count for _, count in perft_breakdown(state, 2)) == perft(state, 2)
    assert len(perft_breakdown(state, 1)) == perft(state, 1)
