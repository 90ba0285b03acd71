"""The web front-end's server: ``spite-rules serve`` (Starlette and uvicorn; ``spite-rules[web]``).

Layer: surface over both games — may import either game, the core, the cards and the errors.

Game-neutral: HTTP creates and joins tables and serves the page (``static/``); one websocket per
seat carries the play (docs/web.md has the messages). The tables being served are
:mod:`spite_rules.web.live`'s and :mod:`spite_rules.web.lobby`'s, whose names are re-exported here.

The server keeps the authoritative state. A connection becomes a seat by saying ``hello`` with the
token its seat was given at join; from then on it receives only that seat's view, its own legal
moves and the events redacted for it, and every action it sends must be that seat's. A refused
message gets ``{"type": "error", ...}`` back and changes nothing; the connection stays up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from spite_rules.core.serialization import SerializationError, read_json
from spite_rules.web.live import Connection, LiveTable, ServerConfig
from spite_rules.web.lobby import Lobby
from spite_rules.web.protocol import Refused, error_message, read_message
from spite_rules.web.table import known_games

__all__ = ["ServerConfig", "Lobby", "LiveTable", "create_app", "serve", "TRANSPORT_MAX_BYTES"]

#: The websocket layer closes a connection (code 1009) whose single message is larger than this;
#: messages between ``protocol.MAX_MESSAGE_BYTES`` and this are refused with an error instead.
TRANSPORT_MAX_BYTES = 64 * 1024
#: The largest HTTP request body read (creating or joining a table).
MAX_BODY_BYTES = 8 * 1024
#: How often a running server drops idle and long-finished tables.
SWEEP_SECONDS = 60.0
#: Seconds a stopping server (SIGTERM, Ctrl-C) waits for connections before closing them.
SHUTDOWN_SECONDS = 2
STATIC = resources.files("spite_rules.web") / "static"
_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _refusal(request: Request, refused: Exception) -> JSONResponse:
    """A request the table API refused (the application's handler of :class:`Refused`)."""
    assert isinstance(refused, Refused)
    status = {"no_table": 404, "taken": 409, "full": 409, "busy": 503, "not_stored": 503, "rate_limited": 429}.get(refused.code, 400)
    return JSONResponse(error_message(refused), status_code=status)


async def _read_body(request: Request) -> Any:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise Refused("too_large", f"a request body may be at most {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    try:
        return read_json(b"".join(chunks) or b"{}")
    except SerializationError as error:
        raise Refused("bad_json", str(error)) from None


async def _security_headers(request: Request, call_next: RequestResponseEndpoint) -> Response:
    """Adds the content-security policy and friends to every HTTP response."""
    response = await call_next(request)
    response.headers.update(_SECURITY_HEADERS)
    return response


def create_app(config: ServerConfig | None = None, lobby: Lobby | None = None) -> Starlette:
    """The ASGI application: the page, the table API and the websockets (``app.state.lobby``
    holds the tables)."""
    lobby = lobby or Lobby(config)
    static_dir = str(STATIC)

    async def page(request: Request) -> Response:
        return FileResponse(f"{static_dir}/index.html", media_type="text/html")

    async def games(request: Request) -> Response:
        return JSONResponse({"games": known_games()})

    async def create_table(request: Request) -> Response:
        body = await _read_body(request)
        if not isinstance(body, dict) or set(body) - {"game", "seats", "ruleset", "options"}:
            raise Refused("bad_table", "a new table is {game, seats, ruleset?, options?}")
        client = request.client.host if request.client is not None else None
        live = lobby.create(
            body.get("game"), body.get("seats"), ruleset=body.get("ruleset"), options=body.get("options"), client=client
        )
        live.schedule_bots()
        return JSONResponse(live.table.summary(), status_code=201)

    async def show_table(request: Request) -> Response:
        return JSONResponse(lobby.get(request.path_params["table_id"]).table.summary())

    async def join_table(request: Request) -> Response:
        live = lobby.get(request.path_params["table_id"])
        body = await _read_body(request)
        if not isinstance(body, dict) or set(body) - {"seat", "name"}:
            raise Refused("bad_join", "a join is {seat?, name}")
        was_started = live.table.started
        seat, token = live.table.join(body.get("seat"), body.get("name"))
        live.announce_table()
        if live.table.started and not was_started:
            for joined, connection in live.connections.items():
                connection.send(live.table.snapshot(joined, time.monotonic()))
            live.schedule_bots()
        return JSONResponse({"seat": seat, "token": token, "table": live.table.summary()})

    async def websocket(socket: WebSocket) -> None:
        await socket.accept()
        try:
            live = lobby.get(socket.path_params["table_id"])
        except Refused as refused:
            await socket.send_text(json.dumps(error_message(refused)))
            await socket.close(4404)
            return
        await _serve_connection(live, socket, lobby.config)

    routes = [
        Route("/", page),
        Route("/table/{table_id}", page),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", websocket),
        Mount("/static", StaticFiles(directory=static_dir), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.start()
        sweeper = asyncio.create_task(_sweep_every(lobby, SWEEP_SECONDS))
        try:
            yield
        finally:  # uvicorn has finished the requests in flight: commit what they did, then close
            sweeper.cancel()
            await lobby.drain()
            lobby.close()

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={Refused: _refusal})
    app.state.lobby = lobby
    app.add_middleware(BaseHTTPMiddleware, dispatch=_security_headers)
    return app


async def _sweep_every(lobby: Lobby, seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        lobby.sweep()


async def _serve_connection(live: LiveTable, socket: WebSocket, config: ServerConfig) -> None:
    connection = Connection(socket, config)
    close_code = [1000]
    writer = asyncio.create_task(connection.writer(close_code))
    try:
        while not connection.closed:
            wait = config.hello_seconds if connection.seat is None else None
            try:
                received = await asyncio.wait_for(socket.receive(), timeout=wait)
            except asyncio.TimeoutError:
                connection.send({"type": "error", "code": "no_hello", "message": "no hello in time: goodbye"})
                close_code[0] = 4401
                connection.close()
                break
            if received["type"] == "websocket.disconnect":
                break
            data = received.get("text") or received.get("bytes") or b""  # "" and b"" read alike
            try:
                if not connection.limiter.allow():
                    connection.refused_in_row += 1
                    raise Refused("rate_limited", f"too many messages: at most {config.rate:g} a second "
                                                  f"(burst {config.burst})")
                connection.refused_in_row = 0
                live.handle(connection, read_message(data))
            except Refused as refused:
                if refused.code != "rate_limited":
                    connection.send(error_message(refused))
                elif time.monotonic() - connection.last_rate_error >= 1:
                    connection.last_rate_error = time.monotonic()
                    connection.send(error_message(refused))
                if connection.refused_in_row > config.flood_limit:
                    close_code[0] = 1008
                    connection.close()
    except WebSocketDisconnect:
        pass
    finally:
        live.leave(connection)
        connection.close()
        try:
            await asyncio.wait_for(writer, timeout=5)
        except (asyncio.TimeoutError, Exception):  # the socket is gone either way
            writer.cancel()


def serve(
    host: str = "127.0.0.1", port: int = 8000, config: ServerConfig | None = None, lobby: Lobby | None = None
) -> None:
    """Run the server until interrupted (``spite-rules serve``); ``lobby``: one holding tables
    made beforehand."""
    import uvicorn

    print(f"spite-rules: serving on http://{host}:{port}/  (Ctrl-C stops)", flush=True)
    app = create_app(config, lobby)
    uvicorn.run(
        app, host=host, port=port, ws_max_size=TRANSPORT_MAX_BYTES, log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
