"""Golden playthroughs: seeded bot games recorded as transcripts, regenerated and compared, so any
change of behaviour shows up as a reviewable diff.

After a deliberate rule change (and a ruleset version bump), refresh them with
``SPITE_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_playthroughs.py`` and review the diff.
"""

import difflib
import os
import pathlib

import pytest

from spite_rules.rules import Referee
from spite_rules.transcript import transcript

GOLDEN = pathlib.Path(__file__).parent / "golden"

GAMES = {
    "3p-seed1-1round.txt": dict(players=3, seed=1, rounds=1, bots=("greedy", "random", "random")),
    "4p-seed2-2rounds.txt": dict(players=4, seed=2, rounds=2, bots=("greedy", "greedy", "random", "random")),
    "6p-seed3-called.txt": dict(
        players=6, seed=3, rounds=1, bots=("random",), referee=Referee.CALLED
    ),
    # The July 2023 revision (ruleset 2023-07): come-at-me rewards taken by discarding and drawing.
    "4p-seed4-2023-07.txt": dict(
        players=4, seed=4, rounds=2, bots=("random",), referee=Referee.CALLED, ruleset="2023-07"
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    text = transcript(**GAMES[name])  # type: ignore[arg-type]
    path = GOLDEN / name
    if os.environ.get("SPITE_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), text.splitlines(True), f"golden/{name}", "now", n=2
            )
        )
        pytest.fail(f"the playthrough changed; review the diff (first 80 lines):\n{''.join(diff.splitlines(True)[:80])}")


def test_golden_playthroughs_are_deterministic() -> None:
    assert transcript(3, seed=9, rounds=1) == transcript(3, seed=9, rounds=1)
