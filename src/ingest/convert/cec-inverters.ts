// CEC inverter list (SAM library) and the CEC-derived ADR inverter library. SAM names read
// "Manufacturer: Model [240V]" (292 lack the bracket, 288 of them with Vac 0); ADR has Manufacturer and Model columns. An
// inverter is identified by manufacturer, model and nominal AC voltage, so a model listed for 208 V
// and 240 V is two products, and the same model in both files is one.
import { ADR_INVERTER_COLUMNS, CEC_INVERTER_2024_COLUMNS, SAM_INVERTER_COLUMNS } from '../../catalog/source-columns';
import type { SpecName } from '../../catalog/spec-catalog';
import { normalizeKeyPart, SourceError, type SourceRecord } from './claims';
import { inverterDerivedClaims } from './inverter-derived';
import { identityClaim, specClaims, type AbsentWhen, type Table, type TableRecord } from './table';

export const SAM_INVERTER_REQUIRED = ['Name', ...Object.keys(SAM_INVERTER_COLUMNS)];
export const CEC_INVERTER_2024_REQUIRED = ['Name', ...Object.keys(CEC_INVERTER_2024_COLUMNS)];
export const ADR_INVERTER_REQUIRED = ['Name', 'Manufacturer', 'Model', ...Object.keys(ADR_INVERTER_COLUMNS)];

const SAM_NAME = /^([^:]+):\s*(.+?)\s*(?:\[([^\]]*)\])?\s*$/;

// Both files write Vac 0 (or leave it blank) for central inverters listed without an AC voltage, and
// two Schneider models give a range ("422-528"): neither is a nominal voltage, so neither is claimed
// as one; a range still tells the variant apart.
const VAC_RANGE = /^\d+(\.\d+)?-\d+(\.\d+)?$/;
const vacNotNominal: AbsentWhen = (column, raw) =>
  column === 'Vac' && (Number(raw) === 0 || VAC_RANGE.test(raw.trim()));

function variantOf(table: Table, rec: TableRecord): string {
  const cell = rec.cell('Vac').trim();
  if (cell === '' || Number(cell) === 0) return '';
  if (VAC_RANGE.test(cell)) return `${cell}V`;
  const vac = Number(cell);
  if (!Number.isFinite(vac) || vac < 0)
    throw new SourceError(table.file, rec.record, `column Vac: '${cell}' is not a voltage`);
  return `${vac}V`;
}

function inverterKey(manufacturer: string, model: string, variant: string): string {
  return `inverter|${normalizeKeyPart(manufacturer)}|${normalizeKeyPart(model)}|${variant.toLowerCase()}`;
}

interface InverterIdentity {
  readonly manufacturer: string;
  readonly model: string;
  readonly name: string;
  /** Where manufacturer and model were read, and how, when parsed out of the name. */
  readonly columns: { manufacturer: string; model: string };
  readonly derivation?: string;
}

function inverterRecord(
  table: Table,
  rec: TableRecord,
  id: InverterIdentity,
  columns: Readonly<Record<string, SpecName>>,
): SourceRecord {
  const variant = variantOf(table, rec);
  const specs = specClaims(table, rec, columns, vacNotNominal);
  return {
    key: inverterKey(id.manufacturer, id.model, variant),
    category: 'inverter',
    manufacturer: id.manufacturer,
    model: id.model,
    variant,
    name: id.name,
    source_id: table.sourceId,
    record: rec.record,
    claims: [
      identityClaim(table, rec, { field: 'name', value: id.name, column: 'Name' }),
      identityClaim(table, rec, {
        field: 'manufacturer',
        value: id.manufacturer,
        column: id.columns.manufacturer,
        derivation: id.derivation,
      }),
      identityClaim(table, rec, {
        field: 'model',
        value: id.model,
        column: id.columns.model,
        derivation: id.derivation,
      }),
      ...specs,
      ...inverterDerivedClaims(table, rec, specs),
    ],
  };
}

export function convertSamInverters(
  table: Table,
  columns: Readonly<Record<string, SpecName>> = SAM_INVERTER_COLUMNS,
): SourceRecord[] {
  return table.records.map((rec) => {
    const name = rec.cell('Name').trim();
    const m = SAM_NAME.exec(name);
    if (!m) throw new SourceError(table.file, rec.record, `Name '${name}' is not "Manufacturer: Model"`);
    const derivation = 'Split from Name at the first colon ("Manufacturer: Model [voltage]").';
    return inverterRecord(
      table,
      rec,
      {
        manufacturer: m[1].trim(),
        model: m[2].trim(),
        name,
        columns: { manufacturer: 'Name', model: 'Name' },
        derivation,
      },
      columns,
    );
  });
}

export function convertAdrInverters(table: Table): SourceRecord[] {
  return table.records.map((rec) => {
    const manufacturer = rec.cell('Manufacturer').trim();
    const model = rec.cell('Model').trim();
    if (!manufacturer || !model) throw new SourceError(table.file, rec.record, 'empty Manufacturer or Model');
    return inverterRecord(
      table,
      rec,
      { manufacturer, model, name: rec.cell('Name').trim(), columns: { manufacturer: 'Manufacturer', model: 'Model' } },
      ADR_INVERTER_COLUMNS,
    );
  });
}
