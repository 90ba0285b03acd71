"""Game-neutral: the messages of the web front-end's websocket, their limits, and refusals.

Layer: surface over both games — may import either game, the core, the cards and the errors.

A client sends small JSON objects with a ``type`` (docs/web.md lists them all):

>>> read_message('{"type": "hello", "token": "abc"}')
{'type': 'hello', 'token': 'abc'}
>>> read_message('{"type": "shout"}')
Traceback (most recent call last):
...
spite_rules.web.protocol.Refused: bad_message: unknown message type 'shout' (known: action, countdown, hello, next_round, ping)

Everything refused is a :class:`Refused` with a short ``code`` and a message in plain words; the
server sends it back as ``{"type": "error", "code": ..., "message": ...}`` and keeps the connection.
"""

from __future__ import annotations

import time
from typing import Any

from spite_rules.core.serialization import SerializationError, read_json
from spite_rules.errors import SpiteError, shown

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MESSAGE_TYPES",
    "Refused",
    "RateLimiter",
    "read_message",
    "error_message",
]

#: The largest client message the server reads (bytes of UTF-8). Larger ones are refused with an
#: error and the connection stays up; the websocket layer drops a connection whose single frame
#: passes ``server.TRANSPORT_MAX_BYTES``.
MAX_MESSAGE_BYTES = 8 * 1024

#: Every message type a client may send, with the keys it takes besides ``type``.
MESSAGE_TYPES: dict[str, frozenset[str]] = {
    "hello": frozenset({"token"}),
    "action": frozenset({"action"}),
    "countdown": frozenset(),
    "next_round": frozenset(),
    "ping": frozenset(),
}


class Refused(SpiteError):
    """A message or request the server will not act on: ``code`` for programs, the message for
    people. Nothing at the table changed."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.text = message
        self.rule = rule


def error_message(refused: Refused) -> dict[str, Any]:
    """The message the server sends back for a refusal (with the ``rule`` a refused move broke,
    where the game names one).

    >>> error_message(Refused("not_your_seat", "you are seat 1"))
    {'type': 'error', 'code': 'not_your_seat', 'message': 'you are seat 1'}
    >>> error_message(Refused("illegal", "a 9♠ cannot go there", "malice.centre.next-higher"))["rule"]
    'malice.centre.next-higher'
    """
    message = {"type": "error", "code": refused.code, "message": refused.text}
    if refused.rule is not None:
        message["rule"] = refused.rule
    return message


def read_message(text: str | bytes) -> dict[str, Any]:
    """A client message, checked for size, JSON, type and keys (not yet for what it asks).

    >>> read_message("x" * 9000)
    Traceback (most recent call last):
    ...
    spite_rules.web.protocol.Refused: too_large: a message may be at most 8192 bytes, this one has 9000
    >>> read_message('{"type": "ping", "extra": 1}')
    Traceback (most recent call last):
    ...
    spite_rules.web.protocol.Refused: bad_message: unknown keys ['extra'] in a 'ping' message (it takes none)
    """
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > MAX_MESSAGE_BYTES:
        raise Refused("too_large", f"a message may be at most {MAX_MESSAGE_BYTES} bytes, this one has {size}")
    try:
        message = read_json(text)
    except SerializationError as error:
        raise Refused("bad_json", str(error)) from None
    if not isinstance(message, dict):
        raise Refused("bad_message", f"a message is a JSON object with a 'type', not {type(message).__name__}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        known = ", ".join(sorted(MESSAGE_TYPES))
        raise Refused("bad_message", f"unknown message type {shown(kind)} (known: {known})")
    allowed = MESSAGE_TYPES[kind]
    extra = sorted(set(message) - allowed - {"type"})
    if extra:
        takes = ", ".join(sorted(allowed)) or "none"
        raise Refused("bad_message", f"unknown keys {extra} in a {shown(kind)} message (it takes {takes})")
    missing = sorted(allowed - set(message))
    if missing:
        raise Refused("bad_message", f"a {shown(kind)} message needs {', '.join(missing)}")
    if kind == "hello" and not isinstance(message["token"], str):
        raise Refused("bad_message", "a 'hello' token is a string")
    return message


class RateLimiter:
    """A token bucket: ``burst`` messages at once, then ``per_second`` on average; a message over
    the rate is refused (not queued).

    >>> limiter = RateLimiter(per_second=1, burst=2, clock=lambda: 0.0)
    >>> [limiter.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, per_second: float, burst: int, clock: Any = time.monotonic) -> None:
        self.per_second = per_second
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last: float = clock()

    def allow(self) -> bool:
        """Take one token if there is one."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
