"""pvlib's view of every PVsyst file of the catalog (scripts/pvsyst-every-file.mjs).

Reads JSON lines from the file named by argv[1], one per file the service wrote:
{"id", "kind": "pan"|"ond", "text", "paths": [the JSON twin's key paths], "values": {spec: number}}.
Each file is read back with pvlib.iotools.read_panond; what is checked is what the issue promises of
every file: it parses, no value is `nan` or not finite, and every key read has a class (its path is
in the twin, where each key carries one). A .PAN with CEC values is compared with the CEC model at the
24 IEC 61853-1 points, a .OND's profile nodes with pvlib.inverter.sandia (pvlib.inverter.adr for an
inverter only the ADR library models; pvsyst_files.py). Prints one JSON line per file: {"id", "kind", "keys", "nan", "non_numbers", "unclassed", certificate figures}.
"""
import json
import os
import sys
import tempfile

import numpy as np
import pvlib

sys.path.insert(0, os.path.dirname(__file__))
from pvsyst_files import CEC, NAN, flat, ond_against_model, pan_against_cec, pvsyst_params  # noqa: E402


def key_path(path):
    """A path as the twin names it: read_panond keeps a block's own line inside it (`A/B/B` is block
    `A/B`) and its closing `End of ...` line as a key; the twin has the block, whose `end` closes it."""
    parts = path.split("/")
    if parts[-1].startswith("End of"):
        return None
    if len(parts) >= 2 and parts[-1] == parts[-2]:
        parts.pop()
    return "/".join(parts)


def check(case, path):
    with open(path, "w", newline="") as f:
        f.write(case["text"])
    try:
        content = pvlib.iotools.read_panond(path)
    except Exception as e:  # a file pvlib cannot read is the first thing to report
        return {"id": case["id"], "kind": case["kind"], "parse_error": repr(e)}
    values = dict(flat(content))
    classed = set(case["paths"])
    read = [p for p in map(key_path, values) if p is not None]
    out = {"id": case["id"], "kind": case["kind"], "keys": len(values),
           "nan": bool(NAN.search(case["text"])),
           "non_numbers": [k for k, v in values.items() if isinstance(v, float) and not np.isfinite(v)],
           "unclassed": [k for k in read if k not in classed]}
    try:
        out.update(compared(case, content))
    except Exception as e:  # pvlib's solvers can fail on a curve: said, not hidden
        out["compare_error"] = repr(e)
    return out


def compared(case, content):
    """The file against the model it came from, as pvlib computes both."""
    if case["kind"] == "pan" and all(s in case["values"] for s in CEC if s != "adjust_pct"):
        return pan_against_cec(case["values"], content)
    if case["kind"] == "pan" and "imp_a" in case["values"] and "vmp_v" in case["values"]:
        return reference_point(case["values"], content)
    if case["kind"] == "ond":
        return ond_against_model(case["values"], content)
    return {}


def reference_point(values, content):
    """A Sandia row's file at 1000 W/m2 and 25 C against the row's Impo x Vmpo (its only model point)."""
    # The file has no temperature coefficients (unknown); at 25 C they do not enter.
    params = pvsyst_params({"muISC": 0.0, "muGamma": 0.0, **content["PVObject_"]})
    args = pvlib.pvsystem.calcparams_pvsyst(1000.0, 25.0, **params)
    ours = float(pvlib.pvsystem.singlediode(*args)["p_mp"])
    if not np.isfinite(ours):
        # lambertw overflows for some thin-film curves (exp of a large Rs*I0 term); bisection does not.
        ours = float(pvlib.pvsystem.singlediode(*args, method="brentq")["p_mp"])
    listed = values["imp_a"] * values["vmp_v"]
    return {"reference_dpmp_pct": abs(ours - listed) / listed * 100}


def finite(out):
    """JSON has no NaN: a figure pvlib could not compute is null, and the file is listed for it."""
    bad = [k for k, v in out.items() if (isinstance(v, float) and not np.isfinite(v))
           or (v is None and k.startswith("max_abs"))]
    errors = [k for k in ("compare_error",) if k in out]
    return {**out, **{k: None for k in bad}, "not_computed": bad + errors}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "file.PAN")
        with open(sys.argv[1]) as cases:
            for line in cases:
                print(json.dumps(finite(check(json.loads(line), path))), flush=False)


if __name__ == "__main__":
    main()
