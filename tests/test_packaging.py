"""What `pip install .` ships: every module of the package, py.typed, the web page, and the console script;
and that a machine with no working C compiler still gets the whole pure package (the wheel is built
here with ``CC=/bin/false`` and the compiled build asked for, so setup.py's fallback makes it: the
compiled build itself is made and checked by .ci/compiled)."""

import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _clean_copy(target: pathlib.Path) -> pathlib.Path:
    """The project's own files (no build/ leftovers, which setuptools would reuse)."""
    # (.venv* also skips .ci/compiled's builds, which the test command runs beside this test.)
    skip = {".git", "build", "dist", ".hypothesis", ".mypy_cache", ".pytest_cache"}
    shutil.copytree(ROOT, target, ignore=lambda _, names: [
        n for n in names if n in skip or n.startswith(".venv") or n.endswith(".egg-info")
    ])
    return target


def test_the_wheel_built_without_a_c_compiler_holds_every_module_py_typed_and_the_web_page(tmp_path: pathlib.Path) -> None:
    source = _clean_copy(tmp_path / "src")
    # No working C compiler, and the compiled build not refused: what a user without one gets.
    environment = {key: value for key, value in os.environ.items() if key != "SPITE_RULES_PURE"}
    environment["CC"] = "/bin/false"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
        timeout=300,
        env=environment,
    )
    (wheel,) = tmp_path.glob("spite_rules-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    compiled = sorted(name for name in names if name.endswith(".so"))
    assert not compiled, f"with no C compiler the wheel must be the pure package, not hold {compiled}"
    sources = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "spite_rules").rglob("*.py")
    }
    assert sources <= names, f"missing from the wheel: {sorted(sources - names)}"
    assert "spite_rules/py.typed" in names
    static = {path.relative_to(ROOT).as_posix() for path in (ROOT / "spite_rules" / "web" / "static").iterdir()}
    assert static and static <= names, f"the page is missing from the wheel: {sorted(static - names)}"
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "spite-rules = spite_rules.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
