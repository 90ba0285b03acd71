"""``spite-rules serve`` as a real process on a free port of 127.0.0.1 with its own SQLite file, for
the durability tests: started, killed (SIGKILL) or stopped (SIGTERM), and started again on the
same database and port. Every wait is bounded."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.web.harness import Client, request_json

__all__ = ["ServerProcess", "free_port"]

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``python -m spite_rules serve --db DB`` on ``port``; :meth:`start` again after a kill."""

    def __init__(self, db: Path, port: int | None = None, *extra: str, bot_delay: float = 0.05) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra = list(extra)
        self.bot_delay = bot_delay
        self.process: subprocess.Popen[str] | None = None

    def start(self, timeout: float = 20) -> ServerProcess:
        """Start the server and wait until it answers (raises with its output if it exits)."""
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "spite_rules", "serve", "--port", str(self.port), "--db", str(self.db),
             "--bot-delay", str(self.bot_delay), "--tables-per-address", "1000", *self.extra],
            env=env, cwd=self.db.parent, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}): {self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2):
                    return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"the server did not answer within {timeout} s: {self.output()}")

    def output(self) -> str:
        """What the process printed (once it has exited)."""
        if self.process is None or self.process.poll() is None or self.process.stdout is None:
            return ""
        return self.process.stdout.read()

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def terminate(self, timeout: float = 10) -> float:
        """SIGTERM, then wait for the exit: the seconds it took (the process is killed after
        ``timeout``, and the test fails on the figure)."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        return time.monotonic() - started

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """An HTTP request: (status, the JSON answer)."""
        return request_json(self.url, method, path, body)

    def new_table(self, game: str, seats: list[str], **extra: Any) -> str:
        """Create a table: its id."""
        status, answer = self.request("POST", "/api/tables", {"game": game, "seats": seats, **extra})
        assert status == 201, answer
        return str(answer["id"])

    def join(self, table_id: str, seat: int, name: str) -> str:
        """Take a seat: its token."""
        status, answer = self.request("POST", f"/api/tables/{table_id}/join", {"seat": seat, "name": name})
        assert status == 200, answer
        return str(answer["token"])

    def client(self, table_id: str) -> Client:
        """A websocket connected to a table (not yet said hello)."""
        return Client(connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", max_size=None, open_timeout=10).__enter__())
