"""Watches against the real service (PDS_URL, PDS_KEY with watches:write, WEBHOOK_ALLOW_HTTP_LOOPBACK=true):
a receiver on 127.0.0.1 gets the service's signed deliveries and checks them with pds_client.webhooks.verify.
"""

from __future__ import annotations

import json
import threading
import time
import unittest
from typing import Any, Callable, Dict, List, Tuple

from pds_client import BadRequestError, Client, NotFoundError, WebhookVerificationError
from pds_client.webhooks import verify

from .support import StubHandler, StubServer, service

Delivery = Tuple[Dict[str, str], bytes]


class Receiver(StubServer):
    """A webhook endpoint: keeps each POST's headers (names lower-cased) and raw body, answers 200."""

    def __init__(self) -> None:
        super().__init__(self._receive)
        self.received: List[Delivery] = []
        self._arrived = threading.Condition()

    def _receive(self, handler: StubHandler) -> Tuple[int, Dict[str, str], bytes]:
        if handler.command != "POST":
            return (405, {}, b"")
        with self._arrived:
            self.received.append(({k.lower(): v for k, v in handler.headers.items()}, handler.body))
            self._arrived.notify_all()
        return (200, {"Content-Type": "text/plain"}, b"received")

    def wait_for(self, webhook_id: str, count: int = 1, timeout: float = 30.0) -> List[Delivery]:
        """The deliveries whose webhook-id is `webhook_id`, once `count` of them arrived."""

        def matching() -> List[Delivery]:
            return [(h, b) for h, b in self.received if h.get("webhook-id") == webhook_id]

        with self._arrived:
            if not self._arrived.wait_for(lambda: len(matching()) >= count, timeout=timeout):
                raise AssertionError(f"{count} deliveries of {webhook_id} not in after {timeout} s: {self.received}")
            return matching()


