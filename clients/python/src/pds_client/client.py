"""The client: every read operation of the Product Data Service, and its watches, over urllib (standard library)."""

from __future__ import annotations

import datetime as _dt
import email.utils
import gzip
import http.client
import json
import math
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from typing import (
    IO,
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
    cast,
)

from . import __version__
from .errors import ProblemError, StreamInterrupted, TransportError, problem_error
from .operations import (
    BATCH_MAX,
    NOT_SAVED,
    OPERATIONS,
    RANGE_OPS,
    WATCH_PRODUCTS_MAX,
    range_param,
    value_param,
)

__all__ = ["Client", "Page", "ExportStream", "JSON", "Scalar", "SpecFilters"]

JSON = Dict[str, Any]
Scalar = Union[str, int, float, bool]
#: ``{"stc_power_w": {"gte": 400, "lte": "0.5 kW"}, "technology": ["Mono-c-Si", "CdTe"], "bifacial": True}``:
#: a mapping of bounds is a numeric range (``specs.<name>[gte]``), anything else one or several values
#: of a text or boolean spec (``specs.<name>=...``).
SpecFilters = Mapping[str, Union[Scalar, Sequence[Scalar], Mapping[str, Scalar]]]
Many = Union[str, Sequence[str]]
AsOf = Union[int, str, _dt.datetime]

_RETRIED = (429, 503)


class Page:
    """One page of a collection: ``data`` (the items) and ``meta`` (``limit``, ``total``, ``next_cursor``, ...)."""

    __slots__ = ("data", "meta", "headers")

    def __init__(self, data: List[JSON], meta: JSON, headers: Mapping[str, str]) -> None:
        self.data = data
        self.meta = meta
        #: The answer's headers (``X-Quota-Cost``, ``X-Quota-Balance``, ``X-RateLimit-Remaining``, ...).
        self.headers = dict(headers)

    @property
    def total(self) -> Optional[int]:
        """How many items the whole query matches: exact up to 10,000, then 10,000 (see ``total_is_exact``)."""
        return self.meta.get("total")

    @property
    def total_is_exact(self) -> bool:
        """False when more items match than ``total`` says (``meta.total_relation`` is ``gte``)."""
        return self.meta.get("total_relation", "eq") == "eq"

    @property
    def next_cursor(self) -> Optional[str]:
        """The cursor of the next page; None on the last one."""
        return self.meta.get("next_cursor")

    def __iter__(self) -> Iterator[JSON]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        more = "" if self.total_is_exact else "+"
        return f"Page({len(self.data)} items, total={self.total}{more}, next_cursor={'yes' if self.next_cursor else 'no'})"


class ExportStream:
    """The export's NDJSON stream, read lazily: one product (a dict) per line, as you iterate.

    The request is made (and its price charged) when ``Client.export`` is called; lines are read
    from the socket only as they are consumed. Close it (or use it in a ``with`` block) to stop
    early. A stream the service ends before it is complete raises :class:`StreamInterrupted`.
    """

    def __init__(self, response: IO[bytes], headers: Mapping[str, str]) -> None:
        self.headers = dict(headers)
        self._response = response
        encoding = self.headers.get("content-encoding", "").lower()
        self._reader: IO[bytes] = (
            cast(IO[bytes], gzip.GzipFile(fileobj=response, mode="rb")) if encoding == "gzip" else response
        )
        self._closed = False
        #: Products read so far.
        self.count = 0

    @property
    def cost(self) -> Optional[int]:
        """The credits the export cost (``X-Quota-Cost``)."""
        value = self.headers.get("x-quota-cost")
        return int(value) if value and value.isdigit() else None

    def __iter__(self) -> "ExportStream":
        return self

    def __next__(self) -> JSON:
        if self._closed:
            raise StopIteration
        try:
            line = self._reader.readline()
        except (http.client.IncompleteRead, EOFError, zlib.error, OSError, http.client.HTTPException) as err:
            self.close()
            raise StreamInterrupted(f"the export stream ended after {self.count} products: {err!r}") from err
        if not line:
            self.close()
            raise StopIteration
        if not line.endswith(b"\n"):
            self.close()
            raise StreamInterrupted(f"the export stream ended inside a line after {self.count} products")
        try:
            item: JSON = json.loads(line.decode("utf-8"))
        except ValueError as err:
            self.close()
            raise TransportError(f"line {self.count + 1} of the export is not JSON: {line[:200]!r}") from err
        self.count += 1
        return item

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                self._response.close()
            except OSError:
                pass

    def __enter__(self) -> "ExportStream":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _scalar(value: Any) -> str:
    """A query value as the document's patterns take it: booleans lower-case, floats in Python's shortest form."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a finite number")
        return repr(value)
    if isinstance(value, str):
        return value
    raise TypeError(f"cannot send {type(value).__name__} {value!r} as a query value")


def _many(value: Many) -> List[str]:
    return [value] if isinstance(value, str) else [_scalar(v) for v in value]


def _as_of(value: AsOf) -> str:
    if isinstance(value, bool):
        raise TypeError("as_of is a revision number, an RFC 3339 time or a datetime")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, _dt.datetime):
        if value.tzinfo is None:
            raise ValueError("as_of: a datetime needs a time zone (e.g. datetime.timezone.utc)")
        return value.isoformat()
    return value


def _retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds from a Retry-After header: delta-seconds, or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.timezone.utc)
    return max(0.0, (when - _dt.datetime.now(_dt.timezone.utc)).total_seconds())


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"{name}: a non-empty string, not {value!r}")
    return value


def _strings(name: str, value: Any, most: Optional[int] = None) -> List[str]:
    """A non-empty list of non-empty strings, given as a sequence (one string alone is a mistake, not a list)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, set, frozenset)):
        raise TypeError(f"{name}: a sequence of strings (a list), not {type(value).__name__} {value!r}"[:200])
    items = [_text(name, v) for v in value]
    if not items:
        raise ValueError(f"{name}: at least one")
    if most is not None and len(items) > most:
        raise ValueError(f"{name}: at most {most}, not {len(items)}")
    return items


