"""Issue 33: the docs a user reads link only to what the repository holds. No file cites the
project's working notes outside it (shared/API.md, shared/MALICE-API.md, shared/rulesets/), and every
relative link of README.md and docs/ names a file that exists.
"""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_no_file_cites_the_api_notes_or_the_ruleset_notes_outside_the_repository() -> None:
    cited = []
    for path in [*DOCS, *sorted((ROOT / "spite_rules").rglob("*.py")), *sorted((ROOT / "tests").glob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        for gone in ("shared/API.md", "shared/MALICE-API.md", "shared/rulesets/"):
            if gone in text and path.name != "test_docs_links.py":
                cited.append(f"{path.relative_to(ROOT)}: {gone}")
    assert not cited, cited


def test_every_relative_link_of_the_readme_and_docs_names_a_file_of_the_repository() -> None:
    broken = []
    for path in DOCS:
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (path.parent / target).exists():
                broken.append(f"{path.relative_to(ROOT)} -> {target}")
    assert not broken, broken


def test_the_july_2023_ruleset_is_summarised_in_docs_with_its_source_and_every_difference() -> None:
    text = (ROOT / "docs" / "ruleset-2023-07.md").read_text(encoding="utf-8")
    assert "2023-07-20 and 2023-07-22" in text and "public repository of the rules" in text
    for number in range(1, 11):
        assert f"| V{number} |" in text
