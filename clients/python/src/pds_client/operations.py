"""The operations of the service this package wraps, and every query parameter it may send to each.

The client builds every request from this table, and refuses to send a parameter it does not list
(see ``Operation.check``). ``tests/test_drift.py`` reads the OpenAPI document the service serves and
fails when one of these operations is missing there (by operationId, method and path) or a
parameter listed here is not declared for it, so the package cannot drift from the document
unnoticed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, Sequence, Tuple

__all__ = [
    "Operation",
    "OPERATIONS",
    "RANGE_OPS",
    "BATCH_MAX",
    "WATCH_PRODUCTS_MAX",
    "NOT_SAVED",
    "range_param",
    "value_param",
]

#: Entries one getProducts call takes (the document's ``maxItems`` of ``ids``; tests/test_drift.py checks it).
BATCH_MAX = 100

#: Product ids one watch may name (the ``maxItems`` of a watch's ``products``; tests/test_drift.py checks it).
WATCH_PRODUCTS_MAX = 1000

#: searchProducts parameters a saved search (a watch's ``search``) may not hold: they shape a page, not the question.
NOT_SAVED: Tuple[str, ...] = ("limit", "cursor", "sort", "fields")

#: The bounds a numeric range takes: ``specs.<name>[gte]=400``.
RANGE_OPS: Tuple[str, ...] = ("gte", "gt", "lte", "lt")

_RANGE = re.compile(r"^specs\.[a-z0-9_]+\[(gte|gt|lte|lt)\]$|^nominal_power_w\[(gte|gt|lte|lt)\]$")
_VALUE = re.compile(r"^specs\.[a-z0-9_]+$")


def range_param(spec: str, op: str) -> str:
    """The query parameter of one bound of a numeric spec (``nominal_power_w`` is any category's nominal power)."""
    return f"{spec}[{op}]" if spec == "nominal_power_w" else f"specs.{spec}[{op}]"


def value_param(spec: str) -> str:
    """The query parameter selecting a text or boolean spec by value."""
    return f"specs.{spec}"


@dataclass(frozen=True)
class Operation:
    """One operation: its operationId, method, path template, and the query parameters the client sends."""

    id: str
    method: str
    path: str
    query: Tuple[str, ...] = ()
    #: Sends ``specs.<numeric spec>[gte|gt|lte|lt]`` and ``nominal_power_w[...]``.
    spec_ranges: bool = False
    #: Sends ``specs.<text or boolean spec>=<value>``.
    spec_values: bool = False
    path_params: Tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "path_params", tuple(re.findall(r"\{([a-z_]+)\}", self.path)))

    def allows(self, name: str) -> bool:
        """Whether the client may send this query parameter to this operation."""
        if name in self.query:
            return True
        if self.spec_ranges and _RANGE.match(name):
            return True
        return bool(self.spec_values and _VALUE.match(name))

    def check(self, names: Sequence[str]) -> None:
        """Raises when a parameter outside this table is about to be sent (a bug in this package)."""
        extra = [n for n in names if not self.allows(n)]
        if extra:
            raise AssertionError(f"{self.id} does not take {', '.join(sorted(set(extra)))} (see pds_client.operations)")


_COLLECTION = (
    "q", "category", "manufacturer", "series", "in_latest_edition", "quality", "sort", "fields", "limit", "cursor"
)


def _table(*ops: Operation) -> Dict[str, Operation]:
    return {op.id: op for op in ops}


OPERATIONS: Dict[str, Operation] = _table(
    Operation("listProducts", "GET", "/api/v1/products", _COLLECTION, spec_ranges=True, spec_values=True),
    Operation("searchProducts", "GET", "/api/v1/search", _COLLECTION, spec_ranges=True, spec_values=True),
    Operation("getProduct", "GET", "/api/v1/products/{id}", ("as_of",)),
    Operation("getProducts", "POST", "/api/v1/batch/products"),
    Operation("compareProducts", "GET", "/api/v1/compare", ("ids",)),
    Operation("listSimilarProducts", "GET", "/api/v1/products/{id}/similar", ("limit",)),
    Operation("listRevisions", "GET", "/api/v1/products/{id}/revisions", ("limit", "cursor")),
    Operation("getRevision", "GET", "/api/v1/products/{id}/revisions/{number}"),
    Operation("listChanges", "GET", "/api/v1/changes", ("limit", "cursor")),
    Operation("exportProducts", "GET", "/api/v1/export", ("category", "in_latest_edition")),
    Operation(
        "getModulePerformance",
        "GET",
        "/api/v1/products/{id}/performance",
        ("irradiance", "cell_temperature", "model", "iv_points"),
    ),
    Operation("getPvsystFile", "GET", "/api/v1/products/{id}/pvsyst", ("format", "as_of")),
    Operation(
        "getInverterPerformance",
        "GET",
        "/api/v1/products/{id}/inverter-performance",
        ("model", "points", "eta_inv_nom"),
    ),
    Operation(
        "getHeatPumpPerformance",
        "GET",
        "/api/v1/products/{id}/heat-pump-performance",
        ("points", "outdoor_temperature"),
    ),
    Operation(
        "checkCompatibility", "GET", "/api/v1/compatibility", ("module", "inverter", "t_min", "t_max", "temperatures")
    ),
    Operation("listSources", "GET", "/api/v1/sources"),
    Operation("getSource", "GET", "/api/v1/sources/{id}"),
    Operation("listManufacturers", "GET", "/api/v1/manufacturers", ("category", "limit", "cursor")),
    Operation("getManufacturer", "GET", "/api/v1/manufacturers/{id}"),
    Operation("listSpecs", "GET", "/api/v1/specs"),
    Operation("getOpenApiContract", "GET", "/api/v1/openapi.json"),
    # Watches: no credits; the login token or a key with the scope watches:write.
    Operation("listWatches", "GET", "/api/v1/watches"),
    Operation("createWatch", "POST", "/api/v1/watches"),
    Operation("getWatch", "GET", "/api/v1/watches/{id}"),
    Operation("changeWatch", "PATCH", "/api/v1/watches/{id}"),
    Operation("deleteWatch", "DELETE", "/api/v1/watches/{id}"),
    Operation("rotateWatchSecret", "POST", "/api/v1/watches/{id}/rotate-secret"),
    Operation("listWatchDeliveries", "GET", "/api/v1/watches/{id}/deliveries", ("limit",)),
    Operation("redeliverWatchDelivery", "POST", "/api/v1/watches/{id}/deliveries/{delivery_id}/redeliver"),
    Operation("sendWatchTestEvent", "POST", "/api/v1/watches/{id}/test"),
    # SAM lists: with the key, or through a signed URL pvlib's retrieve_sam reads.
    Operation(
        "exportSamList",
        "GET",
        "/api/v1/exports/sam/{list}",
        ("edition", "as_of", "product_id", "manufacturer", "series", "in_latest_edition", "quality"),
        spec_ranges=True,
        spec_values=True,
    ),
    Operation("createSamLink", "POST", "/api/v1/sam-links"),
    Operation("revokeSamLink", "DELETE", "/api/v1/sam-links/{id}"),
)
