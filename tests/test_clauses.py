"""The specification is traceable: every clause of docs/rules.md is pinned by a marked test, every
marker names a clause, every rule the engine cites is a clause, and docs/rules.md is current."""

import ast
import pathlib
import re

import pytest

from spite_rules.clauses import BY_ID, CLAUSES, render_markdown
from spite_rules.core.engine import GAMES, game

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _marked_clause_ids() -> dict[str, list[str]]:
    """Clause id -> the tests marked with it, read from the test sources (so the check does not
    depend on which tests were collected)."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_ids = _rule_args(
            node.value for node in tree.body if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
        )
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                for clause_id in _rule_args(node.decorator_list) + module_ids:
                    found.setdefault(clause_id, []).append(f"{path.relative_to(ROOT)}::{node.name}")
    return found


def _rule_args(nodes: object) -> list[str]:
    ids = []
    for node in nodes:  # type: ignore[attr-defined]
        for call in ast.walk(node):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "rule"
                and isinstance(call.func.value, ast.Attribute)
                and call.func.value.attr == "mark"
            ):
                ids += [arg.value for arg in call.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return ids


MARKED = _marked_clause_ids()


def test_every_clause_is_pinned_by_a_marked_test() -> None:
    missing = [clause.id for clause in CLAUSES if clause.id not in MARKED]
    assert not missing, f"clauses with no @pytest.mark.rule test: {missing}"


def _game_of_clause(clause_id: str) -> str:
    """The game whose clause table an id belongs to: another game's ids start with its name."""
    head = clause_id.split(".")[0]
    return head if head in GAMES and head != "spite" else "spite"


def test_every_rule_marker_names_a_clause() -> None:
    unknown = {
        clause_id: tests[:3]
        for clause_id, tests in MARKED.items()
        if _game_of_clause(clause_id) == "spite" and clause_id not in BY_ID
    }
    assert not unknown, f"markers naming no clause of docs/rules.md: {unknown}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_marker_names_a_clause_of_its_own_games_table(name: str) -> None:
    ids = game(name).clause_ids()
    assert ids, f"{name} has no clause table"
    mine = {clause_id: tests[:3] for clause_id, tests in MARKED.items() if _game_of_clause(clause_id) == name}
    unknown = {clause_id: tests for clause_id, tests in mine.items() if clause_id not in ids}
    assert not unknown, f"markers naming no clause of {name}'s table: {unknown}"


#: Games whose clause table is not yet pinned test by test; strict, so an entry must go when the
#: markers are in (Spite and Malice's went in with issue 19).
_UNPINNED_YET: set[str] = set()


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason="issue 19: S&M clause markers"))
        if name in _UNPINNED_YET
        else name
        for name in sorted(GAMES)
    ],
)
def test_every_clause_of_each_game_is_pinned_by_a_marked_test(name: str) -> None:
    ids = game(name).clause_ids()
    marked = {clause_id for clause_id in MARKED if _game_of_clause(clause_id) == name}
    unpinned = sorted(ids - marked)
    assert not unpinned, f"{name} clauses with no @pytest.mark.rule test: {unpinned}"


def _engine_rule_ids() -> set[str]:
    ids: set[str] = set()
    for path in (ROOT / "spite_rules").rglob("*.py"):
        if path.name == "clauses.py":
            continue
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'"([a-z-]+(?:\.[a-z0-9-]+)+)"', text))
    return {i for i in ids if i.split(".")[0] in {c.id.split(".")[0] for c in CLAUSES}}


ENGINE_RULES = sorted(_engine_rule_ids())


def test_the_engine_cites_rules_by_clause_id() -> None:
    assert len(ENGINE_RULES) >= 25
    unknown = [rule for rule in ENGINE_RULES if rule not in BY_ID]
    assert not unknown, f"rule ids the engine cites that are not clauses: {unknown}"


@pytest.mark.parametrize("rule", ENGINE_RULES)
def test_every_breakable_clause_is_reached_by_a_test_asserting_it(rule: str) -> None:
    sources = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("*.py") if p.name != "test_clauses.py")
    sources += "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("*.toml")
                         if "malformed" not in p.parts)  # bad files the judge refuses pin no clause
    assert f'"{rule}"' in sources, f"no test asserts a misplay or loss citing {rule}"


def test_docs_rules_md_is_generated_from_the_clauses() -> None:
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == render_markdown(), (
        "docs/rules.md is stale: run `python -m spite_rules.clauses > docs/rules.md`"
    )
