"""Which build of spite_rules is running: the pure-Python reference, or the compiled build.

Layer: core — knows no game: may import only the cards and the errors.

``pip install .`` compiles the modules of :data:`COMPILED_MODULES` with mypyc where it can (a C
compiler and Python's headers), and installs the pure package where it cannot; an editable install
(``pip install -e .``) and ``SPITE_RULES_PURE=1`` always give the pure package. Both builds play
the same (``benchmarks/same_play.py``). setup.py reads :data:`COMPILED_MODULES` from this file, so
the list is written once: the hot paths of both games and the modules of their
:class:`~spite_rules.core.frozen.Frozen` values and cards. A module of attrs classes (the rules:
cattrs reads their annotations) or of public functions (a compiled function keeps no docstring)
stays uncompiled.

>>> BUILD in ("pure Python", f"compiled with mypyc ({len(COMPILED_MODULES)} modules)")
True
>>> COMPILED == bool(compiled_modules())
True
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

__all__ = ["COMPILED_MODULES", "COMPILED", "BUILD", "compiled_modules", "describe_build"]

#: The modules the compiled build compiles, chosen by measurement (docs/performance.md).
COMPILED_MODULES: tuple[str, ...] = (
    "spite_rules.core.frozen",
    "spite_rules.actions",
    "spite_rules.bounty",
    "spite_rules.buy_back",
    "spite_rules.card",
    "spite_rules.changes",
    "spite_rules.come_at_me",
    "spite_rules.consecs",
    "spite_rules.constants",
    "spite_rules.deal",
    "spite_rules.direction",
    "spite_rules.following",
    "spite_rules.going_out",
    "spite_rules.hand_search",
    "spite_rules.hands",
    "spite_rules.judging",
    "spite_rules.misplays",
    "spite_rules.moves",
    "spite_rules.opening",
    "spite_rules.round",
    "spite_rules.state",
    "spite_rules.core.shuffling",
    "spite_rules.stock",
    "spite_rules.trick",
    "spite_rules.trick_state",
    "spite_rules.turn_events",
    "spite_rules.turns",
    "spite_rules.vocabulary",
    "spite_rules.malice.actions",
    "spite_rules.malice.breaches",
    "spite_rules.malice.cascade",
    "spite_rules.malice.compulsory",
    "spite_rules.malice.deal",
    "spite_rules.malice.endings",
    "spite_rules.malice.kept",
    "spite_rules.malice.legal",
    "spite_rules.malice.moves",
    "spite_rules.malice.order",
    "spite_rules.malice.piles",
    "spite_rules.malice.side_stacks",
    "spite_rules.malice.sources",
    "spite_rules.malice.state",
    "spite_rules.malice.sure",
    "spite_rules.malice.sure_search",
    "spite_rules.malice.sure_values",
    "spite_rules.malice.table",
    "spite_rules.malice.turn",
    "spite_rules.malice.turn_end",
    "spite_rules.malice.turn_events",
)


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` that this interpreter loads from compiled extension
    code rather than from their ``.py`` source: those with an extension file beside it, which
    Python's importer prefers (found without importing anything).

    >>> set(compiled_modules()) <= set(COMPILED_MODULES)
    True
    """
    package = Path(__file__).resolve().parent.parent  # spite_rules/, above this core/ folder
    found = []
    for name in COMPILED_MODULES:
        *folders, module = name.split(".")[1:]
        folder = package.joinpath(*folders)
        if any((folder / (module + suffix)).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            found.append(name)
    return tuple(found)


def describe_build(compiled: tuple[str, ...]) -> str:
    """How :data:`BUILD` names a build with the modules ``compiled`` compiled.

    >>> describe_build(())
    'pure Python'
    >>> describe_build(COMPILED_MODULES) == f"compiled with mypyc ({len(COMPILED_MODULES)} modules)"
    True
    >>> describe_build(("spite_rules.core.frozen", "spite_rules.bounty")).startswith(
    ...     f"partly compiled with mypyc (2 of {len(COMPILED_MODULES)} modules: spite_rules.core.frozen")
    True
    """
    if not compiled:
        return "pure Python"
    if set(compiled) == set(COMPILED_MODULES):
        return f"compiled with mypyc ({len(compiled)} modules)"
    return (f"partly compiled with mypyc ({len(compiled)} of {len(COMPILED_MODULES)} modules: "
            f"{', '.join(compiled)})")


#: True when the engine runs compiled (mypyc) code: a ``pip install .`` that could compile.
COMPILED: bool = bool(compiled_modules())

#: "pure Python" or "compiled with mypyc (N modules)": what ``spite-rules --version`` and the
#: benchmarks print.
BUILD: str = describe_build(compiled_modules())
