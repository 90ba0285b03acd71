"""The two builds (issue 23, lever 1): which one runs is told truly, and setup.py chooses as promised.

CI runs this module on the pure build (the editable install) and on the compiled one
(`.ci/compiled`), with ``SPITE_RULES_EXPECT_BUILD`` saying which it built.
"""

import importlib
import shutil
import types
import importlib.machinery
import importlib.util
import os
import pathlib
import sys
from types import ModuleType

import pytest

import spite_rules as sr
from spite_rules.core.build_info import COMPILED_MODULES, compiled_modules, describe_build

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _setup_py() -> ModuleType:
    """setup.py's functions, imported (its ``setup()`` call runs only as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("spite_rules_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _loaded_compiled(name: str) -> bool:
    module = importlib.import_module(name)
    return str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_tells_whether_the_imported_modules_are_compiled_code() -> None:
    loaded = tuple(name for name in COMPILED_MODULES if _loaded_compiled(name))
    assert compiled_modules() == loaded
    assert sr.COMPILED is bool(loaded)
    assert sr.BUILD == describe_build(loaded)


def test_the_build_ci_asked_for_is_the_one_imported() -> None:
    expected = os.environ.get("SPITE_RULES_EXPECT_BUILD")
    if expected is None:
        pytest.skip("SPITE_RULES_EXPECT_BUILD is set by CI only")
    assert expected in ("pure", "compiled"), f"SPITE_RULES_EXPECT_BUILD={expected!r}"
    if expected == "compiled":
        assert set(compiled_modules()) == set(COMPILED_MODULES), sr.BUILD
        assert not pathlib.Path(sr.__file__).resolve().is_relative_to(ROOT / "spite_rules"), (
            f"the source tree's package was imported ({sr.__file__}), not the installed build"
        )
    else:
        assert compiled_modules() == (), sr.BUILD


def test_every_compiled_module_is_a_module_of_the_package() -> None:
    for name in COMPILED_MODULES:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def test_setup_py_compiles_exactly_build_infos_modules() -> None:
    assert tuple(_setup_py().compiled_module_names()) == COMPILED_MODULES


@pytest.mark.parametrize(
    ("argv", "environ", "compiled"),
    [
        (["setup.py", "bdist_wheel", "--dist-dir", "x"], {}, True),
        (["setup.py", "build_ext"], {"SPITE_RULES_PURE": "0"}, True),
        (["setup.py", "bdist_wheel"], {"SPITE_RULES_PURE": "1"}, False),
        (["setup.py", "editable_wheel", "--dist-dir", "x"], {}, False),
        (["setup.py", "dist_info", "--output-dir", "x"], {}, False),
        (["setup.py", "egg_info"], {}, False),
    ],
)
def test_setup_py_compiles_for_a_wheel_never_for_an_editable_install_or_when_told_pure(
    argv: list[str], environ: dict[str, str], compiled: bool
) -> None:
    assert _setup_py().wants_compiled(argv, environ) is compiled


def test_setup_py_installs_the_pure_package_when_mypyc_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_py = _setup_py()
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # import fails
    assert setup_py.mypyc_extensions() == []
    assert "installing the pure-Python package" in capsys.readouterr().err


def test_setup_py_installs_the_pure_package_without_running_mypyc_when_no_c_compiler_works(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_py = _setup_py()
    monkeypatch.setenv("CC", "/bin/false")  # as .ci/compiled's fallback check does
    assert setup_py.c_compiler_problem() is not None
    monkeypatch.setitem(sys.modules, "mypyc.build", types.SimpleNamespace(mypycify=_never_called))
    assert setup_py.mypyc_extensions() == []
    assert "no C extension can be compiled here" in capsys.readouterr().err


def test_setup_py_finds_the_c_compiler_this_machine_has() -> None:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("this machine has no C compiler")
    assert _setup_py().c_compiler_problem() is None


def _never_called(*args: object, **kwargs: object) -> list[object]:
    raise AssertionError("mypyc ran though no C compiler works")
