"""The exceptions the client raises.

Every answer of 400 or more from the service is an RFC 9457 problem (``application/problem+json``):
it is raised as a :class:`ProblemError`, or the subclass for its status, carrying ``status``,
``type``, ``title``, ``detail`` and the rest of the problem. A request that got no answer (the
service unreachable, a timeout, a stream cut short) raises :class:`TransportError`. A webhook
delivery that fails :func:`pds_client.webhooks.verify` raises :class:`WebhookVerificationError`.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Type

__all__ = [
    "PdsError",
    "TransportError",
    "StreamInterrupted",
    "ProblemError",
    "BadRequestError",
    "AuthenticationError",
    "InsufficientCreditsError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "RateLimitedError",
    "ServiceUnavailableError",
    "ServerError",
    "WebhookVerificationError",
    "problem_error",
]


class PdsError(Exception):
    """Base of every exception this package raises: about a call to the service, or a webhook failing verification."""


class TransportError(PdsError):
    """No usable answer: the service could not be reached, did not answer in time, or answered garbage."""


class StreamInterrupted(TransportError):
    """An export stream ended before it was complete (the service never ends one cut short as if complete)."""


class ProblemError(PdsError):
    """An RFC 9457 problem the service answered with.

    Attributes mirror the problem's members: ``status``, ``type`` (``/problems/<slug>``), ``title``,
    ``detail``, ``instance``, ``request_id`` and, for validation problems, ``errors`` (each
    ``{in, name, message}``). ``problem`` is the whole document as received; ``retry_after`` the
    seconds of a ``Retry-After`` header, when the answer had one.
    """

    status: int
    type: str
    title: str
    detail: str
    instance: Optional[str]
    request_id: Optional[str]
    errors: List[Dict[str, Any]]
    retry_after: Optional[float]
    problem: Dict[str, Any]

    def __init__(
        self,
        status: int,
        type: str,
        title: str,
        detail: str,
        *,
        instance: Optional[str] = None,
        request_id: Optional[str] = None,
        errors: Optional[List[Dict[str, Any]]] = None,
        retry_after: Optional[float] = None,
        problem: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(f"{status} {title}: {detail}")
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.instance = instance
        self.request_id = request_id
        self.errors = list(errors or [])
        self.retry_after = retry_after
        self.problem = dict(problem or {})

    @property
    def slug(self) -> str:
        """The last part of ``type`` (``validation-failed``), the anchor of its entry in docs/api.md."""
        return self.type.rstrip("/").rsplit("/", 1)[-1]


class BadRequestError(ProblemError):
    """400: a parameter failed validation (``errors`` lists each), a bad cursor, unknown ids, ..."""


class AuthenticationError(ProblemError):
    """401: the API key is missing, unknown, revoked or expired."""


class InsufficientCreditsError(ProblemError):
    """402: the account's credits do not cover the request; nothing was done."""


class PermissionDeniedError(ProblemError):
    """403: the key lacks the scope the operation needs."""


class NotFoundError(ProblemError):
    """404: no such product (or none at that revision or time), revision, source, company, watch or delivery."""


class ConflictError(ProblemError):
    """409: the request conflicts with what the account holds (``watch-limit-reached``: delete a watch first)."""


class RateLimitedError(ProblemError):
    """429: too many requests; ``retry_after`` says how long to wait."""


class ServiceUnavailableError(ProblemError):
    """503: a dependency of the service is down or slow; ``retry_after`` says how long to wait."""


class ServerError(ProblemError):
    """Any other 5xx."""


class WebhookVerificationError(PdsError):
    """A webhook delivery that must not be trusted: a header missing, a timestamp outside the tolerance,
    or no signature made with the secret (forged, tampered with, or signed with another secret).

    ``reason`` says which, as a word a receiver can log or count: ``missing-header``,
    ``bad-timestamp``, ``timestamp-too-old``, ``timestamp-too-new``, ``no-matching-signature`` or
    ``body-not-json``. Answer such a delivery with a 4xx and do not act on it.
    """

    reason: str

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


_BY_STATUS: Mapping[int, Type[ProblemError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    402: InsufficientCreditsError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitedError,
    503: ServiceUnavailableError,
}


def _class_for(status: int) -> Type[ProblemError]:
    if status in _BY_STATUS:
        return _BY_STATUS[status]
    return ServerError if status >= 500 else ProblemError


def problem_error(
    status: int,
    reason: str,
    body: bytes,
    content_type: str = "",
    retry_after: Optional[float] = None,
) -> ProblemError:
    """The exception for an error answer: its problem document, or one made up from a body that is not one."""
    problem: Dict[str, Any] = {}
    if "json" in content_type.lower():
        try:
            parsed = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            parsed = None
        if isinstance(parsed, dict):
            problem = parsed
    if not problem:
        # Not from the service itself (a proxy in between, say): keep what there is to read.
        text = body.decode("utf-8", "replace").strip()
        problem = {"type": "about:blank", "title": reason or f"HTTP {status}", "status": status, "detail": text[:1000]}
    raw_status = problem.get("status")
    cls = _class_for(status)
    return cls(
        raw_status if isinstance(raw_status, int) else status,
        str(problem.get("type", "about:blank")),
        str(problem.get("title", reason)),
        str(problem.get("detail", "")),
        instance=problem.get("instance"),
        request_id=problem.get("request_id"),
        errors=problem.get("errors") if isinstance(problem.get("errors"), list) else None,
        retry_after=retry_after,
        problem=problem,
    )
