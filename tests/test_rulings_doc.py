"""docs/rulings.md keeps its promises: every item of shared/RULINGS-TO-DECIDE.md has a ruling, and
every test a ruling says pins it exists."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")


def test_every_open_question_has_a_ruling() -> None:
    for number in range(1, 36):
        prefix = "H" if number <= 9 else "T" if number <= 19 else "R" if number <= 31 else "S"
        assert re.search(rf"^### {prefix}{number}\. ", RULINGS, re.M), f"no ruling {prefix}{number}"


def test_every_ruling_says_what_pins_it() -> None:
    entries = re.split(r"^### ", RULINGS, flags=re.M)[1:]
    for entry in entries:
        title = entry.splitlines()[0]
        assert "**pinned by.**" in entry or "pinned by" in entry.lower(), f"{title}: no tests named"


def test_every_cited_test_exists() -> None:
    cited = set(re.findall(r"`((?:properties/)?test_[a-z0-9_]+\.py)::([A-Za-z0-9_]+)", RULINGS))
    assert len(cited) > 100
    missing = []
    for path, name in sorted(cited):
        source = ROOT / "tests" / path
        if not source.is_file() or not re.search(rf"\b(def|class) {name}\b|^{name} = ", source.read_text(encoding="utf-8"), re.M):
            missing.append(f"{path}::{name}")
    assert not missing, f"rulings cite tests that do not exist: {missing}"
