"""The package against the OpenAPI document the service serves: no wrapped operation missing, no parameter undeclared.

Two views. The operations table (pds_client.operations) is checked entry by entry, its spec
parameters expanded over every spec of the glossary. And every public method of the client is
called with every one of its parameters against a recorder, and each request it would send is
checked against the document directly (by its method and path, not by what the table says).
"""

from __future__ import annotations

import copy
import inspect
import os
import io
import json
import os
import re
import tempfile
import unittest
import urllib.parse
from typing import Any, Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

from pds_client import Client, ExportStream
from pds_client.operations import (
    BATCH_MAX,
    OPERATIONS,
    RANGE_OPS,
    WATCH_PRODUCTS_MAX,
    Operation,
    range_param,
    value_param,
)

from .support import service

Declared = Tuple[str, str, Set[str], Set[str]]
#: The keyword arguments of one call, or of several when some exclude each other (a watch's products or search).
Calls = Union[Dict[str, Any], Tuple[Dict[str, Any], ...]]


def _resolve(document: Mapping[str, Any], item: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = item.get("$ref")
    if not ref:
        return item
    node: Any = document
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node  # type: ignore[no-any-return]


def declared(document: Mapping[str, Any]) -> Dict[str, Declared]:
    """Per operationId: method, path, and the names of its query and path parameters."""
    ops: Dict[str, Declared] = {}
    for path, item in document.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method, op in item.items():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            params = [_resolve(document, p) for p in [*shared, *op.get("parameters", [])]]
            ops[op["operationId"]] = (
                method.upper(),
                path,
                {p["name"] for p in params if p.get("in") == "query"},
                {p["name"] for p in params if p.get("in") == "path"},
            )
    return ops


def sendable(op: Operation, glossary: Sequence[Mapping[str, Any]]) -> List[str]:
    """Every query parameter the table lets the client send to `op`, spec parameters expanded over the glossary."""
    names = list(op.query)
    if op.spec_ranges:
        numeric = [e["name"] for e in glossary if e["type"] in ("number", "integer")] + ["nominal_power_w"]
        names += [range_param(spec, bound) for spec in numeric for bound in RANGE_OPS]
    if op.spec_values:
        names += [value_param(e["name"]) for e in glossary if e["type"] in ("text", "boolean")]
    return names


def drift(
    document: Mapping[str, Any], glossary: Sequence[Mapping[str, Any]], operations: Mapping[str, Operation] = OPERATIONS
) -> List[str]:
    """Every way the operations table disagrees with the document (empty when in step)."""
    found: List[str] = []
    ops = declared(document)
    for op in operations.values():
        if op.id not in ops:
            found.append(f"{op.id} ({op.method} {op.path}) is not in the document")
            continue
        method, path, query, path_names = ops[op.id]
        if (method, path) != (op.method, op.path):
            found.append(f"{op.id} is {method} {path} in the document, {op.method} {op.path} in the package")
        if set(op.path_params) != path_names:
            found.append(f"{op.id} takes path parameters {sorted(path_names)}, the package fills {list(op.path_params)}")
        for name in sendable(op, glossary):
            if name not in query:
                found.append(f"{op.id} sends {name}, which the document does not declare")
    return found


def _path_pattern(template: str) -> "re.Pattern[str]":
    return re.compile("^" + re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(template)) + "$")


class Recorder(Client):
    """A client that records the requests it would send and answers each with an empty success."""

    def __init__(self) -> None:
        super().__init__("http://recorder.invalid", "pds_recorder")
        self.sent: List[Tuple[str, str, str]] = []
        self.bodies: List[Tuple[str, Any]] = []

    def _open(
        self,
        operation_id: str,
        path: Optional[Mapping[str, Any]] = None,
        query: Sequence[Tuple[str, str]] = (),
        accept: str = "application/json",
        gzip_ok: bool = False,
        body: Any = None,
    ) -> Tuple[io.BytesIO, Dict[str, str]]:
        self.sent.append((operation_id, OPERATIONS[operation_id].method, self._url(operation_id, path or {}, query)))
        if body is not None:
            self.bodies.append((operation_id, body))
        body: Dict[str, Any] = {"data": [], "meta": {}} if operation_id != "exportProducts" else {}
        if operation_id == "createSamLink":
            body = {"url": "http://recorder.invalid/api/v1/sam-links/l?signature=s"}
        if operation_id == "getPvsystFile":
            body = {"file": {"text": ""}}
        return io.BytesIO(b"" if operation_id == "exportProducts" else json.dumps(body).encode()), {}


def calls_of(entry: Calls) -> Tuple[Dict[str, Any], ...]:
    return entry if isinstance(entry, tuple) else (entry,)


