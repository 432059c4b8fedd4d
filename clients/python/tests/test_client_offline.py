"""The client against a stub HTTP server: retries, errors, cursors, the export stream and the watch operations,
with no service needed."""

from __future__ import annotations

import email.utils
import json
import os
import subprocess
import sys
import threading
import time
import unittest
import urllib.parse
from typing import Dict, List, Optional

from pds_client import (
    BadRequestError,
    Client,
    ConflictError,
    NotFoundError,
    PdsError,
    ProblemError,
    RateLimitedError,
    ServerError,
    ServiceUnavailableError,
    StreamInterrupted,
    TransportError,
)
from pds_client.operations import OPERATIONS

from .support import PACKAGE_DIR, StubHandler, StubServer, have_module

JSON_TYPE = {"Content-Type": "application/json"}
PROBLEM_TYPE = {"Content-Type": "application/problem+json"}


def problem(status: int, slug: str, title: str, detail: str, **extra: object) -> bytes:
    return json.dumps({"type": f"/problems/{slug}", "title": title, "status": status, "detail": detail, **extra}).encode()


def page(data: List[Dict[str, object]], **meta: object) -> bytes:
    return json.dumps({"data": data, "meta": {"limit": len(data), **meta}}).encode()


class Sleeps:
    """A sleep that records what it was asked and does not wait."""

    def __init__(self) -> None:
        self.calls: List[float] = []

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


def query_of(path: str) -> Dict[str, List[str]]:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)


class ImportTest(unittest.TestCase):
    def test_when_the_package_is_imported_then_no_connection_is_opened(self) -> None:
        modules = "pds_client, pds_client.client, pds_client.errors, pds_client.operations"
        modules += ", pds_client.webhooks"
        if have_module("pandas"):
            modules += ", pds_client.pvlib"
        code = (
            "import socket\n"
            "def refuse(*a, **k): raise AssertionError('network used at import')\n"
            "socket.socket.connect = refuse; socket.create_connection = refuse; socket.getaddrinfo = refuse\n"
            f"import {modules}\n"
            "print('imported')\n"
        )
        env = {**os.environ, "PYTHONPATH": os.path.join(PACKAGE_DIR, "src")}
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("imported", run.stdout)

    def test_when_a_client_is_shown_then_its_key_is_not(self) -> None:
        client = Client("http://127.0.0.1:1", "pds_secret_value")
        self.assertNotIn("pds_secret_value", repr(client))