def _watch_body(
    name: Optional[str],
    products: Optional[Sequence[str]],
    search: Optional[Mapping[str, Any]],
    events: Optional[Sequence[str]],
    url: Optional[str],
) -> JSON:
    """The fields of a NewWatch or WatchChange that were given, checked before anything is sent."""
    body: JSON = {}
    if name is not None:
        if not isinstance(name, str):
            raise TypeError(f"name: a string, not {name!r}")
        body["name"] = name
    if products is not None and search is not None:
        raise ValueError("a watch names products or a saved search, not both")
    if products is not None:
        body["products"] = _strings("products", products, WATCH_PRODUCTS_MAX)
    if search is not None:
        if not isinstance(search, Mapping):
            raise TypeError(f"search: a mapping of searchProducts parameters, not {type(search).__name__}")
        refused = [n for n in NOT_SAVED if n in search]
        if refused:
            raise ValueError(f"search: {', '.join(refused)} shape a page of results, not a saved search")
        body["search"] = dict(search)
    if events is not None:
        body["events"] = list(dict.fromkeys(_strings("events", events)))
    if url is not None:
        if not isinstance(url, str) or not url.startswith(("https://", "http://")):
            raise ValueError(f"url: the endpoint's https:// URL, not {url!r}")
        body["url"] = url
    return body


