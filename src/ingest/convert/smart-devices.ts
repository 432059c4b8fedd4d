// HiSim's smart-device table (hisim/inputs/smart_devices/data_processed/smart_devices.json): a
// hand-collected list of devices a household simulation can pick from, one array per kind. Two of
// them are products of ours: "Battery" (home batteries) and "Wallbox" (EV chargers). Its units are
// implicit and stated by the spec definitions; names keep their typos ("hybrid du o- 7.5 kWh"), since
// a claim is what the cell says; "Price" (shop prices of the time, in EUR) is no product data and is
// never read.
import { HISIM_BATTERY_COLUMNS, HISIM_WALLBOX_COLUMNS } from '../../catalog/source-columns';
import { SourceError, type SourceRecord } from './claims';
import { makerModelRecord } from './maker-model';
import type { Table } from './table';

/** The keys of the table's arrays the two lists are read from. */
export const BATTERY_KEY = 'Battery';
export const WALLBOX_KEY = 'Wallbox';

export const HISIM_BATTERY_REQUIRED = ['Manufacturer', 'Model', 'Capacity'];
export const HISIM_WALLBOX_REQUIRED = ['Manufacturer', 'Name', 'Charging Power'];

export function convertBatteries(table: Table): SourceRecord[] {
  return table.records.map((rec) =>
    makerModelRecord(table, rec, { category: 'home-battery', modelColumn: 'Model', columns: HISIM_BATTERY_COLUMNS }),
  );
}

/**
 * Wallboxes are told apart by their charging power too: go-e's "Charger HOMEfix" is listed at 11 kW
 * and at 22 kW, two models sold under one name.
 */
export function convertWallboxes(table: Table): SourceRecord[] {
  return table.records.map((rec) =>
    makerModelRecord(table, rec, {
      category: 'ev-charger',
      modelColumn: 'Name',
      columns: HISIM_WALLBOX_COLUMNS,
      variant: (r) => {
        const power = Number(r.cell('Charging Power'));
        if (!(power > 0))
          throw new SourceError(table.file, r.record, `Charging Power '${r.cell('Charging Power')}' is not a power`);
        return `${power} kW`;
      },
    }),
  );
}
