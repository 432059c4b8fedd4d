// hplib's heat pump database: one record per Keymark-tested model, with Manufacturer and Model
// columns (915 manufacturer cells carry a trailing space) and hplib's fitted parameters.
import { HPLIB_COLUMNS } from '../../src/catalog/source-columns';
import { normalizeKeyPart, SourceError, type SourceRecord } from './claims';
import { identityClaim, specClaims, type Table } from './table';

export const HPLIB_REQUIRED = ['Manufacturer', 'Model', ...Object.keys(HPLIB_COLUMNS)];

export function convertHeatPumps(table: Table): SourceRecord[] {
  return table.records.map((rec) => {
    const manufacturer = rec.cell('Manufacturer').trim();
    const model = rec.cell('Model').trim();
    if (!manufacturer || !model) throw new SourceError(table.file, rec.record, 'empty Manufacturer or Model');
    return {
      key: `heat-pump|${normalizeKeyPart(manufacturer)}|${normalizeKeyPart(model)}`,
      category: 'heat-pump',
      manufacturer,
      model,
      variant: '',
      name: `${manufacturer} ${model}`,
      source_id: table.sourceId,
      record: rec.record,
      claims: [
        identityClaim(table, rec, 'manufacturer', manufacturer, 'Manufacturer'),
        identityClaim(table, rec, 'model', model, 'Model'),
        ...specClaims(table, rec, HPLIB_COLUMNS),
      ],
    };
  });
}
