// NREL's PVWatts inverter model (Dobos 2014, "PVWatts Version 5 Manual", NREL/TP-6A20-62641), as
// pvlib.inverter.pvwatts computes it (pvlib 0.16.1): a generic efficiency shape scaled by the
// nominal efficiency, for any inverter with a rated AC power.
//   ζ = Pdc / Pdc0, Pdc0 = Pac0 / η_nom, η = η_nom / η_ref (−0.0162 ζ − 0.0059 / ζ + 0.9858)
//   Pac = min(η Pdc, η_nom Pdc0), at least 0.
import { risingRoot } from '../catalog/sandia-inverter';

export interface PvwattsInverter {
  /** The DC input limit, Pdc0 = rated AC power / nominal efficiency. */
  readonly pdc0: number;
  readonly eta_inv_nom: number;
  readonly eta_inv_ref: number;
}

/** pvlib's (and PVWatts') defaults. */
export const PVWATTS_ETA_NOM = 0.96;
export const PVWATTS_ETA_REF = 0.9637;

/** AC power before the limits: η Pdc (0 at 0 W, where pvlib leaves η at 0). */
export function pvwattsUnlimited(inv: PvwattsInverter, pDc: number): number {
  const zeta = pDc / inv.pdc0;
  const eta = (inv.eta_inv_nom / inv.eta_inv_ref) * (-0.0162 * zeta - (pDc === 0 ? 0 : 0.0059 / zeta) + 0.9858);
  return eta * pDc;
}

/** AC power as pvlib.inverter.pvwatts gives it. */
export function pvwattsAcPower(inv: PvwattsInverter, pDc: number): number {
  return Math.max(0, Math.min(inv.eta_inv_nom * inv.pdc0, pvwattsUnlimited(inv, pDc)));
}

/** The DC power giving `acW`: Pac = r Pdc0 (−0.0162 ζ² + 0.9858 ζ − 0.0059), r = η_nom / η_ref. */
export function pvwattsDcPowerFor(inv: PvwattsInverter, acW: number): number | undefined {
  const scale = (inv.eta_inv_nom / inv.eta_inv_ref) * inv.pdc0;
  const zeta = risingRoot(0.9858, -0.0162, acW / scale + 0.0059);
  return Number.isNaN(zeta) ? undefined : zeta * inv.pdc0;
}
