"""pvlib's answers for the design test (test/api/design.test.ts).

Reads JSON on stdin: {"sources": dir, "cases": [{"inputs": {spec: locator}, "model": "cec"|"desoto",
"irradiance": S, "cell_temperature": T, "voltages": [V, ...]}]}, where each locator is the provenance
the service gave for that parameter ({"file", "line", "column"}). Each parameter is read here from
that cell of the source file, not from the service, and pvlib computes from it:
calcparams_cec or calcparams_desoto, then singlediode, and i_from_v at the voltages asked.
Writes {"results": [{"inputs": {spec: value}, "i_sc", "v_oc", "i_mp", "v_mp", "p_mp", "currents"}]}.
A case with "ross_temp_air" (and a noct_c locator among its inputs) also gets "ross_cell_temperature":
pvlib.temperature.ross at that air temperature and the case's irradiance (the NOCT model).
"""
import csv
import json
import os
import sys

import pvlib

# Our spec names -> pvlib's argument names (which are also the SAM file's column names).
ARGUMENTS = {
    "alpha_isc_a_per_k": "alpha_sc",
    "a_ref_v": "a_ref",
    "il_ref_a": "I_L_ref",
    "io_ref_a": "I_o_ref",
    "rsh_ref_ohm": "R_sh_ref",
    "rs_ohm": "R_s",
    "adjust_pct": "Adjust",
}

_files = {}


def row_at(sources, name, line):
    """The header and the record that starts on `line` (1-based) of a source file."""
    if name not in _files:
        with open(os.path.join(sources, name), newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            rows = {}
            header = None
            start = 1
            for row in reader:
                if header is None:
                    header = row
                rows[start] = row
                start = reader.line_num + 1
        _files[name] = (header, rows)
    header, rows = _files[name]
    return header, rows[line]


def cell(sources, locator):
    """The number in the cell `locator` names (the ADR library's coefficients: a list, as it prints them)."""
    header, row = row_at(sources, locator["file"], locator["line"])
    raw = row[header.index(locator["column"])]
    if locator["column"] == "ADRCoefficients":
        return list(map(float, raw.strip(" []").split()))
    return float(raw)


def answer(sources, case):
    values = {spec: cell(sources, locator) for spec, locator in case["inputs"].items()}
    args = {ARGUMENTS[spec]: value for spec, value in values.items() if spec in ARGUMENTS}
    if case["model"] == "cec":
        params = pvlib.pvsystem.calcparams_cec(case["irradiance"], case["cell_temperature"], **args)
    else:
        args.pop("Adjust", None)
        params = pvlib.pvsystem.calcparams_desoto(case["irradiance"], case["cell_temperature"], **args)
    point = pvlib.pvsystem.singlediode(*params)
    il, i0, rs, rsh, a = params
    currents = [float(pvlib.pvsystem.i_from_v(v, il, i0, rs, rsh, a)) for v in case.get("voltages", [])]
    out = {key: float(point[key]) for key in ("i_sc", "v_oc", "i_mp", "v_mp", "p_mp")}
    if "ross_temp_air" in case:
        out["ross_cell_temperature"] = float(
            pvlib.temperature.ross(case["irradiance"], case["ross_temp_air"], values["noct_c"])
        )
    return {"inputs": values, **out, "currents": currents}


def main():
    request = json.load(sys.stdin)
    results = [answer(request["sources"], case) for case in request["cases"]]
    json.dump({"pvlib": pvlib.__version__, "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
