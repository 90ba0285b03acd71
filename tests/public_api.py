"""What a user sees of every public name of both games: for each name in ``__all__`` of
``spite_rules`` and ``spite_rules.malice``, its ``__doc__``, and for a function its
``inspect.signature``, annotations and ``help()`` text. tests/test_public_docs.py compares the
compiled build's record with the pure build's, which `.ci/compiled` writes by running this file
with the pure build: ``python tests/public_api.py > pure.json``.
"""

from __future__ import annotations

import inspect
import json
import pydoc
from types import ModuleType
from typing import Any

import spite_rules
import spite_rules.malice
from spite_rules.core.build_info import COMPILED_MODULES


def record_name(module: ModuleType, name: str) -> dict[str, Any]:
    """What ``help()`` and ``inspect`` tell of ``module.name``. A class's docstring is recorded
    unless the class is defined in a compiled module: mypyc replaces a native class's docstring
    (``Hand``, ``HandKind`` and ``Similarity`` of hands.py read "mypyc filler docstring" in the
    compiled build), which no plain-Python function over it can give back."""
    value = getattr(module, name)
    if inspect.isclass(value):
        compiled = value.__module__ in COMPILED_MODULES
        return {"kind": "class", "doc": None if compiled else value.__doc__}
    if not callable(value):
        return {"kind": type(value).__name__}
    return {
        "kind": "function",
        "doc": value.__doc__,
        "signature": str(inspect.signature(value)),
        "annotations": {key: str(note) for key, note in getattr(value, "__annotations__", {}).items()},
        "help": pydoc.render_doc(value, renderer=pydoc.plaintext),
    }


def record() -> dict[str, dict[str, Any]]:
    """Every public name of both games, keyed ``module.name``."""
    return {
        f"{module.__name__}.{name}": record_name(module, name)
        for module in (spite_rules, spite_rules.malice)
        for name in module.__all__
    }


if __name__ == "__main__":
    print(json.dumps({"build": spite_rules.BUILD, "names": record()}, ensure_ascii=False, indent=1))
