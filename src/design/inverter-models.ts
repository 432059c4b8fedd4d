// The three inverter models behind one face: AC power at a DC voltage and power as pvlib gives it,
// the same before clipping and the floor, the DC power a given AC output takes, and what the model
// calls its rated output, start and voltage window. The inverter performance operation and the
// efficiency curves read only this.
import { adrAcPower, adrDcPowerFor, adrUnlimited, adrVoltageRange, type AdrInverter } from '../catalog/adr-inverter';
import { pvwattsAcPower, pvwattsDcPowerFor, pvwattsUnlimited, type PvwattsInverter } from './pvwatts-inverter-model';
import { sandiaAcPower, sandiaDcPowerFor, sandiaUnlimited, type SandiaInverter } from './sandia-inverter-model';

export type InverterModelName = 'sandia' | 'adr' | 'pvwatts';

export interface InverterModel {
  readonly name: InverterModelName;
  /** The rated AC output the model clips at (Paco, Pacmax, or η_nom Pdc0). */
  readonly ratedAcW: number;
  /** AC power as pvlib gives it; NaN where pvlib does (ADR outside its voltage range). */
  ac(vDc: number, pDc: number): number;
  /** AC power before clipping and the night-tare or zero floor. */
  unlimited(vDc: number, pDc: number): number;
  /** The DC power giving `acW` on the rising branch of the curve, if it reaches it. */
  dcFor(vDc: number, acW: number): number | undefined;
  /** Below this AC output (before the floor) the inverter is not inverting: −|Pnt|, or 0 for PVWatts. */
  readonly floorW: number;
  /** Sandia's start power Pso, below which pvlib puts out the night tare whatever the curve says. */
  readonly startW?: number;
  /** The voltages between which the model is evaluated at all (ADR); pvlib gives NaN outside. */
  readonly voltageRange?: { readonly low: number; readonly high: number };
}

export function sandiaModel(inv: SandiaInverter): InverterModel {
  return {
    name: 'sandia',
    ratedAcW: inv.Paco,
    ac: (v, p) => sandiaAcPower(inv, v, p),
    unlimited: (v, p) => sandiaUnlimited(inv, v, p),
    dcFor: (v, ac) => sandiaDcPowerFor(inv, v, ac),
    floorW: -Math.abs(inv.Pnt),
    startW: inv.Pso,
  };
}

export function adrModel(inv: AdrInverter): InverterModel {
  return {
    name: 'adr',
    ratedAcW: inv.Pacmax,
    ac: (v, p) => adrAcPower(inv, v, p),
    unlimited: (v, p) => adrUnlimited(inv, v, p),
    dcFor: (v, ac) => adrDcPowerFor(inv, v, ac),
    floorW: -Math.abs(inv.Pnt),
    voltageRange: adrVoltageRange(inv),
  };
}

export function pvwattsModel(inv: PvwattsInverter): InverterModel {
  return {
    name: 'pvwatts',
    ratedAcW: inv.eta_inv_nom * inv.pdc0,
    ac: (_v, p) => pvwattsAcPower(inv, p),
    unlimited: (_v, p) => pvwattsUnlimited(inv, p),
    dcFor: (_v, ac) => pvwattsDcPowerFor(inv, ac),
    floorW: 0,
  };
}
