"""The reference browser front-end: ``spite-rules serve`` (install ``spite-rules[web]``).

- :mod:`spite_rules.web.protocol`: the websocket messages, their limits, refusals.
- :mod:`spite_rules.web.table`: one table's authoritative state and what each seat sees (no I/O).
- :mod:`spite_rules.web.server`: the Starlette application and ``serve``.
- ``static/``: the page (plain HTML, CSS and JavaScript; no build step, nothing from a CDN).

docs/web.md describes the messages, how to run it and the security model.
"""

from __future__ import annotations

import sys

__all__ = ["run"]


def run(host: str = "127.0.0.1", port: int = 8000, *, bot_delay: float = 0.8) -> int:
    """``spite-rules serve``: serve tables until interrupted; 2 when the web extra is missing."""
    try:
        from spite_rules.web.server import ServerConfig, serve
    except ImportError as error:
        print(f"spite-rules serve needs the web extra: pip install 'spite-rules[web]' ({error})", file=sys.stderr)
        return 2
    serve(host, port, ServerConfig(bot_delay=bot_delay))
    return 0