class Client:
    """A client of the Product Data Service.

    ``base_url`` is the service's root (``http://127.0.0.1:3000``); ``key`` an API key (``pds_...``)
    with the scopes of the operations you call (``products:read``, ``search:read``,
    ``revisions:read``, ``watches:write``); ``timeout`` the seconds any one socket operation may take.

    A 429 or 503 answer carrying ``Retry-After`` is retried after sleeping the seconds it states,
    at most ``max_retries`` times and only when the wait is at most ``max_retry_wait`` seconds;
    then the problem is raised (:class:`~pds_client.errors.RateLimitedError`,
    :class:`~pds_client.errors.ServiceUnavailableError`). Every other error answer raises at once.
    Each call costs the credits the document states for its operation (``x-credit-cost``).
    """

    def __init__(
        self,
        base_url: str,
        key: Optional[str] = None,
        timeout: float = 30.0,
        *,
        max_retries: int = 3,
        max_retry_wait: float = 120.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must be an http(s) URL, not {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.key = key
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self._sleep = sleep
        self._opener = urllib.request.build_opener()

    def __repr__(self) -> str:
        # Never the key.
        return f"Client({self.base_url!r}, key={'set' if self.key else 'none'}, timeout={self.timeout})"

    # -- transport -------------------------------------------------------------------------------

    def _url(self, operation_id: str, path: Mapping[str, Any], query: Sequence[Tuple[str, str]]) -> str:
        op = OPERATIONS[operation_id]
        op.check([name for name, _ in query])
        missing = [p for p in op.path_params if p not in path]
        if missing:
            raise TypeError(f"{operation_id} needs {', '.join(missing)}")
        url = self.base_url + op.path.format(**{k: urllib.parse.quote(str(v), safe="") for k, v in path.items()})
        if query:
            url += "?" + urllib.parse.urlencode(list(query), quote_via=urllib.parse.quote)
        return url

    def _open(
        self,
        operation_id: str,
        path: Optional[Mapping[str, Any]] = None,
        query: Sequence[Tuple[str, str]] = (),
        accept: str = "application/json",
        gzip_ok: bool = False,
        body: Any = None,
    ) -> Tuple[IO[bytes], Dict[str, str]]:
        """Sends one request (``body``: sent as JSON), retrying 429 and 503 as their Retry-After says; the open response and its headers."""
        url = self._url(operation_id, path or {}, query)
        headers = {"Accept": accept, "User-Agent": f"pds-client/{__version__} (python urllib)"}
        data = None if body is None else json.dumps(body).encode("utf-8")
        if data is not None:
            headers["Content-Type"] = "application/json"
        if gzip_ok:
            headers["Accept-Encoding"] = "gzip"
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        retries = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=headers, method=OPERATIONS[operation_id].method)
            try:
                response = self._opener.open(request, timeout=self.timeout)
                return response, {k.lower(): v for k, v in response.headers.items()}
            except urllib.error.HTTPError as err:
                error = self._problem(err)
                wait = error.retry_after
                if (
                    err.code in _RETRIED
                    and wait is not None
                    and retries < self.max_retries
                    and wait <= self.max_retry_wait
                ):
                    retries += 1
                    self._sleep(wait)
                    continue
                raise error from None
            except (urllib.error.URLError, OSError, http.client.HTTPException) as err:
                reason = getattr(err, "reason", err)
                raise TransportError(f"{operation_id}: no answer from {self.base_url}: {reason}") from err

    @staticmethod
    def _problem(err: urllib.error.HTTPError) -> ProblemError:
        try:
            body = err.read()
        except (OSError, http.client.HTTPException):
            body = b""
        finally:
            err.close()
        headers = {k.lower(): v for k, v in (err.headers or {}).items()}
        if headers.get("content-encoding", "").lower() == "gzip":
            try:
                body = gzip.decompress(body)
            except (OSError, EOFError, zlib.error):
                pass
        return problem_error(
            err.code, str(err.reason or ""), body, headers.get("content-type", ""), _retry_after(headers.get("retry-after"))
        )

    def _json(
        self,
        operation_id: str,
        path: Optional[Mapping[str, Any]] = None,
        query: Sequence[Tuple[str, str]] = (),
        body: Any = None,
    ) -> Tuple[Any, Dict[str, str]]:
        response, headers = self._open(operation_id, path, query, gzip_ok=True, body=body)
        try:
            body = response.read()
        except (OSError, http.client.HTTPException) as err:
            raise TransportError(f"{operation_id}: the answer was cut short: {err!r}") from err
        finally:
            response.close()
        if headers.get("content-encoding", "").lower() == "gzip":
            body = gzip.decompress(body)
        try:
            return json.loads(body.decode("utf-8")), headers
        except ValueError as err:
            raise TransportError(f"{operation_id}: the answer is not JSON: {body[:200]!r}") from err

    def _no_content(self, operation_id: str, path: Mapping[str, Any]) -> None:
        """Sends a request whose success answers no body (204)."""
        response, _ = self._open(operation_id, path)
        try:
            response.read()
        except (OSError, http.client.HTTPException):
            pass  # the status was a success; a body cut short changes nothing
        finally:
            response.close()

    def _page(self, operation_id: str, path: Optional[Mapping[str, Any]], query: Sequence[Tuple[str, str]]) -> Page:
        body, headers = self._json(operation_id, path, query)
        return Page(list(body.get("data", [])), dict(body.get("meta", {})), headers)

    def _walk(self, fetch: Callable[[Optional[str]], Page]) -> Iterator[JSON]:
        cursor: Optional[str] = None
        while True:
            page = fetch(cursor)
            yield from page.data
            cursor = page.next_cursor
            if not cursor:
                return

    # -- collections: list and search ------------------------------------------------------------

    @staticmethod
    def _collection(
        q: Optional[str],
        category: Optional[Many],
        manufacturer: Optional[Many],
        series: Optional[Many],
        in_latest_edition: Optional[bool],
        quality: Optional[Many],
        sort: Optional[Many],
        fields: Optional[Many],
        specs: Optional[SpecFilters],
        nominal_power: Optional[Mapping[str, Scalar]],
        limit: Optional[int],
        cursor: Optional[str],
    ) -> List[Tuple[str, str]]:
        query: List[Tuple[str, str]] = []
        if q is not None:
            query.append(("q", q))
        for name, values in (
            ("category", category),
            ("manufacturer", manufacturer),
            ("series", series),
            ("quality", quality),
        ):
            if values is not None:
                query.extend((name, v) for v in _many(values))
        if in_latest_edition is not None:
            query.append(("in_latest_edition", _scalar(bool(in_latest_edition))))
        for name, values in (("sort", sort), ("fields", fields)):
            if values is not None:
                query.append((name, ",".join(_many(values))))
        for spec, condition in (specs or {}).items():
            if isinstance(condition, Mapping):
                for op, bound in condition.items():
                    if op not in RANGE_OPS:
                        raise ValueError(f"specs[{spec!r}]: {op!r} is not one of {', '.join(RANGE_OPS)}")
                    query.append((range_param(spec, op), _scalar(bound)))
            elif isinstance(condition, (list, tuple, set, frozenset)):
                query.extend((value_param(spec), _scalar(v)) for v in condition)
            else:
                query.append((value_param(spec), _scalar(condition)))
        for op, bound in (nominal_power or {}).items():
            if op not in RANGE_OPS:
                raise ValueError(f"nominal_power: {op!r} is not one of {', '.join(RANGE_OPS)}")
            query.append((range_param("nominal_power_w", op), _scalar(bound)))
        if limit is not None:
            query.append(("limit", _scalar(int(limit))))
        if cursor is not None:
            query.append(("cursor", cursor))
        return query

    def list_products(
        self,
        *,
        q: Optional[str] = None,
        category: Optional[Many] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        sort: Optional[Many] = None,
        fields: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page:
        """One page of ``GET /api/v1/products`` (listProducts, 1 credit): filtered, sorted (default: model).

        ``category``, ``manufacturer``, ``series`` (product lines: ``"sma-sunny-boy"``) and
        ``quality`` take one value or several; ``sort`` and
        ``fields`` one key or several (``"-specs.stc_power_w"``, ``["id", "specs.voc_v"]``);
        ``specs`` ranges and values (see :data:`SpecFilters`); ``nominal_power`` bounds of any
        category's nominal power (``{"gte": "5kW"}``).
        """
        query = self._collection(
            q, category, manufacturer, series, in_latest_edition, quality, sort, fields, specs, nominal_power, limit,
            cursor,
        )
        return self._page("listProducts", None, query)

    def search(
        self,
        q: Optional[str] = None,
        *,
        category: Optional[Many] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        sort: Optional[Many] = None,
        fields: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page:
        """One page of ``GET /api/v1/search`` (searchProducts, 2 credits): ranked by relevance unless ``sort`` says.

        The first page carries ``meta.facets``; a search with ``q`` carries ``meta.interpretation``.
        Parameters as in :meth:`list_products`.
        """
        query = self._collection(
            q, category, manufacturer, series, in_latest_edition, quality, sort, fields, specs, nominal_power, limit,
            cursor,
        )
        return self._page("searchProducts", None, query)

    def iter_products(
        self,
        *,
        q: Optional[str] = None,
        category: Optional[Many] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        sort: Optional[Many] = None,
        fields: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        page_size: int = 100,
    ) -> Iterator[JSON]:
        """Every product of a listProducts query, page after page following ``meta.next_cursor`` (lazily)."""
        return self._walk(
            lambda cursor: self.list_products(
                q=q,
                category=category,
                manufacturer=manufacturer,
                series=series,
                in_latest_edition=in_latest_edition,
                quality=quality,
                sort=sort,
                fields=fields,
                specs=specs,
                nominal_power=nominal_power,
                limit=page_size,
                cursor=cursor,
            )
        )

    def iter_search(
        self,
        q: Optional[str] = None,
        *,
        category: Optional[Many] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        sort: Optional[Many] = None,
        fields: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        page_size: int = 100,
    ) -> Iterator[JSON]:
        """Every result of a search, page after page following ``meta.next_cursor`` (lazily; 2 credits a page)."""
        return self._walk(
            lambda cursor: self.search(
                q,
                category=category,
                manufacturer=manufacturer,
                series=series,
                in_latest_edition=in_latest_edition,
                quality=quality,
                sort=sort,
                fields=fields,
                specs=specs,
                nominal_power=nominal_power,
                limit=page_size,
                cursor=cursor,
            )
        )

    # -- single products -------------------------------------------------------------------------

    def get_product(self, id: str, as_of: Optional[AsOf] = None) -> JSON:
        """``GET /api/v1/products/{id}`` (getProduct, 1 credit): the product with the provenance of every value.

        ``as_of``: a revision number (``1``), an RFC 3339 time, or an aware datetime: the product
        as it stood then (a 404 when it did not exist yet).
        """
        query = [("as_of", _as_of(as_of))] if as_of is not None else []
        body, _ = self._json("getProduct", {"id": id}, query)
        return body  # type: ignore[no-any-return]

    def get_products(
        self, ids: Sequence[str], *, fields: Optional[Sequence[str]] = None, as_of: Optional[AsOf] = None
    ) -> List[JSON]:
        """``POST /api/v1/batch/products`` (getProducts, 1 credit per product found): many products at once.

        ``ids``: product ids or model numbers as typed, any number of them, distinct; sent
        :data:`BATCH_MAX` to a call. Returns one entry per id, in order: ``{"requested", "found":
        True, "by", "product"}`` (the product as :meth:`get_product` returns it, projected by
        ``fields`` when given), or ``{"requested", "found": False, "reason", "detail"}`` with
        ``reason`` ``unknown``, ``ambiguous`` (then ``candidates``) or ``not-at-as-of``.
        """
        if isinstance(ids, str):
            raise TypeError("ids: a sequence of product ids or model numbers, not one string")
        ids = list(ids)
        extra: Dict[str, Any] = {}
        if fields is not None:
            extra["fields"] = [fields] if isinstance(fields, str) else list(fields)
        if as_of is not None:
            extra["as_of"] = _as_of(as_of)
        entries: List[JSON] = []
        for start in range(0, len(ids), BATCH_MAX):
            body, _ = self._json("getProducts", None, (), {"ids": ids[start : start + BATCH_MAX], **extra})
            entries.extend(body["data"])
        return entries

    def compare(self, ids: Sequence[str]) -> JSON:
        """``GET /api/v1/compare`` (compareProducts, 2 credits): 2 to 10 products spec by spec, in the order asked."""
        if isinstance(ids, str):
            raise TypeError("ids: a sequence of product ids, not one string")
        body, _ = self._json("compareProducts", None, [("ids", ",".join(ids))])
        return body  # type: ignore[no-any-return]

    def similar(self, id: str, *, limit: Optional[int] = None) -> JSON:
        """``GET /api/v1/products/{id}/similar`` (listSimilarProducts, 1 credit): substitutes of the same
        category nearest in the specs that decide one, current listings first, each with its ``differences``."""
        query = [("limit", _scalar(limit))] if limit is not None else []
        body, _ = self._json("listSimilarProducts", {"id": id}, query)
        return body  # type: ignore[no-any-return]

    def revisions(self, id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Page:
        """One page of a product's revisions, newest first (listRevisions, 1 credit; scope revisions:read)."""
        return self._page("listRevisions", {"id": id}, self._paging(limit, cursor))

    def iter_revisions(self, id: str, *, page_size: int = 100) -> Iterator[JSON]:
        """Every revision of a product, newest first, following ``meta.next_cursor``."""
        return self._walk(lambda cursor: self.revisions(id, limit=page_size, cursor=cursor))

    def revision(self, id: str, number: int) -> JSON:
        """One revision with its full claim snapshot (getRevision, 1 credit; scope revisions:read)."""
        body, _ = self._json("getRevision", {"id": id, "number": int(number)})
        return body  # type: ignore[no-any-return]

    def changes(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Page:
        """One page of the feed of revisions in commit order (listChanges; keep ``meta.cursor`` for next time)."""
        return self._page("listChanges", None, self._paging(limit, cursor))

    def export(self, *, category: Optional[str] = None, in_latest_edition: Optional[bool] = None) -> ExportStream:
        """``GET /api/v1/export`` (exportProducts): every current product, streamed lazily, one dict per line.

        The whole price (1 credit per 100 products) is charged when this is called; read the
        stream with ``for product in stream`` and close it (``with client.export(...) as stream``)
        to stop early.
        """
        query: List[Tuple[str, str]] = []
        if category is not None:
            query.append(("category", category))
        if in_latest_edition is not None:
            query.append(("in_latest_edition", _scalar(bool(in_latest_edition))))
        response, headers = self._open("exportProducts", None, query, accept="application/x-ndjson", gzip_ok=True)
        return ExportStream(response, headers)

    # -- SAM lists --------------------------------------------------------------------------------

    def _sam_query(
        self,
        edition: Optional[str],
        as_of: Optional[str],
        product_id: Optional[bool],
        filters: Tuple[Any, ...],
    ) -> List[Tuple[str, str]]:
        manufacturer, series, in_latest_edition, quality, specs, nominal_power = filters
        query = self._collection(
            None, None, manufacturer, series, in_latest_edition, quality, None, None, specs, nominal_power, None, None
        )
        for name, value in (("edition", edition), ("as_of", as_of)):
            if value is not None:
                query.append((name, _text(name, value)))
        if product_id is not None:
            query.append(("product_id", _scalar(bool(product_id))))
        return query

    def sam_list(
        self,
        list: str,
        *,
        edition: Optional[str] = None,
        as_of: Optional[str] = None,
        product_id: Optional[bool] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        path: Optional[str] = None,
    ) -> str:
        """``GET /api/v1/exports/sam/{list}`` (exportSamList, 1 credit per 100 rows): one edition of a SAM list.

        ``list``: ``cec-modules``, ``cec-inverters``, ``sandia-modules`` or ``adr-inverters``;
        ``edition`` (``"2024-11-14"``) or ``as_of`` (a date: the newest edition by then), default the
        newest; ``product_id=True`` adds a ``Product_ID`` column; the filters of :meth:`list_products`.
        Returns the CSV text, or, with ``path``, writes it there and returns ``path``:
        ``pvlib.pvsystem.retrieve_sam(path=path)`` reads it.
        """
        filters = (manufacturer, series, in_latest_edition, quality, specs, nominal_power)
        query = self._sam_query(edition, as_of, product_id, filters)
        response, _ = self._open("exportSamList", {"list": _text("list", list)}, query, accept="text/csv")
        try:
            text = response.read().decode("utf-8")
        except (OSError, http.client.HTTPException) as err:
            raise TransportError(f"exportSamList: the answer was cut short: {err!r}") from err
        finally:
            response.close()
        if path is None:
            return text
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        return path

    def sam_link(
        self,
        list: str,
        *,
        edition: Optional[str] = None,
        as_of: Optional[str] = None,
        product_id: Optional[bool] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        expires_in: Optional[int] = None,
    ) -> JSON:
        """``POST /api/v1/sam-links`` (createSamLink, 1 credit): a signed, read-only, expiring link to one SAM list.

        Takes what :meth:`sam_list` takes (but ``path``), and ``expires_in`` (seconds, default 7
        days). The answer's ``url`` needs no key and never contains it; each download is charged to
        this key's account. Revoke it with :meth:`revoke_sam_link`.
        """
        filters = (manufacturer, series, in_latest_edition, quality, specs, nominal_power)
        query: Dict[str, Any] = {}
        for name, value in self._sam_query(edition, as_of, product_id, filters):
            if name in ("manufacturer", "series", "quality") or (name.startswith("specs.") and "[" not in name):
                query.setdefault(name, []).append(value)
            else:
                query[name] = value
        body: Dict[str, Any] = {"list": _text("list", list), "query": query}
        if expires_in is not None:
            body["expires_in"] = int(expires_in)
        link, _ = self._json("createSamLink", None, (), body)
        return link  # type: ignore[no-any-return]

    def sam_url(
        self,
        list: str,
        *,
        edition: Optional[str] = None,
        as_of: Optional[str] = None,
        product_id: Optional[bool] = None,
        manufacturer: Optional[Many] = None,
        series: Optional[Many] = None,
        in_latest_edition: Optional[bool] = None,
        quality: Optional[Many] = None,
        specs: Optional[SpecFilters] = None,
        nominal_power: Optional[Mapping[str, Scalar]] = None,
        expires_in: Optional[int] = None,
    ) -> str:
        """The signed URL of :meth:`sam_link` (same arguments): ``pvsystem.retrieve_sam(path=client.sam_url("cec-modules"))``."""
        link = self.sam_link(
            list,
            edition=edition,
            as_of=as_of,
            product_id=product_id,
            manufacturer=manufacturer,
            series=series,
            in_latest_edition=in_latest_edition,
            quality=quality,
            specs=specs,
            nominal_power=nominal_power,
            expires_in=expires_in,
        )
        return str(link["url"])

    def revoke_sam_link(self, id: str) -> None:
        """Revokes a signed SAM link of this account (revokeSamLink, no credits): its URL answers 410 from now on."""
        self._no_content("revokeSamLink", {"id": _text("id", id)})

    # -- interchange -----------------------------------------------------------------------------

    def pvsyst(self, id: str, path: Any, *, as_of: Optional[AsOf] = None) -> JSON:
        """``GET /api/v1/products/{id}/pvsyst`` (getPvsystFile, 2 credits): writes the product's PVsyst file to ``path``.

        A module's ``.PAN`` or an inverter's ``.OND`` (``pvlib.iotools.read_panond`` reads either);
        ``as_of`` as in ``get_product``. Returns the file's JSON twin: every key with its class
        (sourced, mapped, derived, default) and provenance, the keys left out that you must supply
        (``unknown``), and the fidelity ``certificate``; the file written is its ``file.text``, byte for byte.
        """
        query: List[Tuple[str, str]] = [("format", "json")]
        if as_of is not None:
            query.append(("as_of", _as_of(as_of)))
        body, _ = self._json("getPvsystFile", {"id": id}, query)
        with open(path, "w", encoding="ascii", newline="") as f:
            f.write(body["file"]["text"])
        return body  # type: ignore[no-any-return]

    # -- design ----------------------------------------------------------------------------------

    def module_performance(
        self,
        id: str,
        *,
        irradiance: Optional[float] = None,
        cell_temperature: Optional[float] = None,
        model: Optional[str] = None,
        iv_points: Optional[int] = None,
    ) -> JSON:
        """A module's operating point at an irradiance (W/m²) and cell temperature (°C) (getModulePerformance)."""
        query: List[Tuple[str, str]] = []
        for name, value in (
            ("irradiance", irradiance),
            ("cell_temperature", cell_temperature),
            ("model", model),
            ("iv_points", iv_points),
        ):
            if value is not None:
                query.append((name, _scalar(value)))
        body, _ = self._json("getModulePerformance", {"id": id}, query)
        return body  # type: ignore[no-any-return]

    def inverter_performance(
        self,
        id: str,
        *,
        model: Optional[str] = None,
        points: Optional[Sequence[Tuple[float, float]]] = None,
        eta_inv_nom: Optional[float] = None,
    ) -> JSON:
        """An inverter's AC output, efficiency and state at (DC power W, DC voltage V) points, and its CEC
        efficiency curves at Mppt_low, Vdco and Mppt_high; ``model`` is sandia, adr or pvwatts
        (getInverterPerformance)."""
        query: List[Tuple[str, str]] = []
        if model is not None:
            query.append(("model", model))
        if points is not None:
            query.append(("points", ",".join(f"{_scalar(p)}@{_scalar(v)}" for p, v in points)))
        if eta_inv_nom is not None:
            query.append(("eta_inv_nom", _scalar(eta_inv_nom)))
        body, _ = self._json("getInverterPerformance", {"id": id}, query)
        return body  # type: ignore[no-any-return]

    def heat_pump_performance(
        self,
        id: str,
        *,
        points: Optional[Sequence[Sequence[float]]] = None,
        outdoor_temperature: Optional[float] = None,
    ) -> JSON:
        """A heat pump's COP, heating and electric power at (source °C, flow °C[, outdoor °C]) points, each
        flagged within the tested range or extrapolated, and COP curves at 35/45/55 °C flow
        (getHeatPumpPerformance)."""
        query: List[Tuple[str, str]] = []
        if points is not None:
            query.append(("points", ",".join("/".join(_scalar(t) for t in point) for point in points)))
        if outdoor_temperature is not None:
            query.append(("outdoor_temperature", _scalar(outdoor_temperature)))
        body, _ = self._json("getHeatPumpPerformance", {"id": id}, query)
        return body  # type: ignore[no-any-return]

    def compatibility(
        self, module: str, inverter: str, t_min: float, t_max: float, *, temperatures: Optional[str] = None
    ) -> JSON:
        """String sizing: how many modules in series the inverter takes from t_min to t_max (checkCompatibility)."""
        query = [("module", module), ("inverter", inverter), ("t_min", _scalar(t_min)), ("t_max", _scalar(t_max))]
        if temperatures is not None:
            query.append(("temperatures", temperatures))
        body, _ = self._json("checkCompatibility", None, query)
        return body  # type: ignore[no-any-return]

    # -- sources, companies, the glossary and the document -----------------------------------------

    def sources(self) -> List[JSON]:
        """Every source file with its publisher chain, sha256, licence and counts (listSources)."""
        body, _ = self._json("listSources")
        return list(body["data"])

    def source(self, id: str) -> JSON:
        """One source file (getSource)."""
        body, _ = self._json("getSource", {"id": id})
        return body  # type: ignore[no-any-return]

    def manufacturers(
        self, *, category: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> Page:
        """One page of the companies behind the products, in id order (listManufacturers)."""
        query = ([("category", category)] if category is not None else []) + self._paging(limit, cursor)
        return self._page("listManufacturers", None, query)

    def iter_manufacturers(self, *, category: Optional[str] = None, page_size: int = 100) -> Iterator[JSON]:
        """Every company, following ``meta.next_cursor``."""
        return self._walk(lambda cursor: self.manufacturers(category=category, limit=page_size, cursor=cursor))

    def manufacturer(self, id: str) -> JSON:
        """One company: its spellings with their evidence and its relations (getManufacturer)."""
        body, _ = self._json("getManufacturer", {"id": id})
        return body  # type: ignore[no-any-return]

    def specs(self) -> List[JSON]:
        """The glossary (listSpecs, public): every spec's type, unit, categories, source columns and pvlib name."""
        body, _ = self._json("listSpecs")
        return list(body["data"])

    def openapi(self) -> JSON:
        """The OpenAPI document the service serves (getOpenApiContract, public)."""
        body, _ = self._json("getOpenApiContract")
        return body  # type: ignore[no-any-return]

    # -- watches: signed webhooks when products change (no credits; scope watches:write) --------------

    def list_watches(self) -> List[JSON]:
        """The account's watches, oldest first, never their secrets (listWatches, no credits; scope watches:write)."""
        body, _ = self._json("listWatches")
        return list(body["data"])

    def create_watch(
        self,
        url: str,
        events: Sequence[str],
        *,
        products: Optional[Sequence[str]] = None,
        search: Optional[Mapping[str, Any]] = None,
        name: Optional[str] = None,
    ) -> JSON:
        """``POST /api/v1/watches`` (createWatch, no credits; scope watches:write): a watch, with its secret.

        ``url``: the endpoint deliveries go to (https, public addresses; the service checks it).
        Either ``products``: up to :data:`~pds_client.operations.WATCH_PRODUCTS_MAX` product ids, with
        ``events`` among ``product.created``, ``product.revised``, ``product.delisted``,
        ``product.relisted``; or ``search``: searchProducts parameters as the service names them
        (``{"q": "bifacial trina", "specs.stc_power_w[gte]": "600 W"}``), with ``["watch.matched"]``.
        The answer's ``secret`` (``whsec_...``) is shown only now: keep it to verify deliveries
        with :func:`pds_client.webhooks.verify`. An account past its cap raises
        :class:`~pds_client.errors.ConflictError` (``watch-limit-reached``).
        """
        if products is None and search is None:
            raise ValueError("a watch names products or a saved search (search=...)")
        body = _watch_body(name, products, search, events, _text("url", url))
        created, _ = self._json("createWatch", None, (), body)
        return created  # type: ignore[no-any-return]

    def get_watch(self, id: str) -> JSON:
        """One watch: its target, events, url and ``status`` (getWatch, no credits; scope watches:write)."""
        body, _ = self._json("getWatch", {"id": _text("id", id)})
        return body  # type: ignore[no-any-return]

    def change_watch(
        self,
        id: str,
        *,
        name: Optional[str] = None,
        products: Optional[Sequence[str]] = None,
        search: Optional[Mapping[str, Any]] = None,
        events: Optional[Sequence[str]] = None,
        url: Optional[str] = None,
        paused: Optional[bool] = None,
    ) -> JSON:
        """``PATCH /api/v1/watches/{id}`` (changeWatch, no credits; scope watches:write): the watch as changed.

        Changes only what is given (as in :meth:`create_watch`); ``paused=True`` pauses it,
        ``paused=False`` resumes it, or re-enables a watch the service disabled.
        """
        body = _watch_body(name, products, search, events, url)
        if paused is not None:
            if not isinstance(paused, bool):
                raise TypeError(f"paused: True or False, not {paused!r}")
            body["paused"] = paused
        if not body:
            raise ValueError("change_watch: give at least one of name, products, search, events, url, paused")
        changed, _ = self._json("changeWatch", {"id": _text("id", id)}, (), body)
        return changed  # type: ignore[no-any-return]

    def delete_watch(self, id: str) -> None:
        """Deletes a watch; its pending deliveries are dropped (deleteWatch, no credits; scope watches:write)."""
        self._no_content("deleteWatch", {"id": _text("id", id)})

    def rotate_watch_secret(self, id: str) -> JSON:
        """``POST /api/v1/watches/{id}/rotate-secret`` (rotateWatchSecret, no credits; scope watches:write).

        The watch with a new ``secret``, shown only now. Until ``previous_secret_expires_at`` each
        delivery carries two signatures, old and new, so receivers can switch secrets in their own time.
        """
        body, _ = self._json("rotateWatchSecret", {"id": _text("id", id)})
        return body  # type: ignore[no-any-return]

    def watch_deliveries(self, id: str, *, limit: Optional[int] = None) -> List[JSON]:
        """A watch's delivery log, newest first (listWatchDeliveries, no credits; scope watches:write).

        Each delivery: ``id`` (the ``webhook-id``), ``event_type``, ``status`` (``pending``,
        ``delivered``, ``failed``) and its ``attempts`` (time, HTTP status, latency, first bytes of
        the answer). ``limit``: 1 to 100 (the service's default 20).
        """
        query = [("limit", _scalar(int(limit)))] if limit is not None else []
        body, _ = self._json("listWatchDeliveries", {"id": _text("id", id)}, query)
        return list(body["data"])

    def redeliver(self, id: str, delivery_id: str) -> JSON:
        """Sends a delivery of a watch again, same ``webhook-id``, on a fresh retry schedule (redeliverWatchDelivery,
        no credits; scope watches:write); the delivery, queued."""
        body, _ = self._json(
            "redeliverWatchDelivery", {"id": _text("id", id), "delivery_id": _text("delivery_id", delivery_id)}
        )
        return body  # type: ignore[no-any-return]

    def send_test_event(self, id: str) -> JSON:
        """Sends a ``watch.test`` event to the watch's endpoint now (sendWatchTestEvent, no credits; scope
        watches:write), retried like any delivery; the delivery, queued (its ``id`` is the ``webhook-id``)."""
        body, _ = self._json("sendWatchTestEvent", {"id": _text("id", id)})
        return body  # type: ignore[no-any-return]

    @staticmethod
    def _paging(limit: Optional[int], cursor: Optional[str]) -> List[Tuple[str, str]]:
        query: List[Tuple[str, str]] = []
        if limit is not None:
            query.append(("limit", _scalar(int(limit))))
        if cursor is not None:
            query.append(("cursor", cursor))
        return query
