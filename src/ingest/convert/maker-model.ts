// A record named by a maker column and a model column, as hplib and HiSim write them: one product per
// maker and model (and variant, where the list sells one model several ways), its mapped specs as claims.
import type { SpecName } from '../../catalog/spec-catalog';
import { normalizeKeyPart, SourceError, type Category, type SourceRecord } from './claims';
import { identityClaim, specClaims, type Table, type TableRecord } from './table';

export interface MakerModel {
  readonly category: Category;
  readonly modelColumn: string;
  readonly columns: Readonly<Record<string, SpecName>>;
  /** What tells two records of one maker and model apart; read after the identity is checked. */
  readonly variant?: (rec: TableRecord) => string;
}

export function makerModelRecord(table: Table, rec: TableRecord, kind: MakerModel): SourceRecord {
  const manufacturer = rec.cell('Manufacturer').trim();
  const model = rec.cell(kind.modelColumn).trim();
  if (!manufacturer || !model)
    throw new SourceError(table.file, rec.record, `empty Manufacturer or ${kind.modelColumn}`);
  const variant = kind.variant?.(rec) ?? '';
  return {
    key: `${kind.category}|${normalizeKeyPart(manufacturer)}|${normalizeKeyPart(model)}${variant ? `|${variant.toLowerCase()}` : ''}`,
    category: kind.category,
    manufacturer,
    model,
    variant,
    name: `${manufacturer} ${model}`,
    source_id: table.sourceId,
    record: rec.record,
    claims: [
      identityClaim(table, rec, { field: 'manufacturer', value: manufacturer, column: 'Manufacturer' }),
      identityClaim(table, rec, { field: 'model', value: model, column: kind.modelColumn }),
      ...specClaims(table, rec, kind.columns),
    ],
  };
}
