// Records with the same identity key are one product with the claims of every record. Claims are
// ordered by source priority (the manifest's order), then later record first; the first claim for
// a field is the product's value, the others stay in the snapshot as evidence.
import type { ProductDraft } from '../../src/revisions/ingest.service';
import type { SourceRecord } from './claims';
import { specsOf } from '../../src/revisions/provenance';

export type { ProductDraft };

export function mergeRecords(records: readonly SourceRecord[], sourcePriority: ReadonlyMap<string, number>): ProductDraft[] {
  const groups = new Map<string, SourceRecord[]>();
  for (const rec of records) {
    const group = groups.get(rec.key);
    if (group) group.push(rec);
    else groups.set(rec.key, [rec]);
  }
  const rank = (r: SourceRecord) => sourcePriority.get(r.source_id) ?? Number.MAX_SAFE_INTEGER;
  return [...groups.entries()].map(([key, group]) => {
    const ordered = [...group].sort((a, b) => rank(a) - rank(b) || b.record - a.record);
    const claims = ordered.flatMap((r) => r.claims);
    const specs = specsOf(claims);
    const aliases = uniqueAliases(ordered);
    const top = ordered[0];
    return { key, category: top.category, manufacturer: top.manufacturer, model: top.model, variant: top.variant, aliases, claims, specs };
  });
}

function uniqueAliases(records: SourceRecord[]) {
  const seen = new Set<string>();
  const out: { source_id: string; name: string }[] = [];
  for (const r of records) {
    const id = `${r.source_id}\u0000${r.name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ source_id: r.source_id, name: r.name });
  }
  return out;
}
