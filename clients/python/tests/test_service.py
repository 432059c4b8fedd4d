"""The client against the real service (PDS_URL, PDS_KEY) on the complete data."""

from __future__ import annotations

import datetime as dt
import math
import os
import time
import unittest
from typing import Any, Dict, List

from pds_client import (
    AuthenticationError,
    BadRequestError,
    Client,
    NotFoundError,
    Page,
    RateLimitedError,
)

from .support import env, service


class CursorWalkTest(unittest.TestCase):
    def assert_walk(self, first: Page, ids: List[str]) -> None:
        """The walk gave ``first.total`` distinct products: exactly, or at least when the total is a bound."""
        self.assertEqual(len(ids), len(set(ids)), "a product came twice")
        assert first.total is not None
        if first.total_is_exact:
            self.assertEqual(len(ids), first.total)
        else:
            self.assertGreater(len(ids), first.total)

    def test_when_every_inverter_is_listed_page_by_page_then_meta_total_distinct_products_come(self) -> None:
        client = service()
        first = client.list_products(category="inverter", limit=1)
        ids = [p["id"] for p in client.iter_products(category="inverter", fields="id")]
        self.assert_walk(first, ids)
        self.assertGreater(len(ids), 1000)

    def test_when_a_ranked_search_is_walked_to_the_end_then_meta_total_distinct_products_come(self) -> None:
        client = service()
        first = client.search("Trina", limit=1)
        assert first.total is not None
        ids = [p["id"] for p in client.iter_search("Trina", fields="id", page_size=100)]
        self.assert_walk(first, ids)
        self.assertGreater(first.total, 100, "more than one page")

    def test_when_a_filtered_sorted_search_is_walked_then_order_and_filter_hold_across_pages(self) -> None:
        client = service()
        query = dict(category="pv-module", specs={"stc_power_w": {"gte": "0.55 kW"}}, sort="-specs.stc_power_w")
        first = client.search(**query, limit=1)  # type: ignore[arg-type]
        items = list(client.iter_search(**query, fields="id,specs.stc_power_w", page_size=50))  # type: ignore[arg-type]
        self.assert_walk(first, [p["id"] for p in items])
        powers = [p["specs"]["stc_power_w"] for p in items]
        self.assertTrue(all(p >= 550 for p in powers))
        self.assertEqual(powers, sorted(powers, reverse=True))


