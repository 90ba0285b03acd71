"""docs/malice/rulings.md: every ruling names a test that exists, and the ids run without gaps."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "malice" / "rulings.md").read_text(encoding="utf-8")
TESTS = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "malice").rglob("test_*.py"))


def test_every_test_a_ruling_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", DOC))
    assert named
    missing = sorted(name for name in named if f"def {name}(" not in TESTS)
    assert not missing, missing


def test_every_ruling_has_a_question_a_reason_and_a_test() -> None:
    entries = re.split(r"\n\*\*(?=M\d+\.)", DOC)[1:]
    ids = sorted(int(re.match(r"M(\d+)", entry).group(1)) for entry in entries)  # type: ignore[union-attr]
    assert ids == list(range(1, len(ids) + 1))
    for entry in entries:
        assert "Ruling:" in entry and "Reason:" in entry and "`test_" in entry, entry[:40]


def test_the_rulings_the_code_cites_are_in_the_doc() -> None:
    code = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "spite_rules" / "malice").glob("*.py"))
    cited = set(re.findall(r"[Rr]uling (M\d+)", code))
    documented = set(re.findall(r"\*\*(M\d+)\.", DOC))
    assert cited <= documented, sorted(cited - documented)
