// Sandia module library: names end in "[year]", the test year; the same module may be listed for
// several years. Only the electrical ratings and geometry are taken (the model coefficients are
// Sandia-model specific). Pmax is derived as Impo x Vmpo.
import { SANDIA_MODULE_COLUMNS } from '../../catalog/source-columns';
import { SourceError, type SourceRecord } from './claims';
import { moduleKey } from './cec-modules';
import { MANUFACTURER_DERIVATION, type ManufacturerDeriver } from './manufacturer';
import { identityClaim, locate, specClaims, type Table, type TableRecord } from './table';
import { moduleDerivedClaims } from './module-derived';

export const SANDIA_MODULE_REQUIRED = ['Name', ...Object.keys(SANDIA_MODULE_COLUMNS)];

export function sandiaBaseName(name: string): string {
  return name.replace(/\s*\[[^\]]*\]\s*$/, '').trim();
}

export function convertSandiaModules(table: Table, deriver: ManufacturerDeriver): SourceRecord[] {
  return table.records.map((rec) => {
    const rawName = rec.cell('Name').trim();
    const name = sandiaBaseName(rawName);
    if (!name) throw new SourceError(table.file, rec.record, 'empty Name');
    const { manufacturer, model } = deriver.split(name);
    const claims = [
      identityClaim(table, rec, { field: 'name', value: rawName, column: 'Name' }),
      identityClaim(table, rec, {
        field: 'manufacturer',
        value: manufacturer,
        column: 'Name',
        derivation: MANUFACTURER_DERIVATION,
      }),
      identityClaim(table, rec, {
        field: 'model',
        value: model,
        column: 'Name',
        derivation: 'Derived from Name: the words after the derived manufacturer, without the trailing [year].',
      }),
      ...specClaims(table, rec, SANDIA_MODULE_COLUMNS),
    ];
    const power = derivedPower(table, rec, claims);
    return {
      key: moduleKey(name),
      category: 'pv-module',
      manufacturer,
      model,
      variant: '',
      name: rawName,
      source_id: table.sourceId,
      record: rec.record,
      claims: power ? [...claims, power, ...moduleDerivedClaims(table, rec, [...claims, power])] : claims,
    };
  });
}

function derivedPower(table: Table, rec: TableRecord, claims: SourceRecord['claims']) {
  const imp = claims.find((c) => c.field === 'imp_a')?.value;
  const vmp = claims.find((c) => c.field === 'vmp_v')?.value;
  if (typeof imp !== 'number' || typeof vmp !== 'number') return undefined;
  return {
    field: 'stc_power_w' as const,
    value: Math.round(imp * vmp * 1000) / 1000,
    unit: 'W',
    raw: `${rec.cell('Impo')} x ${rec.cell('Vmpo')}`,
    source_id: table.sourceId,
    locator: locate(table, rec, 'Impo,Vmpo'),
    method: 'derived' as const,
    derivation: 'Impo x Vmpo (maximum-power current times voltage at reference conditions), rounded to 1 mW.',
  };
}
