"""Spite and Malice's golden transcripts: one seeded bot game per preset, as
``spite-rules --game malice transcript --preset P --seed S`` prints it, compared with
tests/golden/malice-<preset>.txt so any change of behaviour shows up as a reviewable diff.

After a deliberate rule change (and a ruleset version bump), refresh them with
``SPITE_UPDATE_GOLDEN=1 python -m pytest tests/test_malice_golden.py`` and review the diff.
"""

from __future__ import annotations

import difflib
import os
import pathlib
import subprocess
import sys

import pytest

import spite_rules.malice as sm
from spite_rules.cli import main

GOLDEN = pathlib.Path(__file__).parent / "golden"

SEEDS = {"common": 1, "book": 1, "jacks": 1, "three_decks": 1}


def _compare(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("SPITE_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(True), text.splitlines(True), f"golden/{name}", "now", n=2)
        pytest.fail(f"the transcript changed; review the diff (first 80 lines):\n{''.join(list(diff)[:80])}")


@pytest.mark.parametrize("preset", sm.PRESETS)
def test_golden_transcript_is_unchanged(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "malice", "transcript", "--preset", preset, "--seed", str(SEEDS[preset])]) == 0
    _compare(f"malice-{preset}.txt", capsys.readouterr().out)


def test_golden_transcript_through_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spite_rules", "--game", "malice", "transcript", "--preset", "book", "--seed", "1"],
        capture_output=True, text=True, encoding="utf-8", env=dict(os.environ, PYTHONIOENCODING="utf-8"), timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (GOLDEN / "malice-book.txt").read_text(encoding="utf-8")
