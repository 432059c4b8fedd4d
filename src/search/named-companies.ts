// Which of the companies a name reaches the words name themselves, and which only through a
// relation (issue 57): "Seraphim" is Seraphim Solar System's own name and only a former name of SEG
// Solar ("Seraphim Energy Group"); "SMA" is SMA America's, and Schuco USA reaches it only by selling
// SMA-made inverters ("Original Mfg - SMA America"). Every one still answers (the filter takes them
// all); the ones named rank first, and the part says how each other one was reached.
import { compactModel } from '../catalog/search-document';
import { wholeGroup, type MakerDictionary } from './maker-dictionary';

export interface Related {
  readonly id: string;
  readonly name: string;
  /** `name`: another name of it carries the words (a former name, a spelling); `made-by`: it sells products the named company made. */
  readonly relation: 'name' | 'made-by';
  /** The name that carries the words, or the maker whose products it sells. */
  readonly via: string;
}

export interface ManufacturerPart {
  readonly kind: 'manufacturer';
  readonly from: string;
  readonly label: string;
  readonly companies: readonly { id: string; name: string }[];
  /** When the words name a group (parent brand): the companies are then all its members. */
  readonly group?: { readonly id: string; readonly name: string };
  /** The companies the words name themselves, when some others are only reached through a relation. */
  readonly named?: readonly string[];
  /** The companies reached only through a relation, with how: they answer below the named ones. */
  readonly related?: readonly Related[];
}

/** The companies among `ids` whose own name (or reviewed brand) carries `key`; all of them when none does. */
function ownNamed(dictionary: MakerDictionary, key: string, ids: readonly string[]): readonly string[] {
  const brand = dictionary.brands.get(key) ?? [];
  const own = ids.filter(
    (id) => brand.includes(id) || compactModel(dictionary.companies.get(id)?.name ?? id).includes(key),
  );
  return own.length ? own : ids;
}

/** The companies whose products name one of `makers` as their maker, and which the words do not name. */
function sellersOf(dictionary: MakerDictionary, makers: readonly string[], named: ReadonlySet<string>): Related[] {
  const out: Related[] = [];
  for (const [id, c] of dictionary.companies) {
    const maker = c.madeBy.find((m) => makers.includes(m));
    if (maker && !named.has(id))
      out.push({ id, name: c.name, relation: 'made-by', via: dictionary.companies.get(maker)?.name ?? maker });
  }
  return out;
}

/** The part a company name reads as; `key` is the name as the dictionary looks it up. */
export function manufacturerPart(
  from: string,
  key: string,
  ids: readonly string[],
  dictionary: MakerDictionary,
): ManufacturerPart {
  const nameOf = (id: string) => dictionary.companies.get(id)?.name ?? id;
  const companies = ids.map((id) => ({ id, name: nameOf(id) }));
  const group = wholeGroup(dictionary, ids);
  const named = group ? ids : ownNamed(dictionary, key, ids);
  const byName: Related[] = ids
    .filter((id) => !named.includes(id))
    .map((id) => ({
      id,
      name: nameOf(id),
      relation: 'name',
      via: dictionary.companies.get(id)?.names.find((n) => compactModel(n).startsWith(key)) ?? key,
    }));
  const related = [...byName, ...sellersOf(dictionary, named, new Set(ids))];
  const label = group
    ? `${group.name} (a group: ${companies.map((c) => c.name).join(', ')})`
    : named.map(nameOf).join(' or ');
  return {
    kind: 'manufacturer',
    from,
    label,
    companies,
    ...(group ? { group } : {}),
    ...(named.length < ids.length ? { named } : {}),
    ...(related.length ? { related } : {}),
  };
}