class RetryAfterTest(unittest.TestCase):
    def test_when_a_429_says_retry_after_2_then_the_client_sleeps_2_s_and_the_retry_answers(self) -> None:
        answers = [
            (429, {**PROBLEM_TYPE, "Retry-After": "2"}, problem(429, "rate-limited", "Too many requests", "wait")),
            (200, JSON_TYPE, b'{"id": "a"}'),
        ]
        sleeps = Sleeps()
        with StubServer(lambda h: answers.pop(0)) as stub:
            body = Client(stub.url, "k", sleep=sleeps).get_product("a")
        self.assertEqual(body, {"id": "a"})
        self.assertEqual(sleeps.calls, [2.0])
        self.assertEqual(len(stub.requests), 2)

    def test_when_503_goes_on_then_the_client_retries_max_retries_times_and_raises_with_retry_after(self) -> None:
        reply = (503, {**PROBLEM_TYPE, "Retry-After": "1"}, problem(503, "dependency-unavailable", "Down", "es"))
        sleeps = Sleeps()
        with StubServer(lambda h: reply) as stub:
            with self.assertRaises(ServiceUnavailableError) as caught:
                Client(stub.url, "k", max_retries=3, sleep=sleeps).get_product("a")
        self.assertEqual(sleeps.calls, [1.0, 1.0, 1.0])
        self.assertEqual(len(stub.requests), 4)
        err = caught.exception
        self.assertEqual((err.status, err.slug, err.retry_after, err.detail), (503, "dependency-unavailable", 1.0, "es"))

    def test_when_retry_after_is_longer_than_max_retry_wait_then_it_raises_at_once(self) -> None:
        reply = (429, {**PROBLEM_TYPE, "Retry-After": "3600"}, problem(429, "rate-limited", "Too many", "an hour"))
        sleeps = Sleeps()
        with StubServer(lambda h: reply) as stub:
            with self.assertRaises(RateLimitedError) as caught:
                Client(stub.url, "k", max_retry_wait=60, sleep=sleeps).search("x")
        self.assertEqual(sleeps.calls, [])
        self.assertEqual(caught.exception.retry_after, 3600.0)

    def test_when_a_429_has_no_retry_after_then_it_is_not_retried(self) -> None:
        reply = (429, PROBLEM_TYPE, problem(429, "rate-limited", "Too many", "no header"))
        sleeps = Sleeps()
        with StubServer(lambda h: reply) as stub:
            with self.assertRaises(RateLimitedError):
                Client(stub.url, "k", sleep=sleeps).search("x")
        self.assertEqual((sleeps.calls, len(stub.requests)), ([], 1))

    def test_when_retry_after_is_an_http_date_then_the_wait_is_until_then(self) -> None:
        when = email.utils.formatdate(time.time() + 30, usegmt=True)
        answers = [
            (503, {**PROBLEM_TYPE, "Retry-After": when}, problem(503, "dependency-timeout", "Slow", "db")),
            (200, JSON_TYPE, b"{}"),
        ]
        sleeps = Sleeps()
        with StubServer(lambda h: answers.pop(0)) as stub:
            Client(stub.url, "k", sleep=sleeps).get_product("a")
        self.assertEqual(len(sleeps.calls), 1)
        self.assertTrue(25 <= sleeps.calls[0] <= 31, sleeps.calls)

    def test_when_a_400_or_404_comes_then_it_is_never_retried(self) -> None:
        for status in (400, 404, 500):
            reply = (status, {**PROBLEM_TYPE, "Retry-After": "1"}, problem(status, "x", "X", "d"))
            sleeps = Sleeps()
            with StubServer(lambda h: reply) as stub:
                with self.assertRaises(ProblemError):
                    Client(stub.url, "k", sleep=sleeps).get_product("a")
            self.assertEqual((sleeps.calls, len(stub.requests)), ([], 1), status)


class ProblemTest(unittest.TestCase):
    def test_when_the_service_answers_a_problem_then_its_members_are_on_the_exception(self) -> None:
        body = problem(
            400,
            "validation-failed",
            "Request validation failed",
            "query parameter 'sort' has 'price'",
            instance="/api/v1/products",
            request_id="r-1",
            errors=[{"in": "query", "name": "sort", "message": "has 'price'"}],
        )
        with StubServer(lambda h: (400, PROBLEM_TYPE, body)) as stub:
            with self.assertRaises(BadRequestError) as caught:
                Client(stub.url, "k").list_products(sort="price")
        err = caught.exception
        self.assertIsInstance(err, ProblemError)
        self.assertIsInstance(err, PdsError)
        self.assertEqual(err.status, 400)
        self.assertEqual(err.type, "/problems/validation-failed")
        self.assertEqual(err.title, "Request validation failed")
        self.assertEqual(err.detail, "query parameter 'sort' has 'price'")
        self.assertEqual((err.instance, err.request_id), ("/api/v1/products", "r-1"))
        self.assertEqual(err.errors[0]["name"], "sort")
        self.assertIn("400 Request validation failed", str(err))

    def test_when_an_error_body_is_not_a_problem_then_status_and_text_still_come_through(self) -> None:
        with StubServer(lambda h: (502, {"Content-Type": "text/html"}, b"<h1>Bad gateway</h1>")) as stub:
            with self.assertRaises(ServerError) as caught:
                Client(stub.url, "k").get_product("a")
        self.assertEqual(caught.exception.status, 502)
        self.assertIn("Bad gateway", caught.exception.detail)

    def test_when_404_then_not_found_error(self) -> None:
        body = problem(404, "not-found", "Resource not found", "No product has the id 'x'.")
        with StubServer(lambda h: (404, PROBLEM_TYPE, body)) as stub:
            with self.assertRaises(NotFoundError):
                Client(stub.url, "k").get_product("x")

    def test_when_nothing_listens_then_a_transport_error(self) -> None:
        stub = StubServer(lambda h: None)
        url = stub.url
        stub.server_close()  # the port is free again, nothing accepts
        with self.assertRaises(TransportError):
            Client(url, "k", timeout=5).get_product("a")


