"""pvlib's inverter answers for test/api/conditions.test.ts.

Reads JSON on stdin: {"sources": dir, "cases": [{"model": "sandia"|"adr"|"pvwatts", "parameters":
{column: {"file", "line", "column"} | {"value"}}, "points": [[p_dc, v_dc], ...]}]}. Each parameter with
a locator is read here from that cell of the source file (ADRCoefficients parsed as
pvlib.pvsystem.retrieve_sam parses it), not from the service; a parameter without one (PVWatts'
eta_inv_nom and eta_inv_ref, which are constants) is taken as given. pvlib.inverter.sandia, adr or
pvwatts then gives the AC power at each point (PVWatts with pdc0 = Paco / eta_inv_nom).
Writes {"results": [{"inputs": {column: value}, "ac": [W or null]}]}.
"""
import json
import math
import sys

import numpy as np
import pvlib

from reference import cell


def answer(sources, case):
    inputs = {
        column: (cell(sources, given["locator"]) if "locator" in given else given["value"])
        for column, given in case["parameters"].items()
    }
    p_dc = np.array([p for p, _ in case["points"]], dtype=float)
    v_dc = np.array([v for _, v in case["points"]], dtype=float)
    model = case["model"]
    if model == "sandia":
        ac = pvlib.inverter.sandia(v_dc, p_dc, inputs)
    elif model == "adr":
        adr = {k: inputs.get(k, float("nan")) for k in ("Vmin", "Vmax", "Vdcmax", "MPPTLow", "MPPTHi")}
        adr.update(inputs)
        ac = pvlib.inverter.adr(v_dc, p_dc, adr)
    else:
        pdc0 = inputs["Pac0"] / inputs["eta_inv_nom"]
        ac = pvlib.inverter.pvwatts(p_dc, pdc0, inputs["eta_inv_nom"], inputs["eta_inv_ref"])
    values = [None if math.isnan(x) else float(x) for x in np.atleast_1d(ac)]
    return {"inputs": inputs, "ac": values}


def main():
    request = json.load(sys.stdin)
    results = [answer(request["sources"], case) for case in request["cases"]]
    json.dump({"pvlib": pvlib.__version__, "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
