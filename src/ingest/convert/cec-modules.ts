// CEC PV module list as shipped in the SAM library. The 2019 edition has no manufacturer column
// (derived from Name); the 2024 edition has one, and every Name starts with it.
import { CEC_MODULE_COLUMNS, CEC_MODULE_2024_COLUMNS } from '../../catalog/source-columns';
import type { SpecName } from '../../catalog/spec-catalog';
import { normalizeKeyPart, SourceError, type Claim, type SourceRecord } from './claims';
import { MANUFACTURER_DERIVATION, type ManufacturerDeriver } from './manufacturer';
import { identityClaim, specClaims, type Table, type TableRecord } from './table';
import { firstClaims, type Rematch } from './editions';
import { moduleDerivedClaims } from './module-derived';
import { sameClaimValue } from '../../catalog/precision';

export const CEC_MODULE_REQUIRED = ['Name', ...Object.keys(CEC_MODULE_COLUMNS)];
export const CEC_MODULE_2024_REQUIRED = ['Name', 'Manufacturer', ...Object.keys(CEC_MODULE_2024_COLUMNS)];
/** The 2022 edition (bifacial_radiance 0.5.4): the 2019 columns (gamma_r) plus a Manufacturer column. */
export const CEC_MODULE_2022_REQUIRED = ['Name', 'Manufacturer', ...Object.keys(CEC_MODULE_COLUMNS)];

export function moduleKey(name: string): string {
  return `pv-module|${normalizeKeyPart(name)}`;
}

interface ModuleIdentity {
  readonly name: string;
  readonly manufacturer: string;
  readonly model: string;
  /** Where the manufacturer was read: its own column, or derived from Name (with how). */
  readonly manufacturerFrom: { column: string; derivation?: string };
  readonly modelDerivation: string;
}

function moduleRecord(
  table: Table,
  rec: TableRecord,
  id: ModuleIdentity,
  columns: Readonly<Record<string, SpecName>>,
): SourceRecord {
  const specs = specClaims(table, rec, columns);
  return {
    key: moduleKey(id.name),
    category: 'pv-module',
    manufacturer: id.manufacturer,
    model: id.model,
    variant: '',
    name: id.name,
    source_id: table.sourceId,
    record: rec.record,
    claims: [
      identityClaim(table, rec, { field: 'name', value: id.name, column: 'Name' }),
      identityClaim(table, rec, {
        field: 'manufacturer',
        value: id.manufacturer,
        column: id.manufacturerFrom.column,
        derivation: id.manufacturerFrom.derivation,
      }),
      identityClaim(table, rec, { field: 'model', value: id.model, column: 'Name', derivation: id.modelDerivation }),
      ...specs,
      ...moduleDerivedClaims(table, rec, specs),
    ],
  };
}

export function convertCecModules(table: Table, deriver: ManufacturerDeriver): SourceRecord[] {
  return table.records.map((rec) => {
    const name = rec.cell('Name').trim();
    const { manufacturer, model } = deriver.split(name);
    const modelDerivation = 'Derived from Name: the words after the derived manufacturer.';
    return moduleRecord(
      table,
      rec,
      {
        name,
        manufacturer,
        model,
        manufacturerFrom: { column: 'Name', derivation: MANUFACTURER_DERIVATION },
        modelDerivation,
      },
      CEC_MODULE_COLUMNS,
    );
  });
}

/** An edition with a Manufacturer column (2022, 2024): every Name starts with it. */
export function convertCecModulesWithMaker(
  table: Table,
  columns: Readonly<Record<string, SpecName>> = CEC_MODULE_2024_COLUMNS,
): SourceRecord[] {
  return table.records.map((rec) => {
    const name = rec.cell('Name').trim();
    const manufacturer = rec.cell('Manufacturer').trim();
    if (!manufacturer || !name.startsWith(`${manufacturer} `))
      throw new SourceError(
        table.file,
        rec.record,
        `Name '${name}' does not start with its Manufacturer '${manufacturer}'`,
      );
    const model = name.slice(manufacturer.length).trim();
    const modelDerivation = 'Derived from Name: the words after the Manufacturer column.';
    return moduleRecord(
      table,
      rec,
      { name, manufacturer, model, manufacturerFrom: { column: 'Manufacturer' }, modelDerivation },
      columns,
    );
  });
}

const RATINGS: readonly SpecName[] = ['stc_power_w', 'voc_v', 'isc_a', 'vmp_v', 'imp_a', 'cells_in_series'];

export const RENAMED_MODULE_RULE =
  'A name new to the list whose model (the Name after the Manufacturer column, with a digit in it) is the end of a name only earlier editions list, ' +
  'with the same STC power, Voc, Isc, Vmp, Imp and cells in series within printed precision as every edition that listed that name, and no other candidate on either side: ' +
  'the same module listed under a renamed maker.';

function sameRatings(a: readonly Claim[], b: readonly Claim[]): boolean {
  const x = firstClaims(a);
  const y = firstClaims(b);
  return RATINGS.every((field) => x.has(field) && y.has(field) && sameClaimValue(x.get(field), y.get(field)));
}

/** Renamed makers: see RENAMED_MODULE_RULE. Returns new key -> older key. */
export const rematchRenamedModules: Rematch = (fresh, older) => {
  const bySuffix = new Map<string, string[]>();
  for (const [key, states] of older) {
    const claims = states[states.length - 1];
    const words = normalizeKeyPart(String(claims.find((c) => c.field === 'name')?.value ?? '')).split(' ');
    for (let k = 1; k < words.length; k++) {
      const suffix = words.slice(k).join(' ');
      const keys = bySuffix.get(suffix);
      if (keys) keys.push(key);
      else bySuffix.set(suffix, [key]);
    }
  }
  const proposed = new Map<string, string>();
  const claimed = new Map<string, number>();
  for (const [key, records] of fresh) {
    const model = normalizeKeyPart(records[0].model);
    if (!/[0-9]/.test(model)) continue;
    // Every edition that listed the older name must agree: a module whose cell count an edition
    // corrected is not matched to a name only the corrected edition would agree with.
    const candidates = (bySuffix.get(model) ?? []).filter((k) =>
      older.get(k)!.every((claims) => sameRatings(claims, records[0].claims)),
    );
    if (candidates.length !== 1) continue;
    proposed.set(key, candidates[0]);
    claimed.set(candidates[0], (claimed.get(candidates[0]) ?? 0) + 1);
  }
  return new Map([...proposed].filter(([, old]) => claimed.get(old) === 1));
};
