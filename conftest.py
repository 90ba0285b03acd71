"""Doctest namespace: every docstring example can use the public names, as `import spite_rules as sr` would."""

from typing import Any

import pytest

import spite_rules


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace.update({name: getattr(spite_rules, name) for name in spite_rules.__all__})
    doctest_namespace["sr"] = spite_rules