def eventually(read: Callable[[], Any], done: Callable[[Any], bool], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


class WatchLifecycleTest(unittest.TestCase):
    client: Client
    product_id: str

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = service()
        cls.product_id = cls.client.list_products(category="pv-module", fields="id", limit=1).data[0]["id"]

    def create(self, url: str, **extra: Any) -> Dict[str, Any]:
        events = ["product.revised", "product.delisted"]
        watch = self.client.create_watch(url, events, products=[self.product_id], **extra)
        self.addCleanup(self._delete_quietly, watch["id"])
        return watch  # type: ignore[no-any-return]

    def _delete_quietly(self, watch_id: str) -> None:
        try:
            self.client.delete_watch(watch_id)
        except NotFoundError:
            pass

    def test_when_a_test_event_is_sent_then_the_receiver_verifies_it_and_log_redelivery_rotation_and_delete_work(
        self,
    ) -> None:
        client = self.client
        with Receiver() as rx:
            watch = self.create(rx.url + "/pds", name="python client test")
            secret = watch["secret"]
            self.assertTrue(secret.startswith("whsec_"))
            self.assertEqual(
                (watch["status"], watch["products"], watch["name"]), ("active", [self.product_id], "python client test")
            )

            # Read back, listed (never with the secret), paused and resumed.
            self.assertEqual(client.get_watch(watch["id"])["url"], rx.url + "/pds")
            listed = [w for w in client.list_watches() if w["id"] == watch["id"]]
            self.assertEqual(len(listed), 1)
            self.assertNotIn("secret", listed[0])
            self.assertEqual(client.change_watch(watch["id"], paused=True)["status"], "paused")
            self.assertEqual(client.change_watch(watch["id"], paused=False, name="renamed")["status"], "active")

            # A test event: delivered to the receiver, signed with the secret the watch answered.
            queued = client.send_test_event(watch["id"])
            self.assertEqual((queued["event_type"], queued["status"]), ("watch.test", "pending"))
            [(headers, body)] = rx.wait_for(queued["id"])
            event = verify(secret, headers, body)
            self.assertEqual(event["type"], "watch.test")
            self.assertEqual(event["data"]["watch_id"], watch["id"])
            self.assertEqual(len(headers["webhook-signature"].split()), 1, "one secret, one signature")
            # What the service signed is what verify guards: another secret, a changed byte, a stale time.
            with self.assertRaises(WebhookVerificationError):
                verify("whsec_" + "A" * 44, headers, body)
            with self.assertRaises(WebhookVerificationError):
                verify(secret, headers, body.replace(b"watch.test", b"watch.tesT"))
            with self.assertRaises(WebhookVerificationError):
                verify(secret, headers, body, now=int(headers["webhook-timestamp"]) + 301)

            # The delivery log shows it delivered, with the receiver's answer.
            log = eventually(
                lambda: client.watch_deliveries(watch["id"], limit=10),
                lambda entries: any(d["id"] == queued["id"] and d["status"] == "delivered" for d in entries),
            )
            [entry] = [d for d in log if d["id"] == queued["id"]]
            self.assertEqual(entry["status"], "delivered", log)
            self.assertEqual(entry["attempts"][-1]["status"], 200)
            self.assertEqual(entry["attempts"][-1]["response"], "received")

            # Redelivered: the same webhook-id again, freshly signed.
            self.assertEqual(client.redeliver(watch["id"], queued["id"])["id"], queued["id"])
            again = rx.wait_for(queued["id"], count=2)
            self.assertEqual(verify(secret, *again[1])["data"]["event_id"], event["data"]["event_id"])

            # Rotated: a new secret; while the old one still signs, each delivery carries both signatures.
            rotated = client.rotate_watch_secret(watch["id"])
            self.assertNotEqual(rotated["secret"], secret)
            self.assertIsNotNone(rotated["previous_secret_expires_at"])
            second = client.send_test_event(watch["id"])
            [(headers2, body2)] = rx.wait_for(second["id"])
            self.assertEqual(len(headers2["webhook-signature"].split()), 2, headers2["webhook-signature"])
            self.assertEqual(verify(rotated["secret"], headers2, body2)["type"], "watch.test")
            self.assertEqual(verify(secret, headers2, body2)["type"], "watch.test")

            # Deleted: gone.
            client.delete_watch(watch["id"])
            with self.assertRaises(NotFoundError):
                client.get_watch(watch["id"])
            with self.assertRaises(NotFoundError):
                client.send_test_event(watch["id"])

    def test_when_a_watch_names_a_private_address_then_the_service_refuses_it_with_400(self) -> None:
        for url in ("http://10.1.2.3/hook", "https://169.254.169.254/latest", "http://192.168.0.10:8080/x"):
            with self.assertRaises(BadRequestError, msg=url) as caught:
                self.create(url)
            self.assertIn("url", [e.get("name") for e in caught.exception.errors], caught.exception.problem)

    def test_when_a_watch_names_an_unknown_product_then_400_unknown_products(self) -> None:
        with self.assertRaises(BadRequestError) as caught:
            self.client.create_watch("http://127.0.0.1:9/x", ["product.revised"], products=["no-such-product-zz"])
        self.assertEqual(caught.exception.slug, "unknown-products")
        self.assertEqual(caught.exception.problem.get("unknown_ids"), ["no-such-product-zz"])

    def test_when_a_saved_search_watch_is_made_then_its_interpretation_is_stored_and_shown(self) -> None:
        search = {"q": "bifacial trina", "specs.stc_power_w[gte]": "600 W"}
        watch = self.client.create_watch("http://127.0.0.1:9/x", ["watch.matched"], search=search)
        self.addCleanup(self._delete_quietly, watch["id"])
        self.assertEqual(watch["search"]["params"], search)
        self.assertIn("interpretation", watch["search"])
        with self.assertRaises(BadRequestError):
            self.client.change_watch(watch["id"], events=["product.revised"])

    def test_when_an_unknown_watch_is_read_then_not_found(self) -> None:
        with self.assertRaises(NotFoundError):
            self.client.get_watch("wh_0000000000000000")
        with self.assertRaises(NotFoundError):
            self.client.watch_deliveries("wh_0000000000000000")


if __name__ == "__main__":
    unittest.main()
