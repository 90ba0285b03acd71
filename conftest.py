"""Suite-wide pytest setup.

- Doctests can use every public name, as ``import spite_rules as sr`` would (Spite and Malice's
  doctests, under ``spite_rules/malice/``, read their own module's names, and ``sm``).
- ``SPITE_RULES_EXAMPLES=F`` (a fraction, 0 < F <= 1) runs every Hypothesis test with that share
  of its examples, and the conformance suite with that share of its seeded playouts: .ci/compiled runs the property suites on the compiled build with a quarter of
  them (the pure build, the reference, runs them all; benchmarks/same_play.py checks the compiled
  build's play exactly).
- ``pytest --rule ID`` runs only the tests marked ``@pytest.mark.rule("ID", ...)`` for that clause
  (or, with a prefix such as ``consec.numerical``, for the clauses under it). Repeat for several.
  An ID that is neither a clause of either game (docs/rules.md, docs/malice/rules.md) nor a prefix
  of one is a usage error naming the nearest ids, not a silent deselection of every test.
"""

import difflib
import importlib.util
import math
import os
from typing import Any

import pytest

import spite_rules

# The web server's modules import Starlette: without the web extra their doctests are not run.
collect_ignore = [] if importlib.util.find_spec("starlette") else ["spite_rules/web/server.py"]
# The RL environments import NumPy, Gymnasium and PettingZoo (the rl extra): likewise.
collect_ignore_glob = (
    []
    if all(importlib.util.find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo"))
    else ["spite_rules/rl/*.py"]
)


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, Any], request: pytest.FixtureRequest) -> None:
    if "spite_rules/malice/" in request.node.nodeid.replace("\\", "/"):
        # Spite and Malice's doctests read their own module's names (its Rules, setup, Play, ...).
        import spite_rules.malice as malice

        for name in (*spite_rules.__all__, "sr"):
            doctest_namespace.pop(name, None)
        doctest_namespace["sm"] = malice
        return
    doctest_namespace.pop("sm", None)
    doctest_namespace.update({name: getattr(spite_rules, name) for name in spite_rules.__all__})
    doctest_namespace["sr"] = spite_rules


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="run only the tests that pin rule clause ID (or the clauses under a prefix)",
    )


def _clause_ids(item: pytest.Item) -> list[str]:
    return [str(arg) for mark in item.iter_markers("rule") for arg in mark.args]


def clause_ids() -> list[str]:
    """Every clause id of both games (Spite's docs/rules.md, Spite and Malice's docs/malice/rules.md)."""
    from spite_rules.clauses import BY_ID as SPITE
    from spite_rules.malice.clauses import BY_ID as MALICE

    return sorted({*SPITE, *MALICE})


def unknown_rule_message(wanted: str, known: list[str]) -> str | None:
    """None when ``wanted`` is a clause id of ``known`` or a prefix of some (``consec.numerical``),
    else the usage error naming the nearest ids."""
    if any(clause == wanted or clause.startswith(wanted + ".") for clause in known):
        return None
    prefixes = sorted({".".join(clause.split(".")[:depth]) for clause in known
                       for depth in range(1, clause.count(".") + 1)})
    near = difflib.get_close_matches(wanted, sorted({*known, *prefixes}), n=5, cutoff=0.0)
    return (f"--rule {wanted!r} is not a clause id of either game (docs/rules.md, docs/malice/rules.md) "
            f"nor a prefix of one; the nearest ids: {', '.join(near)}")


def pytest_configure(config: pytest.Config) -> None:
    wanted: list[str] = config.getoption("--rule")
    if not wanted:
        return
    known = clause_ids()
    for rule in wanted:
        message = unknown_rule_message(rule, known)
        if message is not None:
            raise pytest.UsageError(message)


def _examples_share() -> float:
    text = os.environ.get("SPITE_RULES_EXAMPLES", "1")
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0 < share <= 1:
        raise pytest.UsageError(f"SPITE_RULES_EXAMPLES must be a fraction above 0 and at most 1, not {text!r}")
    return share


def _scale_examples(items: list[pytest.Item], share: float) -> None:
    """Every Hypothesis test of ``items`` with ``share`` of its examples (at least one)."""
    from hypothesis import settings

    done: set[object] = set()  # a parametrized test is one function for many items: scaled once
    for item in items:
        test = getattr(item, "obj", None)
        machine = getattr(item, "cls", None)
        if getattr(test, "hypothesis", None) is not None and test not in done:  # a @given test: read when it runs
            done.add(test)
            held = getattr(test, "_hypothesis_internal_use_settings", settings.default)
            test._hypothesis_internal_use_settings = settings(held, max_examples=max(1, math.ceil(held.max_examples * share)))  # type: ignore[union-attr]
        if isinstance(getattr(machine, "settings", None), settings) and machine not in done:  # a state machine's TestCase
            done.add(machine)
            machine.settings = settings(machine.settings, max_examples=max(1, math.ceil(machine.settings.max_examples * share)))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    share = _examples_share()
    if share < 1:
        _scale_examples(items, share)
    wanted: list[str] = config.getoption("--rule")
    if not wanted:
        return
    keep, drop = [], []
    for item in items:
        ids = _clause_ids(item)
        chosen = any(i == w or i.startswith(w + ".") for i in ids for w in wanted)
        (keep if chosen else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep
