"""Issue 33: the installed package documents itself. Every public function of both games has the
same ``help()``, ``__doc__``, ``inspect.signature`` and annotations in the compiled build as in the
pure one: `.ci/compiled` records the pure build's (tests/public_api.py) into the file named by
``SPITE_RULES_PURE_API`` and runs this module on the compiled build.
"""

from __future__ import annotations

import inspect
import json
import os
import pathlib
import pydoc
import subprocess
import sys

import pytest

import spite_rules as sr
import spite_rules.malice as sm
from spite_rules.core.build_info import COMPILED_MODULES

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from public_api import record  # noqa: E402

HERE = pathlib.Path(__file__).parent


def _public_functions() -> list[tuple[str, object]]:
    return [
        (f"{module.__name__}.{name}", getattr(module, name))
        for module in (sr, sm)
        for name in module.__all__
        if inspect.isfunction(getattr(module, name)) or inspect.isbuiltin(getattr(module, name))
    ]


def test_no_public_function_is_defined_in_a_compiled_module() -> None:
    # A function of a compiled module loses its docstring, annotations and signature in the compiled
    # build: the public one must be plain Python (spite_rules/public.py, spite_rules/malice/public.py).
    compiled = [name for name, function in _public_functions() if function.__module__ in COMPILED_MODULES]  # type: ignore[attr-defined]
    assert not compiled, f"public functions defined in compiled modules: {compiled}"


def test_every_public_function_has_a_docstring_and_full_annotations() -> None:
    for name, function in _public_functions():
        assert inspect.getdoc(function), f"{name} has no docstring"
        signature = inspect.signature(function)  # type: ignore[arg-type]
        missing = [p.name for p in signature.parameters.values() if p.annotation is inspect.Parameter.empty]
        assert not missing, f"{name}: parameters {missing} have no annotation"
        assert signature.return_annotation is not inspect.Signature.empty, f"{name} has no return annotation"


def test_help_of_setup_describes_setup_with_its_parameters() -> None:
    text = pydoc.render_doc(sr.setup, renderer=pydoc.plaintext)
    assert "function setup in module spite_rules.public" in text
    assert "make_state" not in text.splitlines()[2]  # the signature line is setup's
    assert "A position built by hand" in text and "skips the lead" in text
    assert list(inspect.signature(sr.setup).parameters)[:2] == ["hands", "deck"]
    assert inspect.signature(sr.setup).return_annotation == "State"


def test_every_public_name_reads_the_same_in_this_build_as_in_the_pure_build() -> None:
    recorded = os.environ.get("SPITE_RULES_PURE_API")
    if recorded is None:
        if sr.COMPILED:
            pytest.fail("on the compiled build, .ci/compiled names the pure build's record in SPITE_RULES_PURE_API")
        # The pure build: the record, written by the script as .ci/compiled runs it, is this one.
        written = subprocess.run(
            [sys.executable, str(HERE / "public_api.py")], check=True, capture_output=True, text=True
        ).stdout
        pure = json.loads(written)
    else:
        pure = json.loads(pathlib.Path(recorded).read_text(encoding="utf-8"))
    assert pure["build"] == "pure Python", pure["build"]
    here = record()
    assert sorted(here) == sorted(pure["names"])
    for name, seen in here.items():
        assert seen == pure["names"][name], f"{name} differs from the pure build ({sr.BUILD})"
