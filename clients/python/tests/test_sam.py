"""Client.sam_url, sam_list and revoke_sam_link against the service (needs pandas, pvlib, PDS_SOURCES).

pvlib's retrieve_sam reads the signed URL the client makes, and the file sam_list writes, as it
reads the edition's own file: the products the filter selects, each field as the file has it. A
revoked link is refused (HTTP 410) and an altered one too (403).
"""

from __future__ import annotations

import os
import tempfile
import unittest
import urllib.error
import warnings

from .support import env, have_module, need, service

HAVE_PVLIB = have_module("pandas") and have_module("pvlib")
if HAVE_PVLIB:
    from pvlib import pvsystem

INVERTERS_2024 = "hisim-cec-inverters-2024-11-14.csv"


class SamListTest(unittest.TestCase):
    def setUp(self) -> None:
        need(HAVE_PVLIB, "pandas and pvlib are not installed")
        self.client = service()
        self.source = pvsystem.retrieve_sam(path=os.path.join(env("PDS_SOURCES"), INVERTERS_2024))
        warnings.simplefilter("ignore")

    def assert_as_in_file(self, frame) -> None:  # type: ignore[no-untyped-def]
        self.assertGreater(len(frame.columns), 10)
        for name in frame.columns:
            self.assertTrue(name.startswith("SMA_America"), name)
            self.assertTrue(frame[name].equals(self.source[name]), name)

    def test_retrieve_sam_reads_the_signed_url_as_the_file(self) -> None:
        url = self.client.sam_url("cec-inverters", edition="2024-11-14", manufacturer="SMA America", expires_in=600)
        self.assertNotIn(env("PDS_KEY"), url)
        self.assert_as_in_file(pvsystem.retrieve_sam(path=url))

    def test_sam_list_writes_a_file_retrieve_sam_reads(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = self.client.sam_list(
                "cec-inverters", edition="2024-11-14", manufacturer="SMA America", path=os.path.join(folder, "sma.csv")
            )
            self.assert_as_in_file(pvsystem.retrieve_sam(path=path))

    def test_a_revoked_or_altered_url_is_refused(self) -> None:
        link = self.client.sam_link("cec-inverters", manufacturer="SMA America")
        with self.assertRaises(urllib.error.HTTPError) as altered:
            pvsystem.retrieve_sam(path=link["url"][:-1] + ("A" if link["url"][-1] != "A" else "B"))
        self.assertEqual(altered.exception.code, 403)
        self.client.revoke_sam_link(link["id"])
        with self.assertRaises(urllib.error.HTTPError) as revoked:
            pvsystem.retrieve_sam(path=link["url"])
        self.assertEqual(revoked.exception.code, 410)


if __name__ == "__main__":
    unittest.main()
