# Schemathesis hooks for the fuzzing test (test/integration/fuzz.test.ts), loaded through
# SCHEMATHESIS_HOOKS. They cover only rules no JSON Schema can state, and only in positive cases
# (which assert the request must be accepted); negative cases and every other value go out as
# generated. Each rule is in the document's descriptions and has its own API test.
# - A cursor is valid only as the API issued it, for the same query: it is signed and bound to q,
#   filters and sort. The document gives its form; a positive case goes without one.
#   (test/api/products-list.test.ts, revisions.test.ts, test/unit/shared/cursor.test.ts)
# - A new password must not be a common one, repeat too few characters or contain the email: a positive
#   registration gets a strong password. (test/api/accounts.test.ts)
# - A key's expires_at must be in the future, a rule about the clock: a positive case with a past
#   one gets a future one. (test/api/accounts.test.ts)
# - An Idempotency-Key names one key creation: sent again with another body (or a day later) it is
#   refused with 422, a rule between requests: a positive creation gets a fresh one as it is sent
#   (in before_call: the coverage phase's cases do not pass through map_case).
#   (test/api/key-management.test.ts)
# - String sizing's (and the design fit's) t_min must not be above its t_max, a rule between two
#   parameters: a positive case gets them in order. (test/api/design.test.ts)
# - The design operations need a module with single-diode parameters and an inverter with its DC
#   limits, a rule about the data: a positive case names the ones the fuzz test found in the seeded
#   data (FUZZ_MODULE_ID, FUZZ_INVERTER_ID), so its generated conditions reach the calculation.
#   (test/api/design.test.ts)
# - Compare answers 400 for ids that name no product, a rule about the data: a positive case names
#   as many real products (FUZZ_PRODUCT_IDS) as it generated ids. (test/api/products-compare.test.ts)
# - An `as_of` must name a time that exists (no month 13, no 30 February), a rule about the calendar
#   the document's pattern cannot state: a positive case with an impossible one gets a real one.
#   (test/unit/contract/as-of.test.ts, test/api/batch.test.ts)
# And one about schemathesis itself: its stateful phase infers that getProducts' `ids` are product
# ids and links them to `/products/{id}`, but passes the whole list as the one id, written as
# Python's repr with `?` and `&` unescaped, so the path it sends is not the one it reports. The link
# gets the list's first id instead, percent-encoded as schemathesis encodes the path values it
# generates (a value a hook sets is sent as it is, so an id holding `?` would otherwise start a query).
import os
import secrets
from urllib.parse import quote, unquote
from datetime import datetime, timedelta, timezone

import schemathesis
from schemathesis import GenerationMode


def _future(value):
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")) > datetime.now(timezone.utc)
    except ValueError:
        return True  # not an RFC 3339 time schemathesis meant as valid; leave it as generated


SUITABLE = {"module": os.environ.get("FUZZ_MODULE_ID"), "inverter": os.environ.get("FUZZ_INVERTER_ID")}
PRODUCTS = [p for p in os.environ.get("FUZZ_PRODUCT_IDS", "").split(",") if p]


def _real_ids(value):
    """As many distinct real product ids as the generated list held (compare takes 2 to 10)."""
    count = len(value) if isinstance(value, list) else len(str(value).split(","))
    return PRODUCTS[: max(2, min(count, len(PRODUCTS)))]


def _number(value):
    """A query value as the service reads it: numbers come as numbers or as their text."""
    if isinstance(value, bool):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _in_order(query):
    low, high = _number(query.get("t_min")), _number(query.get("t_max"))
    if low is None or high is None or low <= high:
        return query
    return {**query, "t_min": query["t_max"], "t_max": query["t_min"]}


def _real_time(value):
    try:
        datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def _with_real_as_of(values):
    if isinstance(values, dict) and "as_of" in values and not _real_time(values["as_of"]):
        return {**values, "as_of": "2025-06-01T00:00:00Z"}
    return values


def _positive(case):
    return case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE


@schemathesis.hook
def map_case(context, case):
    if not _positive(case):
        return case
    if isinstance(case.query, dict) and "cursor" in case.query:
        case.query = {k: v for k, v in case.query.items() if k != "cursor"}
    case.query = _with_real_as_of(case.query)
    case.body = _with_real_as_of(case.body)
    if case.operation.path in ("/api/v1/compatibility", "/api/v1/design-fit") and isinstance(case.query, dict):
        case.query = _in_order({**case.query, **{k: v for k, v in SUITABLE.items() if v}})
    if case.operation.path == "/api/v1/compare" and isinstance(case.query, dict) and "ids" in case.query and PRODUCTS:
        case.query = {**case.query, "ids": _real_ids(case.query["ids"])}
    if case.operation.path == "/api/v1/products/{id}/performance" and SUITABLE["module"]:
        case.path_parameters = {**(case.path_parameters or {}), "id": SUITABLE["module"]}
    if isinstance(case.body, dict):
        if case.operation.path == "/api/v1/auth/register" and "password" in case.body:
            case.body = {**case.body, "password": secrets.token_urlsafe(18)}
        if case.operation.path == "/api/v1/developer/keys" and "expires_at" in case.body and not _future(case.body["expires_at"]):
            expires = datetime.now(timezone.utc) + timedelta(days=1)
            case.body = {**case.body, "expires_at": expires.isoformat().replace("+00:00", "Z")}
    return case


@schemathesis.hook
def before_call(context, case, **kwargs):
    # Headers come as a case-insensitive mapping.
    if _positive(case) and case.operation.path == "/api/v1/developer/keys" and case.headers and "idempotency-key" in case.headers:
        case.headers["Idempotency-Key"] = secrets.token_urlsafe(18)
    params = case.path_parameters
    if params and any(isinstance(v, list) for v in params.values()):
        case.path_parameters = {k: _first_in_path(v) if isinstance(v, list) else v for k, v in params.items()}


def _first_in_path(values):
    return quote(unquote(str(values[0])), safe="") if values else ""
