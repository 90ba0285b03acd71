"""The clause tables of docs/rules.md and docs/malice/rules.md, for either game: a game's clauses
are its own (:mod:`spite_rules.clauses`, :mod:`spite_rules.malice.clauses`); how a numbered table
of them reads is shared.

Layer: core — knows no game: may import only the cards and the errors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

__all__ = ["ClauseText", "render_clauses"]


class ClauseText(Protocol):
    """What :func:`render_clauses` reads of a clause of either game (Spite's :class:`spite_rules.clauses.Clause`, Spite
    and Malice's :class:`spite_rules.malice.clauses.Clause`)."""

    @property
    def id(self) -> str: ...
    @property
    def section(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def rulings(self) -> tuple[str, ...]: ...
    @property
    def quote(self) -> str: ...


_C = TypeVar("_C", bound=ClauseText)


def render_clauses(
    intro: str,
    clauses: Sequence[_C],
    mark_up: Callable[[str], str] = lambda text: text,
    note: Callable[[_C], str] = lambda clause: "",
    tail: Callable[[_C], str] = lambda clause: "",
) -> str:
    """A clause table as markdown (either game's): ``intro``, then each section as a heading and
    its clauses numbered across the sections, with ``note`` (Spite: the rulesets of a clause that
    not every ruleset uses; Spite and Malice: its presets), their rulings, the seed's words and the
    July 2023 revision's (``tail``, after the quote); ``mark_up`` rewrites each clause's text (Spite sets its cross-references
    in code).

    >>> from spite_rules.clauses import Clause
    >>> print(render_clauses("# T\\n", [Clause("a.b", "S", "Do it.", ("M1",), "Quoted.")]))
    # T
    <BLANKLINE>
    ## S
    <BLANKLINE>
    **1. `a.b`**: Do it. — Rulings: M1. — Seed: "Quoted."
    <BLANKLINE>
    """
    lines = [intro]
    section = None
    for number, c in enumerate(clauses, start=1):
        if c.section != section:
            section = c.section
            lines.append(f"## {section}\n")
        entry = f"**{number}. `{c.id}`**: {mark_up(c.text)}{note(c)}"
        if c.rulings:
            entry += f" — Rulings: {', '.join(c.rulings)}."
        if c.quote:
            entry += f' — Seed: "{c.quote}"'
        entry += tail(c)
        lines.append(entry + "\n")
    return "\n".join(lines)
