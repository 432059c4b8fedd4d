"""pds_client.webhooks.verify against signatures made here with hmac directly, and tampered ones: no service needed."""

from __future__ import annotations

import base64
import datetime as dt
import email.message
import hashlib
import hmac
import json
import unittest
from typing import Dict
from unittest import mock

import pds_client.webhooks as webhooks
from pds_client import PdsError, WebhookVerificationError
from pds_client.webhooks import sign, verify

KEY = bytes(range(32))
SECRET = "whsec_" + base64.b64encode(KEY).decode()
OTHER = "whsec_" + base64.b64encode(b"\x07" * 32).decode()
MSG_ID = "msg_2a7f0c4e9b1d_wh_0123456789abcdef"
TIMESTAMP = 1764082692
BODY = json.dumps(
    {"type": "product.revised", "timestamp": "2026-11-25T14:58:12.000Z", "data": {"product_id": "p-1", "revision": 2}}
)


def signature(key: bytes, msg_id: str = MSG_ID, timestamp: int = TIMESTAMP, body: str = BODY) -> str:
    """What the service sends, computed here independently of the package: v1,base64(HMAC-SHA256(id.ts.body))."""
    mac = hmac.new(key, f"{msg_id}.{timestamp}.{body}".encode(), hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def headers(sig: str, msg_id: str = MSG_ID, timestamp: object = TIMESTAMP) -> Dict[str, str]:
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp), "webhook-signature": sig}