class RequestTest(unittest.TestCase):
    def test_when_filters_are_given_then_they_are_sent_as_the_document_names_them(self) -> None:
        with StubServer(lambda h: (200, JSON_TYPE, page([]))) as stub:
            Client(stub.url, "pds_k").search(
                "trina 400",
                category=["pv-module"],
                manufacturer="Trina Solar",
                series=["sma-sunny-boy", "enphase-iq8-plus"],
                in_latest_edition=True,
                quality=["pass", "unchecked"],
                sort=["-specs.stc_power_w", "id"],
                fields="id,model",
                specs={"stc_power_w": {"gte": "0.4 kW", "lt": 500.5}, "technology": ["Mono-c-Si", "CdTe"], "bifacial": True},
                nominal_power={"lte": 1000},
                limit=7,
            )
        path, headers = stub.requests[0]
        self.assertTrue(path.startswith("/api/v1/search?"))
        self.assertEqual(
            query_of(path),
            {
                "q": ["trina 400"],
                "category": ["pv-module"],
                "manufacturer": ["Trina Solar"],
                "series": ["sma-sunny-boy", "enphase-iq8-plus"],
                "in_latest_edition": ["true"],
                "quality": ["pass", "unchecked"],
                "sort": ["-specs.stc_power_w,id"],
                "fields": ["id,model"],
                "specs.stc_power_w[gte]": ["0.4 kW"],
                "specs.stc_power_w[lt]": ["500.5"],
                "specs.technology": ["Mono-c-Si", "CdTe"],
                "specs.bifacial": ["true"],
                "nominal_power_w[lte]": ["1000"],
                "limit": ["7"],
            },
        )
        self.assertEqual(headers.get("Authorization"), "Bearer pds_k")

    def test_when_an_id_has_reserved_characters_then_it_is_escaped_in_the_path(self) -> None:
        with StubServer(lambda h: (200, JSON_TYPE, b"{}")) as stub:
            Client(stub.url, "k").get_product("a/b c", as_of=2)
        self.assertEqual(stub.requests[0][0], "/api/v1/products/a%2Fb%20c?as_of=2")

    def test_when_a_parameter_outside_the_operations_table_would_be_sent_then_the_client_refuses(self) -> None:
        with self.assertRaises(AssertionError):
            OPERATIONS["getProduct"].check(["as_of", "price"])
        with self.assertRaises(ValueError):
            Client("http://127.0.0.1:1", "k").search(specs={"stc_power_w": {"above": 1}})


class CursorTest(unittest.TestCase):
    def test_when_iterating_then_each_next_cursor_is_followed_with_the_same_query_to_the_end(self) -> None:
        pages = {
            None: page([{"id": "a"}, {"id": "b"}], total=5, next_cursor="c1.x"),
            "c1.x": page([{"id": "c"}, {"id": "d"}], total=5, next_cursor="c2.x"),
            "c2.x": page([{"id": "e"}], total=5),
        }

        def route(h: StubHandler):  # type: ignore[no-untyped-def]
            cursor = query_of(h.path).get("cursor", [None])[0]
            return (200, JSON_TYPE, pages[cursor])

        with StubServer(route) as stub:
            ids = [p["id"] for p in Client(stub.url, "k").iter_products(category="inverter", sort="id", page_size=2)]
        self.assertEqual(ids, ["a", "b", "c", "d", "e"])
        queries = [query_of(path) for path, _ in stub.requests]
        self.assertEqual([q.get("cursor") for q in queries], [None, ["c1.x"], ["c2.x"]])
        for q in queries:
            q.pop("cursor", None)
            self.assertEqual(q, {"category": ["inverter"], "sort": ["id"], "limit": ["2"]})


