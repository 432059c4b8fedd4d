// Where each of a product's current values comes from, read off its revision's claims. Claims are
// stored in precedence order, so the first claim for a field is the one behind the product's value.
import type { Claim, ClaimValue, Locator } from './claim';

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
    out[c.field] = {
      source_id: c.source_id,
      revision,
      locator: c.locator,
      method: c.method,
      ...(c.derivation ? { derivation: c.derivation } : {}),
    };
  }
  return out;
}

const IDENTITY = new Set(['manufacturer', 'model', 'name']);

/** The spec values claims add up to: the first (highest-precedence) claim of each spec field. */
export function specsOf(claims: readonly Claim[]): Record<string, ClaimValue> {
  const specs: Record<string, ClaimValue> = {};
  for (const c of claims) if (!IDENTITY.has(c.field) && !(c.field in specs)) specs[c.field] = c.value;
  return specs;
}
