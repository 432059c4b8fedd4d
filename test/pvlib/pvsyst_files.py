"""pvlib's view of the service's PVsyst files (test/api/pvsyst.test.ts).

Reads JSON on stdin: {"sources": dir, "cases": [{"kind": "pan"|"ond", "text": file,
"inputs": {spec: locator}}]}. Each file is written out and read back with
pvlib.iotools.read_panond. A .PAN whose inputs name the CEC single-diode cells is compared, at the
24 IEC 61853-1 points, with the CEC model computed from those cells (calcparams_cec + singlediode):
the file is read as PVsyst reads it (calcparams_pvsyst, I_L_ref and I_o_ref rebuilt from its Isc and
Voc at GRef/TRef). A .OND's profile nodes are compared with pvlib.inverter.sandia computed from the
row's cells (pvlib.inverter.adr with the ADR library's record for an inverter only it models). Prints {"results": [...]}: per case, the keys read, whether "nan" appears, and the max
and RMS |dPmp| in % (.PAN) or the max |dPac| in % of Paco (.OND).
"""
import json
import os
import re
import sys
import tempfile

import numpy as np
import pvlib
from scipy import constants

sys.path.insert(0, os.path.dirname(__file__))
from reference import cell  # noqa: E402

NAN = re.compile(r"[=,]\s*nan\s*(,|\r?$)", re.I | re.M)
POINTS = [(g, t) for g in (100, 200, 400, 600, 800, 1000, 1100) for t in (15, 25, 50, 75)
          if (g, t) not in {(1100, 15), (200, 75), (100, 50), (100, 75)}]
CEC = {"a_ref_v": "a_ref", "il_ref_a": "I_L_ref", "io_ref_a": "I_o_ref", "rs_ohm": "R_s",
       "rsh_ref_ohm": "R_sh_ref", "alpha_isc_a_per_k": "alpha_sc", "adjust_pct": "Adjust"}
SANDIA = {"ac_power_w": "Paco", "dc_power_w": "Pdco", "nominal_dc_voltage_v": "Vdco",
          "self_consumption_w": "Pso", "sandia_c0_per_w": "C0", "sandia_c1_per_v": "C1",
          "sandia_c2_per_v": "C2", "sandia_c3_per_v": "C3", "night_tare_w": "Pnt"}
ADR = {"dc_power_w": "Pnom", "nominal_dc_voltage_v": "Vnom", "ac_power_w": "Pacmax", "night_tare_w": "Pnt",
       "adr_coefficients": "ADRCoefficients", "min_operating_dc_voltage_v": "Vmin",
       "max_operating_dc_voltage_v": "Vmax", "max_dc_voltage_v": "Vdcmax", "mppt_low_v": "MPPTLow",
       "mppt_high_v": "MPPTHi"}


def read(text):
    with tempfile.NamedTemporaryFile("w", suffix=".PAN", delete=False, newline="") as f:
        f.write(text)
    try:
        return pvlib.iotools.read_panond(f.name)
    finally:
        os.unlink(f.name)


def pvsyst_params(m):
    """The file's model as PVsyst reads it: I_L_ref and I_o_ref from Isc and Voc."""
    ns, gamma, rs = m["NCelS"], m["Gamma"], m["RSerie"]
    rsh = pvlib.pvsystem._pvsyst_Rsh(1000, m["RShunt"], m["Rp_0"], m["Rp_Exp"])
    a = gamma * constants.k / constants.e * ns * (25 + 273.15)
    isc, voc = m["Isc"], m["Voc"]
    io = (isc * (1 + rs / rsh) - voc / rsh) / (np.exp(voc / a) - np.exp(isc * rs / a))
    il = voc / rsh + io * np.expm1(voc / a)
    return dict(alpha_sc=m["muISC"] / 1000, gamma_ref=gamma, mu_gamma=m["muGamma"], I_L_ref=il,
                I_o_ref=io, R_sh_ref=m["RShunt"], R_sh_0=m["Rp_0"], R_s=rs, cells_in_series=ns,
                R_sh_exp=m["Rp_Exp"])


def pan(sources, case, content):
    return pan_against_cec({spec: cell(sources, loc) for spec, loc in case["inputs"].items()}, content)


