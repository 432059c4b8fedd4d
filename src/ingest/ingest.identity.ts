// Which stored product each draft continues. A product id is a promise to users, so a product keeps
// its id when its identity key moves: an edition that arrives between two stored ones may list a
// renamed maker's name first (ET SOLAR in 2022 before EliTe Solar in 2024), and the conversion then
// keys the product by that name. The draft names every key its records were listed under (`keys`);
// the stored product is found by its own key, else by the one other key that no draft owns.
import type { ProductDraft } from '../catalog/product.types';

/** Stored products by the key of the draft that continues each. */
export function continuedBy<T extends { readonly key: string }>(
  stored: ReadonlyMap<string, T>,
  drafts: Iterable<ProductDraft>,
): Map<string, T> {
  const byDraft = new Map<string, T>();
  const moved: { draft: string; stored: string }[] = [];
  const owned = new Set<string>();
  for (const draft of drafts) {
    owned.add(draft.key);
    const own = stored.get(draft.key);
    if (own) byDraft.set(draft.key, own);
    else if (draft.keys && draft.keys.length > 1) {
      const others = draft.keys.filter((k) => k !== draft.key && stored.has(k));
      // Two stored products behind one draft would be a merge: ids are kept, so it stays new.
      if (others.length === 1) moved.push({ draft: draft.key, stored: others[0] });
    }
  }
  const claims = new Map<string, number>();
  for (const m of moved) claims.set(m.stored, (claims.get(m.stored) ?? 0) + 1);
  for (const m of moved)
    if (!owned.has(m.stored) && claims.get(m.stored) === 1) byDraft.set(m.draft, stored.get(m.stored)!);
  return byDraft;
}
