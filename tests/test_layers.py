"""The layers (issue 32, docs/architecture.md): values below the rules of play below the machine below
the surfaces, per game; the core below both games; neither game imports the other; no import cycles.
import-linter's own command checks the contracts in pyproject.toml; each module says its layer in
its first lines, and says the one the contracts give it.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spite_rules"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

#: The names the module docstrings give the layers of the contracts, by contract and layer number.
SPITE_LAYERS = (
    "command line",  # __main__
    "command line",  # cli
    "surface over both games",  # web, openspiel
    "surface over both games",  # rl, dispute_docs
    "Spite: surface",
    "Spite: machine",
    "Spite: rules of play",
    "Spite: values",
    "core",
    "shared values",  # cards
    "shared values",  # card
    "shared values",  # errors
)
MALICE_LAYERS = (
    "Spite and Malice: command line",
    "Spite and Malice: surface",
    "Spite and Malice: machine",
    "Spite and Malice: rules of play",
    "Spite and Malice: values",
)


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def expected_layers() -> dict[str, str]:
    """Each module's file (relative to spite_rules/) and the layer name its docstring must give."""
    found: dict[str, str] = {}
    for contract, names in zip(_contracts()[:2], (SPITE_LAYERS, MALICE_LAYERS)):
        container = str(contract["containers"][0])  # type: ignore[index]
        base = PACKAGE.joinpath(*container.split(".")[1:])
        layers = contract["layers"]
        assert isinstance(layers, list) and len(layers) == len(names)
        for layer, name in zip(layers, names):
            for tail in re.split(r"[|:]", layer):
                path = base / tail.strip()
                files = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
                for file in files:
                    found[str(file.relative_to(PACKAGE))] = name
    return found


def test_the_layer_contracts_hold_as_lint_imports_checks_them() -> None:
    if not LINT_IMPORTS.exists():
        pytest.skip(f"import-linter is not installed beside {sys.executable} (the test extra installs it)")
    run = subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "6 kept, 0 broken" in run.stdout, run.stdout[-2000:]


def test_every_module_of_the_package_is_placed_in_a_layer() -> None:
    placed = expected_layers()
    unplaced = [str(file.relative_to(PACKAGE)) for file in sorted(PACKAGE.rglob("*.py")) if str(file.relative_to(PACKAGE)) not in placed]
    # The two packages the contracts are about: each is the surface its users import.
    assert unplaced == ["__init__.py", "malice/__init__.py"], f"modules no layer names: {unplaced}"


@pytest.mark.parametrize("module", sorted(expected_layers()))
def test_each_module_says_its_layer_in_its_first_lines(module: str) -> None:
    """The docstring's first or second paragraph reads "Layer: <name> — ..." with the contract's name."""
    text = (PACKAGE / module).read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(text)) or ""
    head = "\n\n".join(doc.split("\n\n")[:2])
    match = re.search(r"Layer: ([^.(;—]+?)(?: \(|\.|;| —)", head)
    assert match, f"spite_rules/{module}: no 'Layer: ...' in the docstring's first lines"
    assert match.group(1).strip() == expected_layers()[module], f"spite_rules/{module}"