def every_call(glossary: Sequence[Mapping[str, Any]]) -> Dict[str, Calls]:
    """Every public method of the client with a value for every one of its parameters (over one call or several)."""
    specs: Dict[str, Any] = {}
    for entry in glossary:
        if entry["type"] in ("number", "integer"):
            specs[entry["name"]] = {bound: 1 for bound in RANGE_OPS}
        elif entry["type"] == "text":
            specs[entry["name"]] = ["a value"]
        elif entry["type"] == "boolean":
            specs[entry["name"]] = True
    collection = dict(
        category=["pv-module", "inverter"],
        manufacturer=["Trina Solar"],
        series=["sma-sunny-boy"],
        in_latest_edition=True,
        quality=["pass"],
        sort=["id"],
        fields=["id", "model"],
        specs=specs,
        nominal_power={bound: 1 for bound in RANGE_OPS},
    )
    sam = dict(
        edition="2024-11-14",
        product_id=True,
        manufacturer=["Trina Solar"],
        series=["sma-sunny-boy"],
        in_latest_edition=True,
        quality=["pass"],
        specs=specs,
        nominal_power={bound: 1 for bound in RANGE_OPS},
    )
    return {
        "list_products": dict(q="x", limit=1, cursor="a.b", **collection),
        "search": dict(q="x", limit=1, cursor="a.b", **collection),
        "iter_products": dict(q="x", page_size=1, **collection),
        "iter_search": dict(q="x", page_size=1, **collection),
        "get_product": dict(id="p", as_of=1),
        "get_products": dict(ids=["a", "B-1"], fields=["specs.stc_power_w"], as_of=1),
        "compare": dict(ids=["a", "b"]),
        "similar": dict(id="p", limit=3),
        "revisions": dict(id="p", limit=1, cursor="a.b"),
        "iter_revisions": dict(id="p", page_size=1),
        "revision": dict(id="p", number=1),
        "changes": dict(limit=1, cursor="a.b"),
        "export": dict(category="inverter", in_latest_edition=True),
        "pvsyst": dict(id="p", path=os.devnull, as_of=1),
        "module_performance": dict(id="p", irradiance=800, cell_temperature=45, model="cec", iv_points=2),
        "inverter_performance": dict(id="p", model="sandia", points=[(3000, 380), (6000.5, 420)], eta_inv_nom=0.97),
        "heat_pump_performance": dict(id="p", points=[(-7, 35), (0, 35, -7)], outdoor_temperature=2),
        "compatibility": dict(module="m", inverter="i", t_min=-10, t_max=40, temperatures="cell"),
        "sources": {},
        "source": dict(id="s"),
        "manufacturers": dict(category="inverter", limit=1, cursor="a.b"),
        "iter_manufacturers": dict(category="inverter", page_size=1),
        "manufacturer": dict(id="m"),
        "specs": {},
        "openapi": {},
        "list_watches": {},
        "create_watch": (
            dict(url="https://hooks.example.com/pds", events=["product.revised"], products=["p"], name="n"),
            dict(url="https://hooks.example.com/pds", events=["watch.matched"], search={"q": "bifacial"}),
        ),
        "get_watch": dict(id=WATCH),
        "change_watch": (
            dict(id=WATCH, name="n", products=["p"], events=["product.created"], url="https://h.example/", paused=True),
            dict(id=WATCH, search={"q": "bifacial", "category": "pv-module"}),
        ),
        "delete_watch": dict(id=WATCH),
        "rotate_watch_secret": dict(id=WATCH),
        "watch_deliveries": dict(id=WATCH, limit=5),
        "redeliver": dict(id=WATCH, delivery_id="msg_abc_wh_0123456789abcdef"),
        "send_test_event": dict(id=WATCH),
        "sam_list": (
            dict(list="cec-modules", path=os.path.join(tempfile.gettempdir(), "pds-drift-sam.csv"), **sam),
            dict(list="cec-modules", as_of="2024-01-01"),
        ),
        "sam_link": (dict(list="cec-modules", expires_in=600, **sam), dict(list="cec-modules", as_of="2024-01-01")),
        "sam_url": (dict(list="cec-modules", expires_in=600, **sam), dict(list="cec-modules", as_of="2024-01-01")),
        "revoke_sam_link": dict(id="l"),
    }


WATCH = "wh_0123456789abcdef"


def public_methods() -> Dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(Client, inspect.isfunction)
        if not name.startswith("_")
    }


def record(glossary: Sequence[Mapping[str, Any]], recorder: Optional[Recorder] = None) -> List[Tuple[str, str, str]]:
    recorder = recorder or Recorder()
    for name, entry in every_call(glossary).items():
        for kwargs in calls_of(entry):
            result = getattr(recorder, name)(**kwargs)
            if isinstance(result, ExportStream):
                list(result)
            elif inspect.isgenerator(result):
                list(result)
    return recorder.sent


