// Where each of a product's current values comes from, read off its revision's claims. Claims are
// stored in precedence order, so the first claim for a field is the one behind the product's value.
import type { Claim, Locator } from './claim';

export interface Provenance {
  readonly source_id: string;
  readonly revision: number;
  readonly locator: Locator;
  readonly method: 'reported' | 'derived';
  readonly derivation?: string;
}

export function provenanceOf(claims: readonly Claim[], revision: number): Record<string, Provenance> {
  const out: Record<string, Provenance> = {};
  for (const c of claims) {
    if (c.field === 'name' || out[c.field]) continue;
    out[c.field] = { source_id: c.source_id, revision, locator: c.locator, method: c.method, ...(c.derivation ? { derivation: c.derivation } : {}) };
  }
  return out;
}
