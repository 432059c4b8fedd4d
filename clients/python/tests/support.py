"""What the tests share: the service under test (from the environment), and a stub HTTP server.

Environment:
  PDS_URL, PDS_KEY      the service and an API key with products:read, search:read, revisions:read,
                        watches:write (the service started with WEBHOOK_ALLOW_HTTP_LOOPBACK=true, so that
                        a watch may deliver to a receiver on 127.0.0.1)
  PDS_LIMITED_URL       the same data behind a tight rate limit (a few requests per second)
  PDS_SOURCES           the folder of the source CSV files (seed/sources), for the pvlib comparison
  PDS_TEST_INSTALL=1    run the `pip install` test (it may fetch the build backend from PyPI)
  PDS_REQUIRE_ALL=1     a test missing what it needs fails instead of being skipped (npm test sets it)
"""

from __future__ import annotations

import os
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Optional, Tuple

from pds_client import Client

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIRE_ALL = os.environ.get("PDS_REQUIRE_ALL") == "1"


def need(condition: bool, why: str) -> None:
    """Skips the calling test when `condition` is false, or fails it under PDS_REQUIRE_ALL=1."""
    if condition:
        return
    if REQUIRE_ALL:
        raise AssertionError(f"PDS_REQUIRE_ALL=1 but {why}")
    raise unittest.SkipTest(why)


def env(name: str) -> str:
    value = os.environ.get(name, "")
    need(bool(value), f"{name} is not set")
    return value


def service(**options: object) -> Client:
    """A client of the service under test."""
    return Client(env("PDS_URL"), env("PDS_KEY"), **options)  # type: ignore[arg-type]


def have_module(name: str) -> bool:
    try:
        __import__(name)
        return True
    except ImportError:
        return False


# -- a stub service --------------------------------------------------------------------------------

Reply = Tuple[int, Dict[str, str], bytes]
Route = Callable[["StubHandler"], Optional[Reply]]


class StubHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "StubServer"

    #: The request's body (empty for a GET), read before `route` is called.
    body: bytes = b""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        self._answer()

    do_POST = do_PATCH = do_DELETE = do_GET  # noqa: N815

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.body = self.rfile.read(length) if length else b""
        self.server.requests.append((self.path, dict(self.headers.items())))
        self.server.calls.append((self.command, self.path, self.body))
        reply = self.server.route(self)
        if reply is None:  # the route wrote the answer itself
            return
        status, headers, body = reply
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


class StubServer(ThreadingHTTPServer):
    """An HTTP server on 127.0.0.1 answering every request with `route(handler)`; records each request.

    Also a webhook receiver: `route` sees the body as `handler.body` and the headers as `handler.headers`.
    """

    daemon_threads = True

    def __init__(self, route: Route) -> None:
        super().__init__(("127.0.0.1", 0), StubHandler)
        self.route = route
        self.requests: List[Tuple[str, Dict[str, str]]] = []
        #: Each request's method, path and body.
        self.calls: List[Tuple[str, str, bytes]] = []
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def __enter__(self) -> "StubServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()