class ExportTest(unittest.TestCase):
    def test_when_exporting_then_lines_are_read_as_they_are_consumed_not_all_at_once(self) -> None:
        release = threading.Event()

        def route(h: StubHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Type", "application/x-ndjson")
            h.send_header("Transfer-Encoding", "chunked")
            h.send_header("X-Quota-Cost", "1")
            h.end_headers()
            h.chunk(b'{"id": "first"}\n')
            release.wait(20)  # the rest only once the client has the first line
            h.chunk(b'{"id": "second"}\n{"id": "third"}\n')
            h.wfile.write(b"0\r\n\r\n")

        with StubServer(route) as stub:
            with Client(stub.url, "k").export(category="inverter") as stream:
                self.assertEqual(stream.cost, 1)
                first = next(stream)
                self.assertFalse(release.is_set())
                release.set()
                rest = [p["id"] for p in stream]
        self.assertEqual((first["id"], rest, stream.count), ("first", ["second", "third"], 3))
        self.assertEqual(query_of(stub.requests[0][0]), {"category": ["inverter"]})

    def test_when_the_stream_is_cut_short_then_stream_interrupted_not_a_short_success(self) -> None:
        def route(h: StubHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Type", "application/x-ndjson")
            h.send_header("Transfer-Encoding", "chunked")
            h.end_headers()
            h.chunk(b'{"id": "first"}\n{"id": "sec')
            h.close_connection = True  # no final chunk: the connection just ends

        with StubServer(route) as stub:
            stream = Client(stub.url, "k").export()
            self.assertEqual(next(stream)["id"], "first")
            with self.assertRaises(StreamInterrupted):
                list(stream)


WATCH = {"id": "wh_0123456789abcdef", "status": "active", "events": ["product.revised"]}


class WatchTest(unittest.TestCase):
    def test_when_a_watch_is_created_then_one_post_carries_exactly_the_given_fields_as_json(self) -> None:
        answer = json.dumps({**WATCH, "secret": "whsec_AAAA"}).encode()
        with StubServer(lambda h: (201, JSON_TYPE, answer)) as stub:
            created = Client(stub.url, "pds_k").create_watch(
                "https://hooks.example.com/pds",
                ("product.revised", "product.delisted", "product.revised"),
                products=["trina-solar-tsm-205da01a"],
                name="my modules",
            )
        self.assertEqual(created["secret"], "whsec_AAAA")
        [(method, path, body)] = stub.calls
        self.assertEqual((method, path), ("POST", "/api/v1/watches"))
        self.assertEqual(
            json.loads(body),
            {
                "url": "https://hooks.example.com/pds",
                "events": ["product.revised", "product.delisted"],
                "products": ["trina-solar-tsm-205da01a"],
                "name": "my modules",
            },
        )
        self.assertEqual(stub.requests[0][1].get("Content-Type"), "application/json")
        self.assertEqual(stub.requests[0][1].get("Authorization"), "Bearer pds_k")

    def test_when_a_watch_is_read_changed_rotated_and_deleted_then_each_goes_to_its_method_and_path(self) -> None:
        def route(h: StubHandler) -> Optional[tuple]:  # type: ignore[type-arg]
            if h.command == "DELETE":
                return (204, {}, b"")
            if h.path.startswith("/api/v1/watches?") or h.path == "/api/v1/watches":
                return (200, JSON_TYPE, json.dumps({"data": [WATCH]}).encode())
            if "/deliveries?" in h.path:
                return (200, JSON_TYPE, json.dumps({"data": [{"id": "msg_1", "status": "delivered"}]}).encode())
            return (202 if h.command == "POST" else 200, JSON_TYPE, json.dumps(WATCH).encode())

        with StubServer(route) as stub:
            client = Client(stub.url, "k")
            self.assertEqual(client.list_watches(), [WATCH])
            self.assertEqual(client.get_watch("wh_0123456789abcdef")["id"], WATCH["id"])
            client.change_watch("wh_0123456789abcdef", paused=True)
            client.change_watch("wh_0123456789abcdef", search={"q": "bifacial", "specs.stc_power_w[gte]": "600 W"})
            client.rotate_watch_secret("wh_0123456789abcdef")
            self.assertEqual(client.watch_deliveries("wh_0123456789abcdef", limit=5)[0]["id"], "msg_1")
            client.redeliver("wh_0123456789abcdef", "msg_a/b")
            client.send_test_event("wh_0123456789abcdef")
            self.assertIsNone(client.delete_watch("wh_0123456789abcdef"))
        base = "/api/v1/watches/wh_0123456789abcdef"
        self.assertEqual(
            [(m, p) for m, p, _ in stub.calls],
            [
                ("GET", "/api/v1/watches"),
                ("GET", base),
                ("PATCH", base),
                ("PATCH", base),
                ("POST", base + "/rotate-secret"),
                ("GET", base + "/deliveries?limit=5"),
                ("POST", base + "/deliveries/msg_a%2Fb/redeliver"),
                ("POST", base + "/test"),
                ("DELETE", base),
            ],
        )
        self.assertEqual(json.loads(stub.calls[2][2]), {"paused": True})
        self.assertEqual(json.loads(stub.calls[3][2]), {"search": {"q": "bifacial", "specs.stc_power_w[gte]": "600 W"}})
        self.assertEqual([b for m, _, b in stub.calls if m in ("GET", "DELETE")], [b""] * 4)

    def test_when_the_account_holds_its_most_watches_then_conflict_error_with_the_problem(self) -> None:
        body = problem(409, "watch-limit-reached", "Too many watches", "This account holds 25 watches, the most it may")
        with StubServer(lambda h: (409, PROBLEM_TYPE, body)) as stub:
            with self.assertRaises(ConflictError) as caught:
                Client(stub.url, "k").create_watch("https://h.example/x", ["watch.matched"], search={"q": "x"})
        self.assertEqual((caught.exception.status, caught.exception.slug), (409, "watch-limit-reached"))
        self.assertEqual(len(stub.calls), 1, "a 409 is not retried")

    def test_when_watch_arguments_cannot_be_right_then_type_or_value_error_before_any_request(self) -> None:
        url, events, wid = "https://hooks.example.com/pds", ["product.revised"], "wh_0123456789abcdef"
        with StubServer(lambda h: (200, JSON_TYPE, b"{}")) as stub:
            client = Client(stub.url, "k")
            bad = [
                (TypeError, lambda: client.create_watch(url, events, products="trina-solar-tsm-205da01a")),
                (TypeError, lambda: client.create_watch(url, "product.revised", products=["p"])),
                (ValueError, lambda: client.create_watch(url, [], products=["p"])),
                (ValueError, lambda: client.create_watch(url, events)),
                (ValueError, lambda: client.create_watch(url, events, products=["p"], search={"q": "x"})),
                (ValueError, lambda: client.create_watch(url, events, products=["p"] * 1001)),
                (ValueError, lambda: client.create_watch(url, events, products=[])),
                (TypeError, lambda: client.create_watch(url, events, products=["p", 7])),
                (ValueError, lambda: client.create_watch("ftp://h.example/x", events, products=["p"])),
                (TypeError, lambda: client.create_watch(None, events, products=["p"])),  # type: ignore[arg-type]
                (ValueError, lambda: client.create_watch(url, ["watch.matched"], search={"q": "x", "limit": 5})),
                (TypeError, lambda: client.create_watch(url, ["watch.matched"], search="bifacial")),  # type: ignore
                (ValueError, lambda: client.change_watch(wid)),
                (TypeError, lambda: client.change_watch(wid, paused="yes")),  # type: ignore[arg-type]
                (TypeError, lambda: client.get_watch("")),
                (TypeError, lambda: client.delete_watch(None)),  # type: ignore[arg-type]
                (TypeError, lambda: client.redeliver(wid, "")),
            ]
            for index, (error, call) in enumerate(bad):
                with self.assertRaises(error, msg=f"case {index}"):
                    call()
        self.assertEqual(stub.calls, [], "nothing was sent")


if __name__ == "__main__":
    unittest.main()
