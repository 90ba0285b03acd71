"""OpenSpiel's bots as the library's bots (``spite_rules.openspiel.bots``): the ladder's factories,
legal and seeded choices in both games, and docs/openspiel.md's example, run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra (pip install 'spite-rules[openspiel]') has OpenSpiel")

import spite_rules as sr  # noqa: E402
import spite_rules.malice as sm  # noqa: E402
from spite_rules.bots import GreedyBot, play_deal  # noqa: E402
from spite_rules.openspiel.bots import OpenSpielBot, ladder_bots  # noqa: E402


@pytest.mark.parametrize("game", ["spite", "malice"])
def test_ladder_bots_are_seeded_factories_of_bots_that_choose_from_view_and_moves(game: str) -> None:
    bots = ladder_bots(game)
    assert sorted(bots) == ["openspiel-ismcts", "openspiel-mcts"]
    for name, make in bots.items():
        bot = make(3)
        assert bot.name == name and callable(bot.choose)


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_an_openspiel_bot_plays_a_whole_malice_game_legally_and_the_same_for_a_seed(kind: str) -> None:
    results = []
    for _ in range(2):
        bots = [OpenSpielBot("malice", kind, 7, simulations=6), sm.GreedyBot(1)]
        state, _ = play_deal(sm.new_game(2, seed=9), bots)
        assert state.game_over
        results.append(state)
    assert results[0] == results[1]


def test_an_openspiel_bot_plays_a_spite_round_under_the_automatic_referee() -> None:
    rules = sr.Rules(referee=sr.Referee.AUTOMATIC)
    bots = [OpenSpielBot("spite", "ismcts", 2, simulations=4), GreedyBot(), GreedyBot()]
    state, _ = play_deal(sr.new_game(3, seed=2, rules=rules), bots)
    assert state.round_over


def test_docs_openspiel_md_example_runs_as_written() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "openspiel.md").read_text(encoding="utf-8")
    example = re.search(r"<!-- example: tests/openspiel -->\n```python\n(.*?)```", text, re.DOTALL)
    assert example is not None
    code = example.group(1)
    assert len([line for line in code.splitlines() if line.strip()]) <= 15
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/openspiel.md", "exec"), namespace)
    assert namespace["state"].is_terminal()  # type: ignore[attr-defined]
