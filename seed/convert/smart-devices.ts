// HiSim's smart-device table (hisim/inputs/smart_devices/data_processed/smart_devices.json): a
// hand-collected list of devices a household simulation can pick from, one array per kind. Two of
// them are products of ours: "Battery" (home batteries) and "Wallbox" (EV chargers). Its units are
// implicit and stated by the spec definitions; names keep their typos ("hybrid du o- 7.5 kWh"), since
// a claim is what the cell says; "Price" (shop prices of the time, in EUR) is no product data and is
// never read.
import { HISIM_BATTERY_COLUMNS, HISIM_WALLBOX_COLUMNS } from '../../src/catalog/source-columns';
import { normalizeKeyPart, SourceError, type SourceRecord } from './claims';
import { identityClaim, specClaims, type Table, type TableRecord } from './table';

/** The keys of the table's arrays the two lists are read from. */
export const BATTERY_KEY = 'Battery';
export const WALLBOX_KEY = 'Wallbox';

export const HISIM_BATTERY_REQUIRED = ['Manufacturer', 'Model', 'Capacity'];
export const HISIM_WALLBOX_REQUIRED = ['Manufacturer', 'Name', 'Charging Power'];

function identity(table: Table, rec: TableRecord, modelKey: string): { manufacturer: string; model: string } {
  const manufacturer = rec.cell('Manufacturer').trim();
  const model = rec.cell(modelKey).trim();
  if (!manufacturer || !model) throw new SourceError(table.file, rec.record, `empty Manufacturer or ${modelKey}`);
  return { manufacturer, model };
}

export function convertBatteries(table: Table): SourceRecord[] {
  return table.records.map((rec) => {
    const { manufacturer, model } = identity(table, rec, 'Model');
    return {
      key: `home-battery|${normalizeKeyPart(manufacturer)}|${normalizeKeyPart(model)}`,
      category: 'home-battery',
      manufacturer,
      model,
      variant: '',
      name: `${manufacturer} ${model}`,
      source_id: table.sourceId,
      record: rec.record,
      claims: [
        identityClaim(table, rec, 'manufacturer', manufacturer, 'Manufacturer'),
        identityClaim(table, rec, 'model', model, 'Model'),
        ...specClaims(table, rec, HISIM_BATTERY_COLUMNS),
      ],
    };
  });
}

/**
 * Wallboxes are told apart by their charging power too: go-e's "Charger HOMEfix" is listed at 11 kW
 * and at 22 kW, two models sold under one name.
 */
export function convertWallboxes(table: Table): SourceRecord[] {
  return table.records.map((rec) => {
    const { manufacturer, model } = identity(table, rec, 'Name');
    const power = Number(rec.cell('Charging Power'));
    if (!(power > 0))
      throw new SourceError(table.file, rec.record, `Charging Power '${rec.cell('Charging Power')}' is not a power`);
    const variant = `${power} kW`;
    return {
      key: `ev-charger|${normalizeKeyPart(manufacturer)}|${normalizeKeyPart(model)}|${variant.toLowerCase()}`,
      category: 'ev-charger',
      manufacturer,
      model,
      variant,
      name: `${manufacturer} ${model}`,
      source_id: table.sourceId,
      record: rec.record,
      claims: [
        identityClaim(table, rec, 'manufacturer', manufacturer, 'Manufacturer'),
        identityClaim(table, rec, 'model', model, 'Name'),
        ...specClaims(table, rec, HISIM_WALLBOX_COLUMNS),
      ],
    };
  });
}
