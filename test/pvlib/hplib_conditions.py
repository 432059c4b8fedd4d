"""hplib's heat pump answers for test/api/heat-pump-conditions.test.ts.

Reads JSON on stdin: {"sources": dir, "cases": [{"parameters": {spec: {"file", "line", "column"}},
"points": [[t_in_primary, t_in_secondary, t_amb], ...]}]}. Each parameter is read here from the cell of
hplib's database (the seed's copy of hplib_database_all.csv) that the service names, and put into a
one-row DataFrame under hplib's own column names; hplib.simulate (hplib 1.9, heating, p_th_min 0)
then answers the points in one call, as arrays. Writes {"results": [{"inputs": {spec: value}, "points": [{"COP", "P_el",
"P_th", "T_out", "T_amb"}]}]}.
"""
import json
import math
import sys
from importlib.metadata import version

import hplib.hplib as hpl
import numpy as np
import pandas as pd

from reference import row_at


def cell(sources, locator):
    header, row = row_at(sources, locator["file"], locator["line"])
    return float(row[header.index(locator["column"])])


def plain(x):
    x = float(x)
    return None if math.isnan(x) else x


def answer(sources, case):
    located = case["parameters"]
    inputs = {spec: cell(sources, locator) for spec, locator in located.items()}
    parameters = pd.DataFrame({locator["column"]: [inputs[spec]] for spec, locator in located.items()})
    # All points in one call, as arrays (hplib's documented input): one call per point took 73 s of 75.
    t_in, t_in_secondary, t_amb = (np.array(column, dtype=float) for column in zip(*case["points"]))
    r = hpl.simulate(t_in, t_in_secondary, parameters, t_amb)
    keys = ("COP", "P_el", "P_th", "T_out", "T_amb")
    # hplib answers arrays in a one-row DataFrame: each cell holds the array.
    columns = {key: np.broadcast_to(r[key].iloc[0], t_in.shape) for key in keys}
    points = [{key: plain(columns[key][k]) for key in keys} for k in range(len(t_in))]
    return {"inputs": inputs, "points": points}


def main():
    request = json.load(sys.stdin)
    results = [answer(request["sources"], case) for case in request["cases"]]
    json.dump({"hplib": version("hplib"), "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
