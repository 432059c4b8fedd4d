"""A Python client for the Product Data Service: source-backed data on PV modules, inverters and heat pumps.

>>> from pds_client import Client
>>> client = Client("http://127.0.0.1:3000", key="pds_...")
>>> page = client.search("SUN2000-5KTL", fields=["id", "model"])      # doctest: +SKIP
>>> for product in client.iter_search("Trina 400W", category="pv-module"):  # doctest: +SKIP
...     print(product["id"])
>>> watch = client.create_watch("https://hooks.example.com/pds", ["product.revised"], products=[...])  # doctest: +SKIP
>>> from pds_client.webhooks import verify       # in the receiver, with the secret the watch answered:
>>> event = verify(watch["secret"], request_headers, request_body)  # doctest: +SKIP

Standard library only; ``pds_client.pvlib`` (pvlib-shaped frames) needs pandas: ``pip install
"pds-client[pvlib]"``. Importing the package makes no network call.
"""

__version__ = "0.1.0"

from .client import Client, ExportStream, Page  # noqa: E402
from .errors import (  # noqa: E402
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InsufficientCreditsError,
    NotFoundError,
    PdsError,
    PermissionDeniedError,
    ProblemError,
    RateLimitedError,
    ServerError,
    ServiceUnavailableError,
    StreamInterrupted,
    TransportError,
    WebhookVerificationError,
)

__all__ = [
    "__version__",
    "Client",
    "Page",
    "ExportStream",
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
]