def pan_against_cec(values, content):
    """max and RMS |dPmp| (%) between the file as PVsyst reads it and the CEC model of `values` (specs)."""
    m = content["PVObject_"]
    g = np.array([p[0] for p in POINTS], dtype=float)
    t = np.array([p[1] for p in POINTS], dtype=float)
    cec = pvlib.pvsystem.calcparams_cec(g, t, **{CEC[s]: v for s, v in values.items() if s in CEC})
    ref = pvlib.pvsystem.singlediode(*cec)["p_mp"]
    ours = pvlib.pvsystem.singlediode(*pvlib.pvsystem.calcparams_pvsyst(g, t, **pvsyst_params(m)))["p_mp"]
    d = np.abs(ours - ref) / ref * 100
    return {"max_abs_dpmp_pct": float(d.max()), "rms_dpmp_pct": float(np.sqrt((d ** 2).mean()))}


def ond(sources, case, content):
    values = {s: cell(sources, loc) for s, loc in case["inputs"].items()}
    return ond_against_model(values, content)


def ond_against_model(specs, content):
    """A CEC row's file against pvlib.inverter.sandia; an ADR-only inverter's against pvlib.inverter.adr."""
    if "sandia_c0_per_w" in specs:
        return ond_against_sandia(specs, content)
    return ond_against_adr(specs, content)


def profiles_of(conv, nominal):
    if "VNomEff" in conv:
        return [(v, conv[f"ProfilPIOV{i + 1}"]) for i, v in enumerate(conv["VNomEff"])]
    return [(nominal, conv["ProfilPIO"])]


def worst_node(profiles, model, rated):
    """max |dPac| (% of the AC rating) over every node of every profile, and the count of nodes."""
    worst, nodes = 0.0, 0
    for v, prof in profiles:
        for k in range(1, prof["NPtsEff"] + 1):
            pdc, pac = prof[f"Point_{k}"]
            reference = float(model(v, pdc))
            if not np.isfinite(reference):  # max() would pass over a nan: a node pvlib cannot evaluate is said
                return {"max_abs_dpac_pct_of_paco": None, "nan_at": [v, pdc], "profiles": len(profiles)}
            worst = max(worst, abs(pac - reference) / rated * 100)
            nodes += 1
    return {"max_abs_dpac_pct_of_paco": worst, "nodes": nodes, "profiles": len(profiles)}


def ond_against_sandia(specs, content):
    """The file's profile nodes against pvlib.inverter.sandia of `specs`."""
    values = {SANDIA[s]: v for s, v in specs.items() if s in SANDIA}
    values.setdefault("Pnt", 0.0)
    profiles = profiles_of(content["PVObject_"]["Converter"], values["Vdco"])
    return {"model": "sandia",
            **worst_node(profiles, lambda v, p: pvlib.inverter.sandia(v, p, values), values["Paco"])}


def ond_against_adr(specs, content):
    """The file's profile nodes against pvlib.inverter.adr of the ADR library's record `specs`."""
    values = {k: float("nan") for k in ("Vmin", "Vmax", "Vdcmax", "MPPTLow", "MPPTHi")}
    values.update({ADR[s]: v for s, v in specs.items() if s in ADR})
    profiles = profiles_of(content["PVObject_"]["Converter"], values["Vnom"])
    return {"model": "adr",
            **worst_node(profiles, lambda v, p: pvlib.inverter.adr(v, p, values), values["Pacmax"])}


def flat(d, prefix=""):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from flat(v, f"{prefix}{k}/")
        else:
            yield f"{prefix}{k}", v


def main():
    request = json.load(sys.stdin)
    results = []
    for case in request["cases"]:
        content = read(case["text"])
        values = dict(flat(content))
        out = {"keys": len(values), "nan": bool(NAN.search(case["text"])),
               "non_numbers": [k for k, v in values.items()
                               if isinstance(v, float) and not np.isfinite(v)]}
        if case["kind"] == "pan" and case["inputs"]:
            out.update(pan(request["sources"], case, content))
        if case["kind"] == "ond":
            out.update(ond(request["sources"], case, content))
        results.append(out)
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main()
