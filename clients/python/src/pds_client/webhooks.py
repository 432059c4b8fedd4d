"""Verifying the webhooks a watch delivers (Standard Webhooks, https://www.standardwebhooks.com/).

Each delivery carries three headers: ``webhook-id`` (the same on every retry: deduplicate by it),
``webhook-timestamp`` (Unix seconds of the attempt) and ``webhook-signature``, a space-separated
list of ``v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`` keyed by the bytes the watch's
``whsec_`` secret encodes in base64; two of them while a rotated-out secret still signs.

>>> from pds_client.webhooks import verify
>>> event = verify(secret, request_headers, request_body)   # doctest: +SKIP
>>> event["type"], event["data"]["product_id"]                # doctest: +SKIP

Standard library only. Verify the raw body exactly as received, before any JSON parsing.
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from .errors import WebhookVerificationError

__all__ = ["verify", "sign", "WebhookVerificationError", "DEFAULT_TOLERANCE", "SECRET_PREFIX"]

#: Seconds a delivery's timestamp may be from now, either way (Standard Webhooks' five minutes).
DEFAULT_TOLERANCE = 300

#: What a watch's secret starts with; the rest is the key in base64.
SECRET_PREFIX = "whsec_"

Headers = Union[Mapping[str, Any], Iterable[Tuple[str, Any]]]
Body = Union[bytes, bytearray, memoryview, str]
Now = Union[int, float, _dt.datetime]


def _key(secret: Union[str, bytes]) -> bytes:
    """The HMAC key: the bytes of a ``whsec_<base64>`` secret (or of base64 without the prefix), or raw bytes."""
    if isinstance(secret, (bytes, bytearray)):
        if not secret:
            raise ValueError("secret: empty")
        return bytes(secret)
    if not isinstance(secret, str):
        raise TypeError(f"secret: the watch's whsec_... secret, not {type(secret).__name__}")
    encoded = secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(
            "secret: not a whsec_<base64> secret (as create_watch or rotate_watch_secret answered it)"
        ) from None
    if not key:
        raise ValueError("secret: empty")
    return key


def _body(body: Body) -> bytes:
    if isinstance(body, str):
        return body.encode("utf-8")
    if isinstance(body, (bytes, bytearray, memoryview)):
        return bytes(body)
    raise TypeError(f"body: the raw request body as bytes or str, not {type(body).__name__}")


def _headers(headers: Headers) -> Dict[str, str]:
    """Header names lower-cased (HTTP names are case-insensitive); values as text."""
    items = headers.items() if hasattr(headers, "items") else headers  # Mapping, http.client.HTTPMessage, ...
    found: Dict[str, str] = {}
    for name, value in items:  # type: ignore[union-attr]
        if isinstance(value, (bytes, bytearray)):
            value = bytes(value).decode("latin-1")
        elif isinstance(value, (list, tuple)):  # some frameworks give each header's values as a list
            value = " ".join(str(v) for v in value)
        found[str(name).lower()] = str(value).strip()
    return found


def _seconds(now: Optional[Now]) -> float:
    if now is None:
        return time.time()
    if isinstance(now, _dt.datetime):
        if now.tzinfo is None:
            raise ValueError("now: a datetime needs a time zone (e.g. datetime.timezone.utc)")
        return now.timestamp()
    if isinstance(now, bool) or not isinstance(now, (int, float)):
        raise TypeError(f"now: Unix seconds or an aware datetime, not {now!r}")
    return float(now)


def _digest(key: bytes, msg_id: str, timestamp: str, body: bytes) -> bytes:
    return hmac.new(key, f"{msg_id}.{timestamp}.".encode("utf-8") + body, hashlib.sha256).digest()


def sign(secret: Union[str, bytes], msg_id: str, timestamp: int, body: Body) -> str:
    """The ``webhook-signature`` value the service would send (``v1,<base64>``): to test a receiver locally."""
    return "v1," + base64.b64encode(_digest(_key(secret), msg_id, str(int(timestamp)), _body(body))).decode("ascii")


def _signatures(header: str) -> List[bytes]:
    """The v1 signatures of a ``webhook-signature`` header (other versions and garbage are passed over)."""
    found: List[bytes] = []
    for part in header.split():
        version, _, value = part.partition(",")
        if version != "v1" or not value:
            continue
        try:
            found.append(base64.b64decode(value, validate=True))
        except (binascii.Error, ValueError):
            continue
    return found


def verify(
    secret: Union[str, bytes],
    headers: Headers,
    body: Body,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    now: Optional[Now] = None,
) -> Any:
    """The delivery's JSON payload, once its signature and timestamp prove it came from the service.

    ``secret``: the watch's ``whsec_...`` secret (or the key's raw bytes). ``headers``: the
    request's headers, a mapping or ``(name, value)`` pairs in any case. ``body``: the raw body as
    received (bytes, or str as UTF-8). ``tolerance``: the seconds the ``webhook-timestamp`` may be
    from ``now`` (Unix seconds or an aware datetime; default: the clock), either way. Any one of
    the signatures may match (during a secret rotation the service sends two); each comparison is
    constant-time.

    Raises :class:`~pds_client.errors.WebhookVerificationError` when a header is missing, the
    timestamp is not a number or is outside the tolerance, no signature matches, or the verified
    body is not JSON; ``TypeError``/``ValueError`` for arguments that cannot be right (a secret
    that is not ``whsec_<base64>``, say).
    """
    key = _key(secret)
    raw = _body(body)
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or tolerance < 0:
        raise ValueError(f"tolerance: seconds, zero or more, not {tolerance!r}")
    clock = _seconds(now)
    found = _headers(headers)
    for name in ("webhook-id", "webhook-timestamp", "webhook-signature"):
        if not found.get(name):
            raise WebhookVerificationError("missing-header", f"the delivery has no {name} header")
    msg_id, timestamp = found["webhook-id"], found["webhook-timestamp"]
    if not timestamp.isdigit() or len(timestamp) > 15:
        raise WebhookVerificationError("bad-timestamp", f"webhook-timestamp is not Unix seconds: {timestamp[:40]!r}")
    age = clock - int(timestamp)
    if age > tolerance:
        raise WebhookVerificationError(
            "timestamp-too-old",
            f"webhook-timestamp is {age:.0f} s old, more than the {tolerance} s allowed (a replay?)",
        )
    if -age > tolerance:
        raise WebhookVerificationError(
            "timestamp-too-new", f"webhook-timestamp is {-age:.0f} s ahead, more than the {tolerance} s allowed"
        )
    expected = _digest(key, msg_id, timestamp, raw)
    # Every candidate is compared (no early exit), each in constant time.
    matched = False
    for candidate in _signatures(found["webhook-signature"]):
        matched = hmac.compare_digest(expected, candidate) or matched
    if not matched:
        raise WebhookVerificationError(
            "no-matching-signature",
            "no v1 signature of the delivery was made with this secret (forged, altered, or another watch's secret)",
        )
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise WebhookVerificationError("body-not-json", f"the signed body is not JSON: {err}") from None
