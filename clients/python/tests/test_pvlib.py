"""pds_client.pvlib against pvlib itself (needs pandas, pvlib, the service and PDS_SOURCES).

For products of both editions, chosen deterministically (the first by id that a search finds whose
values come from that edition's file), the package's frame must equal, cell for cell and type for
type, what pvlib reads: ``retrieve_sam('CECMod')`` / ``('CECInverter')`` (pvlib's bundled 2019
files) and ``retrieve_sam(path=<the 2024 file>)``; and a ModelChain run on a week of clear-sky
weather must give the same AC energy with either set of parameters.
"""

from __future__ import annotations

import csv
import hashlib
import math
import os
import sys
import unittest
import warnings
from typing import Any, Dict, List, Optional, Tuple, cast

from pds_client import Client
from pds_client.errors import NotFoundError

from .support import env, have_module, need, service

HAVE_PVLIB = have_module("pandas") and have_module("pvlib")
if HAVE_PVLIB:
    import pandas as pd
    import pvlib
    from pvlib.location import Location
    from pvlib.modelchain import ModelChain
    from pvlib.pvsystem import PVSystem
    from pvlib.temperature import TEMPERATURE_MODEL_PARAMETERS

    from pds_client import pvlib as pds_pvlib

MODULES_2019 = "sam-library-cec-modules-2019-03-05.csv"
MODULES_2024 = "hisim-cec-modules-2024-11-14.csv"
INVERTERS_2019 = "sam-library-cec-inverters-2019-03-05.csv"
INVERTERS_2024 = "hisim-cec-inverters-2024-11-14.csv"
#: Products per edition and category.
N = 6
#: The agreement asked of the energies (identical parameters give identical runs: expect 0).
REL_TOL = 1e-9

#: What the frame cannot reproduce, by design, and the test therefore allows (and counts):
#: - a Vac the CEC file writes as 0 or as a range is no nominal voltage, so the service claims none: NaN;
#: - pvlib's bundled CECInverter reads Vac as text (its column holds a range), and package frames
#:   follow that layout, while pvlib's reading of the 2024 file, which holds none, gives ints.
ALLOWED = {"vac-not-claimed": 0, "vac-text-vs-int": 0}


