"""A real server on a free port of 127.0.0.1 (uvicorn in a background thread) and websocket
clients that talk to it, for the web tests. Everything stays on the loopback interface and every
wait is bounded."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from typing import Any

import attrs
import uvicorn
from websockets.sync.client import ClientConnection, connect

from spite_rules.cards import Card, parse_card
from spite_rules.core.serialization import from_data
from spite_rules.web.server import TRANSPORT_MAX_BYTES, Lobby, LiveTable, ServerConfig, create_app
from spite_rules.web.table import NEXT_ROUND, opening

__all__ = ["Served", "Client", "events_of", "pong", "view_cards", "replayed", "CHROMIUM_ARGS"]

#: Chromium's flags for a sandbox with no GPU and no network beyond 127.0.0.1.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def request_json(url: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """An HTTP request to the server at ``url``: (status, the JSON answer); ``body`` is sent as JSON,
    or as it is when it is bytes."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Served:
    """``spite-rules serve`` in a background thread, with its lobby at hand for the tests."""

    def __init__(self, config: ServerConfig, *, per_address_limit: bool = False) -> None:
        if not per_address_limit:  # every test client is 127.0.0.1: only the limit's own test keeps it
            config = attrs.evolve(config, tables_per_address=1_000_000)
        self.lobby = Lobby(config)
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        self.port = self._socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        settings = uvicorn.Config(
            create_app(lobby=self.lobby),
            log_level="warning",
            ws_max_size=TRANSPORT_MAX_BYTES,
            lifespan="off",
        )
        self.server = uvicorn.Server(settings)
        self._thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self._socket]}, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the test server did not start within 10 s")
            time.sleep(0.01)

    def stop(self) -> None:
        """Stop the server and wait for its thread."""
        self.server.should_exit = True
        self._thread.join(timeout=10)
        self._socket.close()

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """An HTTP request: (status, the JSON answer)."""
        return request_json(self.url, method, path, body)

    def new_table(self, seats: list[str], **extra: Any) -> str:
        """Create a table over HTTP: its id."""
        status, answer = self.request("POST", "/api/tables", {"game": "spite", "seats": seats, **extra})
        assert status == 201, answer
        return str(answer["id"])

    def join(self, table_id: str, seat: int | None, name: str) -> str:
        """Take a seat over HTTP: its token."""
        status, answer = self.request("POST", f"/api/tables/{table_id}/join", {"seat": seat, "name": name})
        assert status == 200, answer
        assert seat is None or answer["seat"] == seat
        return str(answer["token"])

    def live(self, table_id: str) -> LiveTable:
        """The server's own table (the tests' privileged look at the authoritative state)."""
        return self.lobby.tables[table_id]

    def client(self, table_id: str) -> Client:
        """A websocket connected to a table (not yet said hello)."""
        return Client(connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", max_size=None, open_timeout=10).__enter__())  # a connection, not a `with` block

    def seated(self, table_id: str, names: list[str]) -> list[Client]:
        """A person named in ``names`` on each of the table's first seats, each connected and said
        hello (answered with a snapshot)."""
        tokens = [self.join(table_id, seat, name) for seat, name in enumerate(names)]
        clients = []
        for token in tokens:
            client = self.client(table_id)
            assert client.hello(token)["type"] == "snapshot"
            clients.append(client)
        return clients

    def rejoin(self, table_id: str, seat: int, token: str) -> tuple[dict[str, Any], dict[str, Any], Client]:
        """Say hello with ``token``, disconnect, wait until the server marks ``seat`` offline, then
        connect and say hello again: (the first answer, the answer on rejoining, the new client)."""
        first = self.client(table_id)
        snapshot = first.hello(token)
        first.close()
        deadline = time.monotonic() + 5
        while self.live(table_id).table.seats[seat].online and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not self.live(table_id).table.seats[seat].online
        again = self.client(table_id)
        return snapshot, again.hello(token), again

    def snapshot(self, table_id: str) -> tuple[int, Any]:
        """The table's version and authoritative state (to check that nothing changed)."""
        table = self.live(table_id).table
        return table.version, table.state


class Client:
    """One websocket client; every message it receives is kept in ``received``."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.received: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        """Send a JSON object (or raw text)."""
        self.connection.send(message if isinstance(message, (str, bytes)) else json.dumps(message, ensure_ascii=False))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        """The next message."""
        message: dict[str, Any] = json.loads(self.connection.recv(timeout=timeout))
        self.received.append(message)
        return message

    def until(self, wanted: Any, timeout: float = 10) -> dict[str, Any]:
        """Receive until a message satisfies ``wanted``; that message."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no wanted message within {timeout} s; last: {self.received[-3:]}")
            message = self.recv(left)
            if wanted(message):
                return message

    def drain(self, timeout: float = 0.02) -> list[dict[str, Any]]:
        """Every message that arrives within ``timeout`` of the last one."""
        got = []
        while True:
            try:
                got.append(self.recv(timeout))
            except TimeoutError:
                return got

    def hello(self, token: str) -> dict[str, Any]:
        """Say hello as a seat: the snapshot."""
        self.send({"type": "hello", "token": token})
        return self.until(lambda message: message["type"] in ("snapshot", "error"))

    def close(self) -> None:
        """Close the websocket."""
        self.connection.close()


def events_of(message: dict[str, Any]) -> list[Any]:
    """The events a server message carries, read back from JSON."""
    return [from_data(shown["event"]) for shown in message.get("events", [])]


def pong(client: Client) -> bool:
    """Does the connection still answer a ping?"""
    client.send({"type": "ping"})
    return client.until(lambda message: message["type"] in ("pong", "error"))["type"] == "pong"


def view_cards(view: Any) -> Counter[Card]:
    """Every card a Spite view shows (its hand, fake jokers, earned cards, the trick, the bounty,
    reward cards and plays waiting out of turn), counted once each."""
    shown: Counter[Card] = Counter(view.hand)
    shown.update(view.fake_jokers)
    shown.update(view.earned)
    shown.update(view.reward_cards)
    for play in view.trick.plays:
        shown.update(play.cards)
    for play in view.pending:
        if play.player != view.seat:  # one's own waiting play is still in one's hand
            shown.update(play.cards)
    if view.bounty is not None:
        shown[view.bounty] += 1
    return shown


def replayed(served: Served, table_id: str) -> tuple[dict[int, Any], dict[int, tuple[Any, ...]]]:
    """The authoritative state and events of every version of a table, replayed from its seed
    through its game's protocol (either game)."""
    table = served.live(table_id).table
    played = table.game
    state, opened = opening(played, [seat.name for seat in table.seats], table.seed, table.rules)
    states: dict[int, Any] = {1: state}
    events: dict[int, tuple[Any, ...]] = {1: opened}
    assert table.record is not None
    for version, action in enumerate(table.record, start=2):
        state, told = played.next_round(state) if action == NEXT_ROUND else played.apply(state, action)
        states[version], events[version] = state, told
    return states, events


def card_or_none(text: str) -> Card | None:
    """``text`` as a card, or None when it is not card notation."""
    try:
        return parse_card(text)
    except ValueError:
        return None
