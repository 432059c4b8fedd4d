"""pvlib's CEC weighted efficiency for the inverter test in test/api/design.test.ts.

Reads JSON on stdin: {"sources": dir, "cases": [{"file", "line"}]}, each the record the service names
as the source of an inverter's derived efficiencies. The Sandia coefficients are read here from that
record of the source file, not from the service. At the nominal DC voltage, the DC power giving 10, 20,
30, 50 and 75% of the rated AC output is found by a root search on pvlib.inverter.sandia (100% is Pdco,
where pvlib gives Paco); each efficiency is AC / DC, weighted as the CEC weighs them.
Writes {"results": [{"rated_efficiency_pct", "cec_weighted_efficiency_pct", "ac_at_pdco"}]}.
"""
import json
import sys

import pvlib
from scipy.optimize import brentq

from reference import row_at

COLUMNS = ("Paco", "Pdco", "Vdco", "Pso", "C0", "C1", "C2", "C3", "Pnt")
WEIGHTS = ((0.1, 0.04), (0.2, 0.05), (0.3, 0.12), (0.5, 0.21), (0.75, 0.53))


def answer(sources, case):
    header, row = row_at(sources, case["file"], case["line"])
    inverter = {name: float(row[header.index(name)]) for name in COLUMNS}
    v_dc = inverter["Vdco"]

    def ac(p_dc):
        return float(pvlib.inverter.sandia(v_dc, p_dc, inverter))

    weighted = 0.05 * inverter["Paco"] / inverter["Pdco"]
    for fraction, weight in WEIGHTS:
        target = fraction * inverter["Paco"]
        p_dc = brentq(lambda p: ac(p) - target, inverter["Pso"] * (1 + 1e-12), inverter["Pdco"], xtol=1e-9, rtol=1e-14)
        weighted += weight * target / p_dc
    return {
        "rated_efficiency_pct": 100 * inverter["Paco"] / inverter["Pdco"],
        "cec_weighted_efficiency_pct": 100 * weighted,
        "ac_at_pdco": ac(inverter["Pdco"]),
        "paco": inverter["Paco"],
    }


def main():
    request = json.load(sys.stdin)
    results = [answer(request["sources"], case) for case in request["cases"]]
    json.dump({"pvlib": pvlib.__version__, "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