def is_nan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def sha256(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class PvlibFramesTest(unittest.TestCase):
    client: "Client"
    sources: str
    readings: Dict[str, "pd.DataFrame"]
    picked: Dict[str, List[str]]
    changed: Dict[str, List[str]]
    energies: List[Tuple[str, str, float, float]] = []
    cells = 0

    @classmethod
    def setUpClass(cls) -> None:
        need(HAVE_PVLIB, "pandas and pvlib are not installed")
        cls.sources = env("PDS_SOURCES")
        cls.client = service()
        bundled = os.path.join(os.path.dirname(pvlib.__file__), "data")
        # The record numbers the service gives are positions in these files: pvlib's must be ours.
        for name in (MODULES_2019, INVERTERS_2019):
            assert sha256(os.path.join(bundled, name)) == sha256(os.path.join(cls.sources, name)), name
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the 2024 module file lists 505 names twice, and pvlib says so
            cls.readings = {
                MODULES_2019: pvlib.pvsystem.retrieve_sam("CECMod"),
                INVERTERS_2019: pvlib.pvsystem.retrieve_sam("CECInverter"),
                MODULES_2024: pvlib.pvsystem.retrieve_sam(path=os.path.join(cls.sources, MODULES_2024)),
                INVERTERS_2024: pvlib.pvsystem.retrieve_sam(path=os.path.join(cls.sources, INVERTERS_2024)),
            }
        cls.picked = {
            MODULES_2019: cls.pick("pv-module", MODULES_2019, specs={"sam_library_date": "2019-01-03"}),
            MODULES_2024: cls.pick("pv-module", MODULES_2024, specs={"sam_library_date": "2024-11-14"}),
            INVERTERS_2019: cls.pick("inverter", INVERTERS_2019, in_latest_edition=False),
            INVERTERS_2024: cls.pick("inverter", INVERTERS_2024, in_latest_edition=True),
        }
        cls.changed = {
            "pv-module": cls.pick("pv-module", MODULES_2024, both=True, specs={"sam_library_date": "2024-11-14"}),
            "inverter": cls.pick("inverter", INVERTERS_2024, both=True, in_latest_edition=True),
        }

    @classmethod
    def tearDownClass(cls) -> None:
        if cls.energies:
            worst = max(abs(a - b) / abs(b) for _, _, a, b in cls.energies)
            print(
                f"\n[pvlib] {len(cls.energies)} ModelChain runs, worst relative difference {worst:.1e}; "
                f"{cls.cells} cells equal; allowed: {ALLOWED}",
                file=sys.stderr,
            )
            for file, ids in cls.picked.items():
                print(f"[pvlib] {file}: {', '.join(ids)}", file=sys.stderr)
            for module, inverter, ours, theirs in cls.energies:
                print(f"[pvlib] {module} on {inverter}: {ours:.6f} Wh (pvlib {theirs:.6f} Wh)", file=sys.stderr)

    @classmethod
    def pick(cls, category: str, file: str, both: bool = False, **filters: Any) -> List[str]:
        """The first N products by id that a search finds whose values come from `file` (`both`: also listed in 2019, changed in 2024)."""
        key = "stc_power_w" if category == "pv-module" else "ac_power_w"
        chosen: List[str] = []
        for item in cls.client.iter_search(category=category, sort="id", fields="id", page_size=50, **filters):
            detail = cls.client.get_product(item["id"])
            where = detail["provenance"].get(key)
            if not where or where["locator"]["file"] != file:
                continue
            # Listed first in 2019 (revision 1 is the 2019 file's), changed since (the value is `file`'s now).
            first_2019 = any(e["edition"] == "2019-03-05" for e in detail["listing"]["editions"] if e["list"].startswith("cec-"))
            if both and (detail["revision"] < 2 or not first_2019):
                continue
            chosen.append(item["id"])
            if len(chosen) == N:
                return chosen
        raise AssertionError(f"fewer than {N} {category} products from {file}")

    # -- the comparison ------------------------------------------------------------------------

    def reference(self, frame: "pd.DataFrame", where: "pd.DataFrame", j: int, key: str) -> "pd.Series":
        """pvlib's reading of the product in column j: the file and record its key value was read from."""
        id = frame.attrs["pds_ids"][j]
        locator = where.loc[(key, id)]
        theirs = self.readings[locator["file"]].iloc[:, int(locator["record"]) - 1]
        self.assertEqual(frame.columns[j], theirs.name, f"{id}: named as pvlib names it")
        return theirs

    def assert_equal_cells(self, frame: "pd.DataFrame", where: "pd.DataFrame", key: str) -> None:
        """Every cell of `frame` equals pvlib's for the rows both have, its type too; each value's locator names that cell."""
        rows = list(frame.index)
        for j, id in enumerate(frame.attrs["pds_ids"]):
            theirs = self.reference(frame, where, j, key)
            column = frame.iloc[:, j]
            located = where.xs(id, level="product").set_index("pvlib")
            for row in [r for r in rows if r in theirs.index]:
                ours, their = column.iloc[rows.index(row)], theirs[row]
                what = f"{id} {row}: ours {ours!r}, pvlib {their!r}"
                if is_nan(ours):
                    if row == "Vac" and not is_nan(their) and (str(their) == "0" or "-" in str(their)):
                        ALLOWED["vac-not-claimed"] += 1
                        continue
                    self.assertTrue(is_nan(their), what)
                    continue
                if row == "Vac" and isinstance(their, int):
                    ALLOWED["vac-text-vs-int"] += 1
                    their = str(their)
                self.assertIs(type(ours), type(their), what)
                self.assertEqual(ours, their, what)
                # The value's locator names the very cell pvlib read.
                at = located.loc[row]
                source = self.readings[at["file"]].iloc[:, int(at["record"]) - 1]
                self.assertEqual(source.name, theirs.name, what)
                self.assertEqual(source[str(at["column"]).replace(" ", "_")], theirs[row], what)
                type(self).cells += 1

    def frames(self, category: str, ids: List[str], as_of: Optional[int] = None) -> Tuple["pd.DataFrame", "pd.DataFrame"]:
        build = pds_pvlib.cec_modules if category == "pv-module" else pds_pvlib.cec_inverters
        frame = build(self.client, ids=ids, as_of=as_of)
        self.assertEqual(frame.attrs["pds_ids"], ids)
        return frame, pds_pvlib.provenance(self.client, ids, as_of=as_of)

    # -- the tests -----------------------------------------------------------------------------

    def test_when_a_frame_is_built_then_rows_columns_and_types_are_laid_out_as_retrieve_sam_does(self) -> None:
        for category, table, file in (("pv-module", MODULES_2019, MODULES_2019), ("inverter", INVERTERS_2019, INVERTERS_2019)):
            frame, _ = self.frames(category, self.picked[file])
            reading = self.readings[table]
            self.assertEqual(list(frame.index), list(reading.index))
            self.assertEqual(frame.index.dtype, reading.index.dtype)
            self.assertEqual(frame.columns.dtype, reading.columns.dtype)
            self.assertTrue(all(str(t) == "object" for t in frame.dtypes), frame.dtypes)
            self.assertEqual(frame.shape, (len(reading.index), N))

    def test_when_modules_of_both_editions_are_read_then_every_cell_equals_pvlibs_reading_of_the_file(self) -> None:
        for file in (MODULES_2019, MODULES_2024):
            frame, where = self.frames("pv-module", self.picked[file])
            self.assert_equal_cells(frame, where, "stc_power_w")

    def test_when_inverters_of_both_editions_are_read_then_every_cell_equals_pvlibs_reading_of_the_file(self) -> None:
        for file in (INVERTERS_2019, INVERTERS_2024):
            frame, where = self.frames("inverter", self.picked[file])
            self.assert_equal_cells(frame, where, "ac_power_w")

    def test_when_a_modelchain_runs_a_clear_sky_week_then_the_ac_energy_is_the_same_with_either_parameters(self) -> None:
        for modules, inverters in ((MODULES_2019, INVERTERS_2019), (MODULES_2024, INVERTERS_2024)):
            mods, mod_where = self.frames("pv-module", self.picked[modules])
            invs, inv_where = self.frames("inverter", self.picked[inverters])
            for j in range(N):
                ours = energy(mods.iloc[:, j], invs.iloc[:, j])
                theirs = energy(self.reference(mods, mod_where, j, "stc_power_w"), self.reference(invs, inv_where, j, "ac_power_w"))
                self.assertGreater(theirs, 0)
                rel = abs(ours - theirs) / abs(theirs)
                self.assertLessEqual(rel, REL_TOL, f"{mods.columns[j]} on {invs.columns[j]}: {ours} Wh vs pvlib {theirs} Wh")
                type(self).energies.append((mods.columns[j], invs.columns[j], ours, theirs))

    def test_when_read_as_of_revision_1_then_changed_products_equal_the_2019_file_and_now_the_2024_file(self) -> None:
        for category, key, old, new in (
            ("pv-module", "stc_power_w", MODULES_2019, MODULES_2024),
            ("inverter", "ac_power_w", INVERTERS_2019, INVERTERS_2024),
        ):
            ids = self.changed[category]
            then, then_where = self.frames(category, ids, as_of=1)
            now, now_where = self.frames(category, ids)
            self.assertEqual(set(then_where.loc[key]["file"]), {old})
            self.assertEqual(set(now_where.loc[key]["file"]), {new})
            self.assert_equal_cells(then, then_where, key)
            self.assert_equal_cells(now, now_where, key)
            differs = [
                (row, a, b)
                for row in then.index
                for a, b in zip(then.loc[row], now.loc[row])
                if not (is_nan(a) and is_nan(b)) and a != b
            ]
            self.assertTrue(differs, "as_of=1 read the same values as now")

    def test_when_a_search_builds_the_frame_then_its_columns_are_what_the_search_found(self) -> None:
        found = [p["id"] for p in self.client.iter_search("SUN2000-5KTL", category="inverter", in_latest_edition=True, fields="id")]
        frame = pds_pvlib.cec_inverters(self.client, q="SUN2000-5KTL", in_latest_edition=True)
        self.assertEqual(frame.attrs["pds_ids"], found)
        self.assertTrue(found)
        self.assert_equal_cells(frame, pds_pvlib.provenance(self.client, found), "ac_power_w")

    def test_when_provenance_is_read_then_each_locator_is_the_line_and_column_of_the_source_file(self) -> None:
        ids = self.picked[MODULES_2024][:2] + self.picked[INVERTERS_2019][:2]
        where = pds_pvlib.provenance(self.client, ids)
        self.assertEqual(list(where.index.names), ["spec", "product"])
        checked = 0
        lines: Dict[str, List[str]] = {}
        for key, row in where.iterrows():
            spec, id = cast(Tuple[str, str], key)
            if row["method"] != "reported":
                continue
            path = os.path.join(self.sources, row["file"])
            if path not in lines:
                with open(path, encoding="utf-8", newline="") as f:
                    lines[path] = f.read().split("\n")
            header = next(csv.reader([lines[path][0]]))
            record = next(csv.reader([lines[path][int(row["line"]) - 1]]))
            cell = record[header.index(row["column"])].strip()
            value = row["value"]
            if isinstance(value, bool):
                self.assertIn(cell, ("1", "Y") if value else ("0", "N"), (spec, id))
            elif isinstance(value, (int, float)):
                self.assertEqual(float(cell), value, (spec, id))
            checked += 1
        self.assertGreater(checked, 40)

    def test_when_modules_are_asked_for_by_id_or_model_then_they_are_read_in_batches_not_one_call_each(self) -> None:
        ids = self.picked[MODULES_2019] + self.picked[MODULES_2024]
        model = self.client.get_product(ids[0])["model"]
        counting = Counting(self.client.base_url, self.client.key)
        frame = pds_pvlib.cec_modules(counting, ids=[model] + ids[1:])
        self.assertEqual(frame.attrs["pds_ids"], ids, "the model number names the same product as its id")
        self.assertEqual(counting.calls.count("getProducts"), 1)
        self.assertNotIn("getProduct", counting.calls)
        with self.assertRaises(NotFoundError):
            pds_pvlib.cec_modules(counting, ids=[ids[0], "no-such-module-anywhere"])

    def test_when_a_product_is_not_in_the_table_then_asking_for_it_by_id_says_so(self) -> None:
        heat_pump = self.client.search(category="heat-pump", limit=1, fields="id").data[0]["id"]
        with self.assertRaises(pds_pvlib.NotInTableError):
            pds_pvlib.cec_modules(self.client, ids=[heat_pump])


class Counting(Client):
    """A client that notes the operation of every request it sends."""

    def __init__(self, base_url: str, key: Optional[str]) -> None:
        super().__init__(base_url, key)
        self.calls: List[str] = []

    def _open(self, operation_id: str, *args: Any, **kwargs: Any) -> Any:
        self.calls.append(operation_id)
        return super()._open(operation_id, *args, **kwargs)


def energy(module: "pd.Series", inverter: "pd.Series") -> float:
    """AC energy (Wh) of one inverter with strings of `module`, over a clear-sky week in Golden, Colorado."""
    location = Location(39.742, -105.18, tz="Etc/GMT+7", altitude=1830, name="Golden")
    times = pd.date_range("2024-06-10", periods=7 * 24, freq="1h", tz=location.tz)
    in_series = max(1, round(float(inverter["Vdco"]) / float(module["V_mp_ref"])))
    strings = max(1, round(float(inverter["Pdco"]) / (float(module["STC"]) * in_series)))
    system = PVSystem(
        surface_tilt=30,
        surface_azimuth=180,
        module_parameters=module,
        inverter_parameters=inverter,
        temperature_model_parameters=TEMPERATURE_MODEL_PARAMETERS["sapm"]["open_rack_glass_glass"],
        modules_per_string=in_series,
        strings_per_inverter=strings,
    )
    chain = ModelChain(system, location, aoi_model="physical", spectral_model="no_loss", dc_model="cec", ac_model="sandia")
    with warnings.catch_warnings():
        # pvlib's own noise at night (0/0 in the single-diode solve) and pandas deprecations in pvlib.
        warnings.simplefilter("ignore")
        weather = location.get_clearsky(times).assign(temp_air=25.0, wind_speed=1.0)
        chain.run_model(weather)
    return float(chain.results.ac.sum())


if __name__ == "__main__":
    unittest.main()
