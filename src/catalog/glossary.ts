// Every spec in one glossary: what it means, its unit, the products that carry it, the column it
// comes from in each list's file, and pvlib's name for it where pvlib has one. The OpenAPI document
// carries it on each spec (`x-pvlib-name`, `x-source-columns`), GET /api/v1/specs serves it, and the
// Python package renames by it, so there is one mapping.
import { DERIVED_CATEGORY, DERIVED_SPECS, SPECS, SPEC_NAMES, type Category, type SpecName } from './spec-catalog';
import { SPEC_LABELS } from './spec-labels';
import {
  ADR_INVERTER_COLUMNS,
  CEC_INVERTER_2024_COLUMNS,
  CEC_MODULE_2024_COLUMNS,
  CEC_MODULE_COLUMNS,
  HISIM_BATTERY_COLUMNS,
  HISIM_WALLBOX_COLUMNS,
  HPLIB_COLUMNS,
  SAM_INVERTER_COLUMNS,
  SANDIA_MODULE_COLUMNS,
} from './source-columns';

/** The files the lists come in, by the reader that reads them (seed/manifest.json names one per source). */
export const SOURCE_FORMATS = {
  'cec-modules': { list: 'cec-modules', category: 'pv-module', columns: CEC_MODULE_COLUMNS },
  'cec-modules-2022': { list: 'cec-modules', category: 'pv-module', columns: CEC_MODULE_COLUMNS },
  'cec-modules-2024': { list: 'cec-modules', category: 'pv-module', columns: CEC_MODULE_2024_COLUMNS },
  'sam-inverters': { list: 'cec-inverters', category: 'inverter', columns: SAM_INVERTER_COLUMNS },
  'cec-inverters-2024': { list: 'cec-inverters', category: 'inverter', columns: CEC_INVERTER_2024_COLUMNS },
  'adr-inverters': { list: 'adr-inverters', category: 'inverter', columns: ADR_INVERTER_COLUMNS },
  'sandia-modules': { list: 'sandia-modules', category: 'pv-module', columns: SANDIA_MODULE_COLUMNS },
  'hplib-heat-pumps': { list: 'hplib-heat-pumps', category: 'heat-pump', columns: HPLIB_COLUMNS },
  'hisim-batteries': { list: 'hisim-batteries', category: 'home-battery', columns: HISIM_BATTERY_COLUMNS },
  'hisim-wallboxes': { list: 'hisim-wallboxes', category: 'ev-charger', columns: HISIM_WALLBOX_COLUMNS },
} as const satisfies Record<string, { list: string; category: Category; columns: Readonly<Record<string, SpecName>> }>;

/**
 * pvlib's tables, as `pvlib.pvsystem.retrieve_sam` names them, and the file format whose column
 * names are their parameter names (pvlib ships the SAM library of 2019).
 */
export const PVLIB_TABLES = { CECMod: 'cec-modules', CECInverter: 'sam-inverters' } as const;
export type PvlibTable = keyof typeof PVLIB_TABLES;

export interface GlossaryEntry {
  readonly name: SpecName;
  /** A short name for people (spec-labels.ts): "STC power", "MPPT low". */
  readonly label: string;
  readonly type: string;
  readonly unit?: string;
  readonly description: string;
  readonly categories: Category[];
  /** pvlib's parameter name per table (`{"CECMod": "a_ref"}`); empty where pvlib has none. */
  readonly pvlib: Partial<Record<PvlibTable, string>>;
  /** Every column the spec is read from: the file format, its list and the column's name there. */
  readonly sources: { readonly format: string; readonly list: string; readonly column: string }[];
  /** A derived spec's formula (its claims carry `method: derived` and this as their derivation). */
  readonly derived?: string;
}

function entry(name: SpecName): GlossaryEntry {
  const def = SPECS[name] as { type: string; unit?: string; description: string };
  const sources = Object.entries(SOURCE_FORMATS).flatMap(([format, f]) =>
    Object.entries(f.columns)
      .filter(([, spec]) => spec === name)
      .map(([column]) => ({ format, list: f.list, column, category: f.category })),
  );
  const pvlib: Partial<Record<PvlibTable, string>> = {};
  for (const [table, format] of Object.entries(PVLIB_TABLES) as [PvlibTable, string][]) {
    const column = sources.find((s) => s.format === format)?.column;
    if (column) pvlib[table] = column;
  }
  return {
    name,
    label: SPEC_LABELS[name],
    type: def.type,
    ...(def.unit ? { unit: def.unit } : {}),
    description: def.description,
    categories: [
      ...new Set([...sources.map((s) => s.category), ...(DERIVED_CATEGORY[name] ? [DERIVED_CATEGORY[name]] : [])]),
    ],
    pvlib,
    sources: sources.map(({ format, list, column }) => ({ format, list, column })),
    ...(DERIVED_SPECS[name] ? { derived: DERIVED_SPECS[name] } : {}),
  };
}

export const GLOSSARY: readonly GlossaryEntry[] = SPEC_NAMES.map(entry);