class ProblemTest(unittest.TestCase):
    def test_when_a_parameter_is_bad_then_bad_request_error_with_status_400_and_detail(self) -> None:
        client = service()
        with self.assertRaises(BadRequestError) as caught:
            client.list_products(sort="price")
        err = caught.exception
        self.assertEqual(err.status, 400)
        self.assertEqual(err.type, "/problems/validation-failed")
        self.assertEqual(err.title, "Request validation failed")
        self.assertIn("'sort' has 'price'", err.detail)
        self.assertEqual([(e["in"], e["name"]) for e in err.errors], [("query", "sort")])
        self.assertTrue(err.request_id)

    def test_when_a_range_or_limit_is_out_of_bounds_then_the_problem_names_the_parameter(self) -> None:
        client = service()
        for call, name in (
            (lambda: client.search(limit=1000), "limit"),
            (lambda: client.search(specs={"stc_power_w": {"gte": "lots"}}), "specs.stc_power_w[gte]"),
            (lambda: client.get_product("x", as_of="yesterday"), "as_of"),
        ):
            with self.assertRaises(BadRequestError) as caught:
                call()
            self.assertEqual(caught.exception.status, 400)
            self.assertIn(name, [e["name"] for e in caught.exception.errors], caught.exception.problem)

    def test_when_compared_ids_name_no_product_then_unknown_products_lists_them(self) -> None:
        client = service()
        known = client.search(category="inverter", limit=1, fields="id").data[0]["id"]
        with self.assertRaises(BadRequestError) as caught:
            client.compare([known, "no-such-product-1"])
        self.assertEqual(caught.exception.slug, "unknown-products")
        self.assertEqual(caught.exception.problem["unknown_ids"], ["no-such-product-1"])

    def test_when_a_product_does_not_exist_then_not_found_error(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            service().get_product("no-such-product-1")
        self.assertEqual((caught.exception.status, caught.exception.slug), (404, "not-found"))

    def test_when_the_key_is_wrong_then_authentication_error(self) -> None:
        with self.assertRaises(AuthenticationError) as caught:
            Client(env("PDS_URL"), "pds_wrong_key").search("x")
        self.assertEqual(caught.exception.status, 401)


class ReadTest(unittest.TestCase):
    client: Client
    changed: str
    history: List[Dict[str, Any]]

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = service()
        # An inverter the 2024 edition changed: revision 2 now, revision 1 as of 2019.
        for item in cls.client.iter_search(category="inverter", in_latest_edition=True, sort="id", fields="id"):
            revisions = cls.client.revisions(item["id"]).data
            if revisions[0]["number"] >= 2:
                cls.changed = item["id"]
                cls.history = revisions
                break

    def test_when_read_as_of_revision_1_then_values_are_those_before_the_change(self) -> None:
        now = self.client.get_product(self.changed)
        then = self.client.get_product(self.changed, as_of=1)
        self.assertEqual((now["revision"], then["revision"]), (self.history[0]["number"], 1))
        changes = self.history[0]["changes"]
        self.assertTrue(changes)
        for change in changes:
            self.assertEqual(now["specs"].get(change["field"]), change.get("to"), change)
            self.assertEqual(then["specs"].get(change["field"]), change.get("from"), change)

    def test_when_as_of_is_a_datetime_then_it_is_sent_as_rfc_3339(self) -> None:
        now = self.client.get_product(self.changed, as_of=dt.datetime.now(dt.timezone.utc))
        self.assertEqual(now["revision"], self.history[0]["number"])
        with self.assertRaises(NotFoundError):
            self.client.get_product(self.changed, as_of=dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc))
        with self.assertRaises(ValueError):
            self.client.get_product(self.changed, as_of=dt.datetime(2000, 1, 1))

    def test_when_revisions_are_walked_then_newest_first_and_each_readable(self) -> None:
        numbers = [r["number"] for r in self.client.iter_revisions(self.changed, page_size=1)]
        self.assertEqual(numbers, sorted(numbers, reverse=True))
        self.assertEqual(numbers[-1], 1)
        self.assertEqual(self.client.revision(self.changed, 1)["number"], 1)

    def test_when_two_products_are_compared_then_they_come_in_the_order_asked(self) -> None:
        ids = [p["id"] for p in self.client.search(category="inverter", sort="id", limit=2, fields="id").data]
        answer = self.client.compare(list(reversed(ids)))
        self.assertEqual([p["id"] for p in answer["data"]], list(reversed(ids)))
        self.assertTrue(answer["comparison"])

    def test_when_alternatives_are_asked_then_each_is_another_product_of_its_category_with_its_differences(self) -> None:
        product = self.client.search(category="inverter", sort="id", limit=1).data[0]
        answer = self.client.similar(product["id"], limit=3)
        self.assertTrue(answer["data"])
        self.assertLessEqual(len(answer["data"]), 3)
        for alternative in answer["data"]:
            self.assertNotEqual(alternative["id"], product["id"])
            self.assertEqual(alternative["category"], "inverter")
            self.assertIn("differences", alternative)

    def test_when_exporting_heat_pumps_then_every_one_streams_with_provenance_at_the_stated_price(self) -> None:
        total = self.client.list_products(category="heat-pump", limit=1).total
        assert total is not None
        with self.client.export(category="heat-pump") as stream:
            ids = [p["id"] for p in stream if p["provenance"] and p["category"] == "heat-pump"]
        self.assertEqual(len(set(ids)), total)
        self.assertEqual(stream.cost, max(1, math.ceil(total / 100)))

    def test_when_an_export_is_closed_early_then_it_stops_without_reading_the_rest(self) -> None:
        started = time.monotonic()
        with self.client.export(category="pv-module") as stream:
            first = next(stream)
        self.assertEqual(stream.count, 1)
        self.assertEqual(first["category"], "pv-module")
        self.assertLess(time.monotonic() - started, 30)

    def test_when_the_glossary_is_read_then_pvlib_names_and_source_columns_are_there(self) -> None:
        glossary = {e["name"]: e for e in self.client.specs()}
        self.assertEqual(glossary["a_ref_v"]["pvlib"], {"CECMod": "a_ref"})
        self.assertEqual(glossary["ac_power_w"]["pvlib"], {"CECInverter": "Paco"})
        self.assertIn({"format": "cec-modules-2024", "list": "cec-modules", "column": "gamma_pmp"}, glossary["gamma_pmp_pct_per_k"]["sources"])

    def test_when_sources_companies_changes_and_design_are_read_then_each_answers(self) -> None:
        c = self.client
        sources = c.sources()
        self.assertIn("cec-modules-2024", [s["id"] for s in sources])
        self.assertEqual(c.source("cec-modules-2024")["id"], "cec-modules-2024")
        company = c.manufacturers(category="inverter", limit=1).data[0]
        self.assertEqual(c.manufacturer(company["id"])["id"], company["id"])
        self.assertGreater(sum(1 for _ in c.iter_manufacturers(category="heat-pump")), 1)
        self.assertEqual(len(c.changes(limit=2).data), 2)
        module = c.search(category="pv-module", specs={"sam_library_date": "2019-01-03"}, sort="id", limit=1).data[0]
        inverter = c.search(category="inverter", specs={"hybrid": False}, sort="id", limit=1).data[0]
        point = c.module_performance(module["id"], irradiance=800, cell_temperature=45, model="cec", iv_points=3)
        self.assertEqual(len(point["iv_curve"]), 3)
        sizing = c.compatibility(module["id"], inverter["id"], -10, 40, temperatures="ambient")
        self.assertIn("min_modules", sizing["string"])
        self.assertIn("paths", c.openapi())


class RealRateLimitTest(unittest.TestCase):
    """Against PDS_LIMITED_URL: the same data, a few requests allowed per short window."""

    def test_when_the_rate_limit_is_hit_then_429_carries_retry_after_and_the_client_waits_it_out(self) -> None:
        url = env("PDS_LIMITED_URL")
        strict = Client(url, env("PDS_KEY"), max_retries=0)
        with self.assertRaises(RateLimitedError) as caught:
            for _ in range(50):
                strict.list_products(limit=1, fields="id")
        err = caught.exception
        self.assertEqual((err.status, err.slug), (429, "rate-limited"))
        assert err.retry_after is not None
        self.assertGreaterEqual(err.retry_after, 1)
        self.assertTrue(err.detail)

        waited: List[float] = []

        def sleep(seconds: float) -> None:
            waited.append(seconds)
            time.sleep(seconds)

        patient = Client(url, env("PDS_KEY"), max_retries=5, sleep=sleep)
        for _ in range(int(os.environ.get("PDS_LIMITED_CALLS", "8"))):
            self.assertEqual(len(patient.list_products(limit=1, fields="id").data), 1)
        self.assertTrue(waited, "the limit was never reached")
        self.assertTrue(all(w >= 1 for w in waited), waited)


if __name__ == "__main__":
    unittest.main()