class VerifyTest(unittest.TestCase):
    def assert_refused(self, reason: str, *args: object, **kwargs: object) -> WebhookVerificationError:
        with self.assertRaises(WebhookVerificationError) as caught:
            verify(*args, **kwargs)  # type: ignore[arg-type]
        self.assertEqual(caught.exception.reason, reason, str(caught.exception))
        return caught.exception

    def test_when_a_delivery_is_signed_with_the_secret_then_verify_returns_its_json_payload(self) -> None:
        event = verify(SECRET, headers(signature(KEY)), BODY.encode(), now=TIMESTAMP + 3)
        self.assertEqual(event["type"], "product.revised")
        self.assertEqual(event["data"], {"product_id": "p-1", "revision": 2})

    def test_when_the_standard_webhooks_published_vector_is_verified_then_it_passes(self) -> None:
        # The example of the Standard Webhooks specification and its reference libraries.
        secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
        msg_id, timestamp, body = "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}'
        published = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        self.assertEqual(sign(secret, msg_id, timestamp, body), published)
        self.assertEqual(verify(secret, headers(published, msg_id, timestamp), body, now=timestamp), {"test": 2432232314})

    def test_when_sign_is_called_then_it_gives_the_header_value_the_service_would(self) -> None:
        self.assertEqual(sign(SECRET, MSG_ID, TIMESTAMP, BODY), signature(KEY))
        self.assertEqual(sign(KEY, MSG_ID, TIMESTAMP, BODY.encode()), signature(KEY))

    def test_when_the_body_is_str_bytes_or_bytearray_then_each_verifies(self) -> None:
        for body in (BODY, BODY.encode(), bytearray(BODY.encode()), memoryview(BODY.encode())):
            self.assertEqual(verify(SECRET, headers(signature(KEY)), body, now=TIMESTAMP)["data"]["revision"], 2)

    def test_when_a_str_body_has_non_ascii_text_then_it_is_signed_as_its_utf8_bytes(self) -> None:
        # The service sends JSON.stringify's output as UTF-8: makers' names are not all ASCII.
        body = json.dumps({"data": {"manufacturer": "Wärmepumpen GmbH — ±2 %"}}, ensure_ascii=False)
        event = verify(SECRET, headers(signature(KEY, body=body)), body, now=TIMESTAMP)
        self.assertEqual(event["data"]["manufacturer"], "Wärmepumpen GmbH — ±2 %")

    def test_when_one_byte_of_the_body_changes_then_no_signature_matches(self) -> None:
        tampered = BODY.replace('"revision": 2', '"revision": 3').encode()
        self.assertNotEqual(tampered, BODY.encode())
        self.assert_refused("no-matching-signature", SECRET, headers(signature(KEY)), tampered, now=TIMESTAMP)
        self.assert_refused("no-matching-signature", SECRET, headers(signature(KEY)), BODY + " ", now=TIMESTAMP)

    def test_when_one_bit_of_the_signature_flips_then_no_signature_matches(self) -> None:
        mac = bytearray(base64.b64decode(signature(KEY)[3:]))
        for index in (0, 31):
            flipped = bytearray(mac)
            flipped[index] ^= 0x01
            sig = "v1," + base64.b64encode(bytes(flipped)).decode()
            self.assert_refused("no-matching-signature", SECRET, headers(sig), BODY, now=TIMESTAMP)
        truncated = "v1," + base64.b64encode(bytes(mac[:16])).decode()
        self.assert_refused("no-matching-signature", SECRET, headers(truncated), BODY, now=TIMESTAMP)

    def test_when_the_timestamp_or_id_header_is_changed_then_the_signature_no_longer_matches(self) -> None:
        sig = signature(KEY)
        self.assert_refused("no-matching-signature", SECRET, headers(sig, timestamp=TIMESTAMP + 1), BODY, now=TIMESTAMP)
        self.assert_refused("no-matching-signature", SECRET, headers(sig, msg_id=MSG_ID + "x"), BODY, now=TIMESTAMP)

    def test_when_signed_with_another_secret_then_it_is_refused(self) -> None:
        self.assert_refused("no-matching-signature", OTHER, headers(signature(KEY)), BODY, now=TIMESTAMP)
        self.assert_refused("no-matching-signature", SECRET, headers(signature(b"\x07" * 32)), BODY, now=TIMESTAMP)

    def test_when_the_timestamp_is_older_or_newer_than_the_tolerance_then_it_is_refused(self) -> None:
        sig = headers(signature(KEY))
        self.assertTrue(verify(SECRET, sig, BODY, now=TIMESTAMP + 300))
        self.assertTrue(verify(SECRET, sig, BODY, now=TIMESTAMP - 300))
        err = self.assert_refused("timestamp-too-old", SECRET, sig, BODY, now=TIMESTAMP + 301)
        self.assertIn("301 s old", str(err))
        self.assert_refused("timestamp-too-new", SECRET, sig, BODY, now=TIMESTAMP - 301)
        self.assert_refused("timestamp-too-old", SECRET, sig, BODY, now=TIMESTAMP + 11, tolerance=10)
        self.assertTrue(verify(SECRET, sig, BODY, now=TIMESTAMP + 3600, tolerance=3600))
        when = dt.datetime.fromtimestamp(TIMESTAMP + 400, dt.timezone.utc)
        self.assert_refused("timestamp-too-old", SECRET, sig, BODY, now=when)

    def test_when_no_now_is_given_then_the_clock_decides_so_an_old_delivery_is_refused(self) -> None:
        self.assert_refused("timestamp-too-old", SECRET, headers(signature(KEY)), BODY)

    def test_when_the_timestamp_is_not_unix_seconds_then_it_is_refused_before_any_signature_is_checked(self) -> None:
        for bad in ("soon", "-5", "1764082692.5", "2026-11-25T14:58:12Z"):
            self.assert_refused("bad-timestamp", SECRET, headers(signature(KEY), timestamp=bad), BODY, now=TIMESTAMP)

    def test_when_a_header_is_missing_then_it_is_named(self) -> None:
        for name in ("webhook-id", "webhook-timestamp", "webhook-signature"):
            partial = {k: v for k, v in headers(signature(KEY)).items() if k != name}
            err = self.assert_refused("missing-header", SECRET, partial, BODY, now=TIMESTAMP)
            self.assertIn(name, str(err))
        self.assert_refused("missing-header", SECRET, headers(""), BODY, now=TIMESTAMP)

    def test_when_header_names_come_in_any_case_or_shape_then_they_are_found(self) -> None:
        sig = signature(KEY)
        upper = {k.upper(): v for k, v in headers(sig).items()}
        titled = {"Webhook-Id": MSG_ID, "Webhook-Timestamp": str(TIMESTAMP), "Webhook-Signature": sig}
        pairs = list(headers(sig).items())
        message = email.message.Message()  # what http.server and http.client give
        for k, v in titled.items():
            message[k] = v
        as_bytes = {k: v.encode() for k, v in headers(sig).items()}
        for given in (upper, titled, pairs, message, as_bytes):
            self.assertEqual(verify(SECRET, given, BODY, now=TIMESTAMP)["type"], "product.revised", repr(given))

    def test_when_a_secret_is_rotated_then_a_delivery_with_both_signatures_verifies_with_either_secret(self) -> None:
        old_key, new_key = KEY, b"\x07" * 32
        both = headers(f"{signature(old_key)} {signature(new_key)}")
        self.assertTrue(verify(SECRET, both, BODY, now=TIMESTAMP))
        self.assertTrue(verify(OTHER, both, BODY, now=TIMESTAMP))
        third = "whsec_" + base64.b64encode(b"\x09" * 32).decode()
        self.assert_refused("no-matching-signature", third, both, BODY, now=TIMESTAMP)
        # A tampered body fails under both.
        self.assert_refused("no-matching-signature", OTHER, both, BODY + "x", now=TIMESTAMP)

    def test_when_a_signature_is_of_another_version_or_not_base64_then_it_is_passed_over(self) -> None:
        mac = signature(KEY)[3:]
        self.assert_refused("no-matching-signature", SECRET, headers(f"v2,{mac} v1a,{mac} {mac}"), BODY, now=TIMESTAMP)
        self.assertTrue(verify(SECRET, headers(f"v1,%%% v2,{mac} v1,{mac}"), BODY, now=TIMESTAMP))

    def test_when_every_signature_is_compared_then_each_comparison_is_hmac_compare_digest(self) -> None:
        both = headers(f"{signature(b'x' * 32)} {signature(KEY)} {signature(b'y' * 32)}")
        with mock.patch.object(webhooks.hmac, "compare_digest", wraps=hmac.compare_digest) as compare:
            verify(SECRET, both, BODY, now=TIMESTAMP)
        self.assertEqual(compare.call_count, 3, "every candidate compared, in constant time")

    def test_when_the_signed_body_is_not_json_then_it_is_refused_as_such(self) -> None:
        body = "not json"
        self.assert_refused("body-not-json", SECRET, headers(signature(KEY, body=body)), body, now=TIMESTAMP)

    def test_when_the_arguments_cannot_be_right_then_type_or_value_error_not_a_verification_failure(self) -> None:
        sig = headers(signature(KEY))
        with self.assertRaises(ValueError):
            verify("whsec_not base64!", sig, BODY, now=TIMESTAMP)
        with self.assertRaises(TypeError):
            verify(None, sig, BODY, now=TIMESTAMP)  # type: ignore[arg-type]
        with self.assertRaises(TypeError):
            verify(SECRET, sig, {"type": "x"}, now=TIMESTAMP)  # type: ignore[arg-type]
        with self.assertRaises(ValueError):
            verify(SECRET, sig, BODY, now=TIMESTAMP, tolerance=-1)
        with self.assertRaises(ValueError):
            verify(SECRET, sig, BODY, now=dt.datetime(2026, 11, 25))

    def test_when_verification_fails_then_the_error_is_a_pds_error_exported_from_the_package(self) -> None:
        self.assertTrue(issubclass(WebhookVerificationError, PdsError))
        err = self.assert_refused("no-matching-signature", OTHER, headers(signature(KEY)), BODY, now=TIMESTAMP)
        self.assertNotIn(SECRET, str(err))


if __name__ == "__main__":
    unittest.main()