def undeclared(document: Mapping[str, Any], sent: Sequence[Tuple[str, str, str]]) -> List[str]:
    """Every request among `sent` the document does not allow: unknown path, other operation, undeclared parameter."""
    found: List[str] = []
    ops = declared(document)
    for operation_id, method, url in sent:
        parts = urllib.parse.urlsplit(url)
        matches = [
            op_id for op_id, (m, template, _, _) in ops.items() if m == method and _path_pattern(template).match(parts.path)
        ]
        if matches != [operation_id]:
            found.append(f"{method} {parts.path} is {matches or 'no operation'} in the document, not {operation_id}")
            continue
        query = ops[operation_id][2]
        for name in dict.fromkeys(name for name, _ in urllib.parse.parse_qsl(parts.query, keep_blank_values=True)):
            if name not in query:
                found.append(f"{operation_id} is sent {name}, which the document does not declare")
    return list(dict.fromkeys(found))


class DriftTest(unittest.TestCase):
    document: Dict[str, Any]
    glossary: List[Dict[str, Any]]

    @classmethod
    def setUpClass(cls) -> None:
        client = service()
        cls.document = client.openapi()
        cls.glossary = client.specs()

    def test_when_the_served_document_is_read_then_every_wrapped_operation_and_parameter_is_declared(self) -> None:
        self.assertEqual(drift(self.document, self.glossary), [])

    def test_when_every_method_is_called_with_every_parameter_then_each_request_is_one_the_document_allows(self) -> None:
        calls = every_call(self.glossary)
        methods = public_methods()
        self.assertEqual(sorted(calls), sorted(methods), "a public method is not exercised here (add it to every_call)")
        for name, signature in methods.items():
            wanted = [p for p in signature.parameters if p != "self"]
            given = {p for kwargs in calls_of(calls[name]) for p in kwargs}
            self.assertEqual(sorted(given), sorted(wanted), f"{name}: exercise every parameter")
        sent = record(self.glossary)
        self.assertEqual(undeclared(self.document, sent), [])
        self.assertEqual(sorted({op for op, _, _ in sent}), sorted(OPERATIONS), "an operation of the table is never used")
        missed = set(sendable(OPERATIONS["searchProducts"], self.glossary)) - parse_names(sent)
        self.assertEqual(missed, set(), "every spec parameter was sent at least once")

    def test_when_a_body_is_sent_then_each_of_its_fields_is_one_the_document_declares(self) -> None:
        recorder = Recorder()
        record(self.glossary, recorder)
        with_body = {op for op, _ in recorder.bodies}
        self.assertEqual(
            with_body, {"getProducts", "createWatch", "changeWatch", "createSamLink"}, "the operations that send a body"
        )
        for operation_id, body in recorder.bodies:
            method, path, _, _ = declared(self.document)[operation_id]
            schema = _resolve(
                self.document,
                self.document["paths"][path][method.lower()]["requestBody"]["content"]["application/json"]["schema"],
            )
            self.assertEqual(set(body) - set(schema["properties"]), set(), operation_id)
            if operation_id == "getProducts":
                self.assertEqual(schema["properties"]["ids"]["maxItems"], BATCH_MAX)
            if operation_id in ("createWatch", "changeWatch"):
                self.assertEqual(schema["properties"]["products"]["maxItems"], WATCH_PRODUCTS_MAX)

    def test_when_the_document_loses_a_parameter_or_an_operation_then_drift_is_reported(self) -> None:
        # The checks themselves: a document without getProduct's as_of, and one renaming compareProducts.
        document = copy.deepcopy(self.document)
        get = document["paths"]["/api/v1/products/{id}"]["get"]
        get["parameters"] = [p for p in get["parameters"] if p.get("name") != "as_of"]
        document["paths"]["/api/v1/compare"]["get"]["operationId"] = "compareThings"
        search = document["paths"]["/api/v1/search"]["get"]
        search["parameters"] = [p for p in search["parameters"] if p.get("name") != "specs.voc_v[lt]"]
        found = drift(document, self.glossary)
        self.assertIn("getProduct sends as_of, which the document does not declare", found)
        self.assertIn("compareProducts (GET /api/v1/compare) is not in the document", found)
        self.assertIn("searchProducts sends specs.voc_v[lt], which the document does not declare", found)
        late = undeclared(document, record(self.glossary))
        self.assertIn("getProduct is sent as_of, which the document does not declare", late)
        self.assertIn("searchProducts is sent specs.voc_v[lt], which the document does not declare", late)


def parse_names(sent: Sequence[Tuple[str, str, str]]) -> Set[str]:
    return {name for _, _, url in sent for name, _ in urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)}


if __name__ == "__main__":
    unittest.main()
