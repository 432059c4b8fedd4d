// Editions of one list print numbers differently: the 2019 CEC files use six decimals (alpha_sc
// 0.004866), the 2024 files six significant digits (0.00486614). Two prints of one value, each
// rounded to its own last digit, differ by at most half a unit of each of those digits, so by at
// most one unit of the coarser one: within that, they are the same value (R_s 0.374166 and 0.374165
// are; R_sh_ref 945.868958 and 945.874 are not).
import type { Claim, ClaimValue } from './claim';

const NUMBER = /^[-+]?(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;

/** The value of one unit in the last printed digit of `raw` ("945.874" -> 0.001, "2.5e-10" -> 1e-11). */
export function printedQuantum(raw: string): number | undefined {
  const m = NUMBER.exec(raw.trim());
  if (!m || (m[1] === '' && !m[2])) return undefined;
  return 10 ** (Number(m[3] ?? 0) - (m[2]?.length ?? 0));
}

// Float noise in |a - b| (both already parsed from decimal text) must not turn a tie into a change.
const RELATIVE_SLACK = 1e-9;

/** Whether two printed numbers state the same value within the coarser printed precision. */
export function samePrintedNumber(a: number, rawA: string, b: number, rawB: string): boolean {
  if (a === b) return true;
  const qa = printedQuantum(rawA);
  const qb = printedQuantum(rawB);
  if (qa === undefined || qb === undefined) return false;
  const unit = Math.max(qa, qb);
  return Math.abs(a - b) <= unit + RELATIVE_SLACK * Math.max(Math.abs(a), Math.abs(b), unit);
}

function sameValue(a: ClaimValue, b: ClaimValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/** Whether two claims for one field state the same value, numbers compared within printed precision. */
export function sameClaimValue(a: Claim | undefined, b: Claim | undefined): boolean {
  if (!a || !b) return a === b;
  if (typeof a.value === 'number' && typeof b.value === 'number')
    return samePrintedNumber(a.value, a.raw, b.value, b.raw);
  return sameValue(a.value, b.value);
}
