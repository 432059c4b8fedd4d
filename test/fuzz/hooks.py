# Schemathesis hooks for the fuzzing test (test/integration/fuzz.test.ts), loaded through
# SCHEMATHESIS_HOOKS. They cover only rules no JSON Schema can state, and only in positive cases
# (which assert the request must be accepted); negative cases and every other value go out as
# generated. Each rule is in the document's descriptions and has its own API test.
# - A cursor is valid only as the API issued it, for the same query: it is signed and bound to q,
#   filters and sort. The document gives its form; a positive case goes without one.
#   (test/api/products.test.ts, revisions.test.ts)
# - A new password must not be a common one, repeat too few characters or contain the email: a positive
#   registration gets a strong password. (test/api/accounts.test.ts)
# - A key's expires_at must be in the future, a rule about the clock: a positive case with a past
#   one gets a future one. (test/api/accounts.test.ts)
# - String sizing's t_min must not be above its t_max, a rule between two parameters: a positive case
#   gets them in order. (test/api/design.test.ts)
import secrets
from datetime import datetime, timedelta, timezone

import schemathesis
from schemathesis import GenerationMode


def _future(value):
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")) > datetime.now(timezone.utc)
    except ValueError:
        return True  # not an RFC 3339 time schemathesis meant as valid; leave it as generated


def _numbers(*values):
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


@schemathesis.hook
def map_case(context, case):
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return case
    if isinstance(case.query, dict) and "cursor" in case.query:
        case.query = {k: v for k, v in case.query.items() if k != "cursor"}
    if isinstance(case.query, dict) and _numbers(case.query.get("t_min"), case.query.get("t_max")):
        low, high = sorted((case.query["t_min"], case.query["t_max"]))
        case.query = {**case.query, "t_min": low, "t_max": high}
    if isinstance(case.body, dict):
        if case.operation.path == "/api/v1/auth/register" and "password" in case.body:
            case.body = {**case.body, "password": secrets.token_urlsafe(18)}
        if case.operation.path == "/api/v1/developer/keys" and "expires_at" in case.body and not _future(case.body["expires_at"]):
            expires = datetime.now(timezone.utc) + timedelta(days=1)
            case.body = {**case.body, "expires_at": expires.isoformat().replace("+00:00", "Z")}
    return case
