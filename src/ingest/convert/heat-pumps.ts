// hplib's heat pump database: one record per Keymark-tested model, with Manufacturer and Model
// columns (915 manufacturer cells carry a trailing space) and hplib's fitted parameters.
import { HPLIB_COLUMNS } from '../../catalog/source-columns';
import type { SourceRecord } from './claims';
import { makerModelRecord } from './maker-model';
import type { Table } from './table';

export const HPLIB_REQUIRED = ['Manufacturer', 'Model', ...Object.keys(HPLIB_COLUMNS)];

export function convertHeatPumps(table: Table): SourceRecord[] {
  return table.records.map((rec) =>
    makerModelRecord(table, rec, { category: 'heat-pump', modelColumn: 'Model', columns: HPLIB_COLUMNS }),
  );
}
