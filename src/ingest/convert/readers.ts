// The readers the manifest names: how many header rows a file has, the columns it must have, how
// its records become claims, what identifies a product in it, and how a later edition of its list
// is matched to earlier ones.
import type { SourceRecord } from './claims';
import {
  CEC_MODULE_REQUIRED,
  CEC_MODULE_2022_REQUIRED,
  CEC_MODULE_2024_REQUIRED,
  convertCecModules,
  convertCecModulesWithMaker,
  rematchRenamedModules,
  RENAMED_MODULE_RULE,
} from './cec-modules';
import {
  ADR_INVERTER_REQUIRED,
  CEC_INVERTER_2024_REQUIRED,
  SAM_INVERTER_REQUIRED,
  convertAdrInverters,
  convertSamInverters,
} from './cec-inverters';
import { convertSandiaModules, SANDIA_MODULE_REQUIRED, sandiaBaseName } from './sandia-modules';
import { convertHeatPumps, HPLIB_REQUIRED } from './heat-pumps';
import {
  BATTERY_KEY,
  convertBatteries,
  convertWallboxes,
  HISIM_BATTERY_REQUIRED,
  HISIM_WALLBOX_REQUIRED,
  WALLBOX_KEY,
} from './smart-devices';
import { readJsonTable } from './json-table';
import {
  ADR_INVERTER_COLUMNS,
  CEC_INVERTER_2024_COLUMNS,
  CEC_MODULE_COLUMNS,
  CEC_MODULE_2024_COLUMNS,
  HISIM_BATTERY_COLUMNS,
  HISIM_WALLBOX_COLUMNS,
  HPLIB_COLUMNS,
  SAM_INVERTER_COLUMNS,
  SANDIA_MODULE_COLUMNS,
} from '../../catalog/source-columns';
import type { ManufacturerDeriver } from './manufacturer';
import type { Edition } from './editions';
import type { Table } from './table';
import type { SpecName } from '../../catalog/spec-catalog';

export interface Reader {
  /** Header rows of a CSV file (0 for a JSON source, which `read` reads). */
  readonly headerRows: number;
  /** How a file that is not CSV becomes a table; absent: CSV, read by readTable. */
  readonly read?: (filePath: string, sourceId: string) => Table;
  readonly required: readonly string[];
  readonly columns: Readonly<Record<string, string>>;
  readonly convert: (table: Table, deriver: ManufacturerDeriver) => SourceRecord[];
  /** Names the manufacturer deriver learns from (only files without a manufacturer column). */
  readonly derivedNames?: (table: Table) => string[];
  readonly identityRule: string;
  readonly editionFields?: readonly string[];
  readonly rematch?: Edition['rematch'];
}

const SAM_HEADER_ROWS = 3;
const MODULE_IDENTITY = 'The same Name, ignoring case and repeated spaces.';
const INVERTER_IDENTITY = 'The same manufacturer, model and nominal AC voltage, ignoring case and repeated spaces.';
const SAM_EDITION_FIELDS = ['sam_library_version', 'sam_library_date'];

/** A SAM module edition with a Manufacturer column (2022, 2024): renamed makers matched across editions. */
function modulesWithMaker(required: readonly string[], columns: Readonly<Record<string, SpecName>>): Reader {
  return {
    headerRows: SAM_HEADER_ROWS,
    required,
    columns,
    convert: (t) => convertCecModulesWithMaker(t, columns),
    identityRule: MODULE_IDENTITY,
    editionFields: SAM_EDITION_FIELDS,
    rematch: { rule: RENAMED_MODULE_RULE, match: rematchRenamedModules },
  };
}

export const READERS = {
  'cec-modules': {
    headerRows: SAM_HEADER_ROWS,
    required: CEC_MODULE_REQUIRED,
    columns: CEC_MODULE_COLUMNS,
    convert: convertCecModules,
    derivedNames: (table) => table.records.map((r) => r.cell('Name').trim()),
    identityRule: MODULE_IDENTITY,
    editionFields: SAM_EDITION_FIELDS,
  },
  'cec-modules-2022': modulesWithMaker(CEC_MODULE_2022_REQUIRED, CEC_MODULE_COLUMNS),
  'cec-modules-2024': modulesWithMaker(CEC_MODULE_2024_REQUIRED, CEC_MODULE_2024_COLUMNS),
  'sam-inverters': {
    headerRows: SAM_HEADER_ROWS,
    required: SAM_INVERTER_REQUIRED,
    columns: SAM_INVERTER_COLUMNS,
    convert: (t) => convertSamInverters(t),
    identityRule: INVERTER_IDENTITY,
  },
  'cec-inverters-2024': {
    headerRows: SAM_HEADER_ROWS,
    required: CEC_INVERTER_2024_REQUIRED,
    columns: CEC_INVERTER_2024_COLUMNS,
    convert: (t) => convertSamInverters(t, CEC_INVERTER_2024_COLUMNS),
    identityRule: INVERTER_IDENTITY,
  },
  'adr-inverters': {
    headerRows: SAM_HEADER_ROWS,
    required: ADR_INVERTER_REQUIRED,
    columns: ADR_INVERTER_COLUMNS,
    convert: convertAdrInverters,
    identityRule: INVERTER_IDENTITY,
  },
  'sandia-modules': {
    headerRows: SAM_HEADER_ROWS,
    required: SANDIA_MODULE_REQUIRED,
    columns: SANDIA_MODULE_COLUMNS,
    convert: convertSandiaModules,
    derivedNames: (table) => table.records.map((r) => sandiaBaseName(r.cell('Name'))),
    identityRule: 'The same Name without its bracketed vintage, ignoring case and repeated spaces.',
  },
  'hplib-heat-pumps': {
    headerRows: 1,
    required: HPLIB_REQUIRED,
    columns: HPLIB_COLUMNS,
    convert: convertHeatPumps,
    identityRule: 'The same Manufacturer and Model, ignoring case and repeated spaces.',
  },
  'hisim-batteries': {
    headerRows: 0,
    read: (file, id) => readJsonTable(file, id, BATTERY_KEY, HISIM_BATTERY_REQUIRED),
    required: HISIM_BATTERY_REQUIRED,
    columns: HISIM_BATTERY_COLUMNS,
    convert: convertBatteries,
    identityRule: 'The same Manufacturer and Model, ignoring case and repeated spaces.',
  },
  'hisim-wallboxes': {
    headerRows: 0,
    read: (file, id) => readJsonTable(file, id, WALLBOX_KEY, HISIM_WALLBOX_REQUIRED),
    required: HISIM_WALLBOX_REQUIRED,
    columns: HISIM_WALLBOX_COLUMNS,
    convert: convertWallboxes,
    identityRule: 'The same Manufacturer, Name and Charging Power, ignoring case and repeated spaces.',
  },
} as const satisfies Record<string, Reader>;

export type ReaderName = keyof typeof READERS;

/** The fields a reader can claim: identity fields and its mapped columns' specs. */
export function readerFields(reader: Reader): Set<string> {
  return new Set(['manufacturer', 'model', 'name', ...Object.values(reader.columns)]);
}
