// Cell values: blank and "n/a" mean absent (never zero); "NaN" is not absence but a number that could
// not be written, so it is refused like any malformed cell; numbers must parse completely; a list is
// written the way numpy prints an array ("[ 0.01385  0.0152  -0.01872]", line breaks allowed), or as
// a hand-written table writes alternatives ("5/7.5", or one number).
import { SPECS, type SpecName } from '../../catalog/spec-catalog';
import type { ClaimValue } from './claims';

const ABSENT = /^(|n\/a|na|none|null|-)$/i;

export function isAbsent(raw: string): boolean {
  return ABSENT.test(raw.trim());
}

/** Parses a cell for a spec; undefined when absent; throws with a reason when malformed. */
export function parseCell(spec: SpecName, raw: string): ClaimValue | undefined {
  const cell = raw.trim();
  if (isAbsent(cell)) return undefined;
  const def = SPECS[spec];
  switch (def.type) {
    case 'number':
    case 'integer': {
      const value = Number(cell);
      if (!Number.isFinite(value)) throw new Error(`'${cell}' is not a number`);
      if (def.type === 'integer' && !Number.isInteger(value)) throw new Error(`'${cell}' is not a whole number`);
      return value;
    }
    case 'boolean':
      if (/^(1|y|yes|true)$/i.test(cell)) return true;
      if (/^(0|n|no|false)$/i.test(cell)) return false;
      throw new Error(`'${cell}' is not a yes/no value`);
    case 'number-list':
      return numberList(cell);
    case 'text':
      return DATE_SPECS.has(spec) ? isoDate(cell) : cell;
  }
}

const SLASHED = /^\d+(\.\d+)?(\/\d+(\.\d+)?)*$/;

const DATE_SPECS = new Set<SpecName>(['cec_listing_date', 'sam_library_date', 'keymark_date']);

function numberList(cell: string): number[] {
  if (SLASHED.test(cell)) return cell.split('/').map(Number);
  const m = /^\[([^[\]]*)\]$/.exec(cell);
  if (!m) throw new Error(`'${cell}' is not a bracketed list of numbers`);
  const items = m[1].trim().split(/\s+/).filter(Boolean);
  const values = items.map(Number);
  if (items.length === 0 || values.some((v) => !Number.isFinite(v)))
    throw new Error(`'${cell}' is not a bracketed list of numbers`);
  return values;
}

/** CEC dates are written M/D/YYYY; hplib's already YYYY-MM-DD. */
function isoDate(cell: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(cell)) return cell;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  if (!m) throw new Error(`'${cell}' is not a M/D/YYYY date`);
  return `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}
