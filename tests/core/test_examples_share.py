"""``SPITE_RULES_EXAMPLES``: the share of each Hypothesis test's examples a run asks for (conftest.py);
.ci/compiled runs the property suites on the compiled build with a third of them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import _examples_share, _scale_examples


def _examples(test: Any) -> int:
    return int(test._hypothesis_internal_use_settings.max_examples)


def test_a_share_scales_every_hypothesis_test_once_however_many_items_it_has() -> None:
    @settings(max_examples=30)
    @given(st.integers())
    def parametrized(number: int) -> None: ...

    @given(st.integers())
    def plain(number: int) -> None: ...

    def not_hypothesis() -> None: ...

    items: Any = [SimpleNamespace(obj=parametrized, cls=None)] * 3 + [
        SimpleNamespace(obj=plain, cls=None), SimpleNamespace(obj=not_hypothesis, cls=None)]
    default = _examples(plain)
    _scale_examples(items, 1 / 3)
    assert _examples(parametrized) == 10  # once, not (1/3)**3
    assert _examples(plain) == -(-default // 3)
    assert not hasattr(not_hypothesis, "_hypothesis_internal_use_settings")


def test_a_share_scales_a_state_machines_settings() -> None:
    machine = type("Machine", (), {"settings": settings(max_examples=7)})
    _scale_examples([SimpleNamespace(obj=None, cls=machine)], 0.5)  # type: ignore[list-item]
    assert machine.settings.max_examples == 4  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["0", "1.5", "-1", "a third"])
def test_a_share_that_is_no_fraction_is_a_usage_error(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPITE_RULES_EXAMPLES", text)
    with pytest.raises(pytest.UsageError, match="SPITE_RULES_EXAMPLES must be a fraction"):
        _examples_share()
