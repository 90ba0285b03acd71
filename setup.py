"""Build script: the pure package always, and the compiled (mypyc) build where it can be made.

``pip install .`` compiles the modules listed in ``spite_rules/core/build_info.py`` with mypyc when the
build runs a wheel build (not an editable install) and ``SPITE_RULES_PURE`` is unset or ``0``. If
mypyc is missing, or generating or compiling the C fails (no C compiler, no Python headers), it
prints a warning and installs the pure package, which is the reference and behaves the same.
``pip install -v .`` shows the warning; ``python -c "import spite_rules; print(spite_rules.BUILD)"``
tells which build is installed.
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

#: Commands that make an installable build (pip runs ``bdist_wheel``); metadata and editable
#: installs never compile.
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}


def warn(message: str) -> None:
    """A warning that stands out in a build log."""
    print(f"\nWARNING (spite-rules): {message}\n", file=sys.stderr, flush=True)


def compiled_module_names() -> list[str]:
    """``COMPILED_MODULES`` from spite_rules/core/build_info.py, read without importing the package."""
    tree = ast.parse((HERE / "spite_rules" / "core" / "build_info.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "COMPILED_MODULES":
            assert node.value is not None
            return list(ast.literal_eval(node.value))
    raise RuntimeError("spite_rules/core/build_info.py has no COMPILED_MODULES")


def wants_compiled(argv: list[str], environ: dict[str, str] | os._Environ[str]) -> bool:
    """Whether this run of setup.py should try the compiled build: a wheel or install build, not an
    editable one, and not ``SPITE_RULES_PURE`` set to anything but ``0`` or empty."""
    if environ.get("SPITE_RULES_PURE", "0") not in ("", "0"):
        return False
    commands = set(argv[1:])
    return bool(commands & BUILD_COMMANDS) and "editable_wheel" not in commands and "develop" not in commands


def c_compiler_problem() -> str | None:
    """Why this machine cannot compile a C extension (no C compiler, no Python headers), or None.

    A probe of one line of C, asked before mypyc runs: mypyc type-checks the whole package before
    it writes any C, so a machine with no compiler would otherwise pay that check only to fail."""
    import sysconfig
    import tempfile
    from distutils.ccompiler import new_compiler  # setuptools' own distutils (its import hook)
    from distutils.sysconfig import customize_compiler

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe.c"
        probe.write_text("#include <Python.h>\nint spite_rules_probe(void) { return 0; }\n", encoding="utf-8")
        try:
            compiler.compile([str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]])
        except Exception as error:  # CompileError, DistutilsExecError, a missing program ...
            return str(error) or type(error).__name__
    return None


def mypyc_extensions() -> list[Any]:
    """The mypyc extensions of the compiled modules, or none (with a warning) where mypyc is
    missing or fails, or no C extension can be compiled here."""
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        warn(f"mypyc is not available ({error}); installing the pure-Python package")
        return []
    problem = c_compiler_problem()
    if problem is not None:
        warn(f"no C extension can be compiled here ({problem}); installing the pure-Python package")
        return []
    paths = [name.replace(".", "/") + ".py" for name in compiled_module_names()]
    try:
        return list(mypycify(paths, opt_level="3", debug_level="0"))
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        warn(f"mypyc could not compile ({error!r}); installing the pure-Python package")
        return []


class OptionalBuildExt(build_ext):
    """build_ext that falls back to the pure package when the C cannot be compiled: every
    extension it built is removed, so no half-compiled package is installed."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CCompilerError, DistutilsExecError, DistutilsPlatformError ...
            self.discard_outputs()
            warn(f"the compiled build failed ({error}); installing the pure-Python package "
                 "(the reference: it behaves the same, slower)")

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception:
            self.discard_outputs()
            raise

    def discard_outputs(self) -> None:
        """Remove every extension this command built (in the build tree, and in place)."""
        for output in self.get_outputs():
            path = Path(output)
            if path.exists():
                path.unlink()
        self.extensions = []
        shutil.rmtree(Path(self.build_temp), ignore_errors=True)


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import its functions
    extensions = mypyc_extensions() if wants_compiled(sys.argv, os.environ) else []
    setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
