"""docs/disputes.md's tables of keys, rendered from both games' dispute schemas: a surface above
both games (each game's ``disputes`` module declares its schema with :mod:`spite_rules.core.dispute_files`,
which knows no game).

Layer: surface over both games — may import either game, the core, the cards and the errors.

``python -m spite_rules.dispute_docs docs/disputes.md`` rewrites the page's tables; a test keeps
them equal to the schemas.
"""

from __future__ import annotations

from pathlib import Path

from spite_rules.disputes import SCHEMA as SPITE
from spite_rules.core.dispute_files import Section, render_docs
from spite_rules.malice.disputes import SCHEMA as MALICE

__all__ = ["schemas"]


def schemas() -> dict[str, Section]:
    """Both games' dispute schemas by the names docs/disputes.md renders them under
    (``spite.position``, ``malice.final``, ...).

    >>> sorted(schemas())[:2]
    ['malice.actions', 'malice.deal']
    """
    return {**SPITE, **MALICE}


if __name__ == "__main__":  # python -m spite_rules.dispute_docs docs/disputes.md: rewrite its tables
    import sys

    for name in sys.argv[1:]:
        page = Path(name)
        page.write_text(render_docs(page.read_text(encoding="utf-8"), schemas()), encoding="utf-8")
