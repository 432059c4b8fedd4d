// The CEC module list has no manufacturer column: names read "<manufacturer words> <model>". Names
// of one maker share a prefix and then branch into model-like tokens, so the manufacturer is taken as
// the shortest word prefix after which the names branch (3+ different next words, at least half of
// them model-like: containing a digit, '-', '.', '_' or '/'). A name whose prefix never branches
// falls back to the words before its first token with a digit. Company words (Inc., Co., Ltd,
// "(Qidong)") after the cut still belong to the manufacturer, and a model always has a letter.
// The value is marked derived.

export const MANUFACTURER_DERIVATION =
  'Derived from Name: the shortest word prefix after which the names in the module lists branch into model-like tokens (see seed/convert/manufacturer.ts).';

const MODEL_LIKE = /[0-9]|[-._/]/;
// Words that end a company name rather than start a model ("Inc.", "Co._Ltd.", "(Qidong)"): the cut
// moves past them.
const COMPANY_PART = /^(inc|co|corp|corporation|ltd|limited|llc|gmbh|ag|s|a|sa|plc|group)$/i;

function isCompanyWord(word: string): boolean {
  if (word.startsWith('(') || word.endsWith(')')) return true;
  const parts = word.split(/[._,]+/).filter(Boolean);
  return parts.length > 0 && parts.every((p) => COMPANY_PART.test(p));
}

export class ManufacturerDeriver {
  private readonly children = new Map<string, Set<string>>();

  constructor(names: Iterable<string>) {
    for (const name of names) {
      const words = name.trim().split(/\s+/);
      for (let k = 1; k < words.length; k++) {
        const prefix = words.slice(0, k).join(' ');
        let next = this.children.get(prefix);
        if (!next) this.children.set(prefix, (next = new Set()));
        next.add(words[k]);
      }
    }
  }

  /** Splits a module name into manufacturer and model. */
  split(name: string): { manufacturer: string; model: string } {
    const words = name.trim().split(/\s+/);
    if (words.length < 2) return { manufacturer: words[0] ?? '', model: words[0] ?? '' };
    for (let k = 1; k < words.length; k++) {
      const next = this.children.get(words.slice(0, k).join(' '));
      if (next && next.size >= 3 && [...next].filter((w) => MODEL_LIKE.test(w)).length * 2 >= next.size)
        return cut(words, k);
    }
    for (let k = 1; k < words.length; k++) if (/[0-9]/.test(words[k])) return cut(words, k);
    return cut(words, words.length - 1);
  }
}

function cut(words: string[], k: number) {
  let end = k;
  while (end < words.length - 1 && isCompanyWord(words[end])) end++;
  // A model of bare numbers ("230") means the names branched only at the power rating: the product
  // line belongs to the model, so the cut moves left over words that carry letters and digits.
  if (!/\p{L}/u.test(words.slice(end).join(''))) {
    while (end > 1 && !/\p{L}/u.test(words.slice(end).join(''))) end--;
    while (end > 1 && /[0-9]/.test(words[end - 1])) end--;
  }
  return { manufacturer: words.slice(0, end).join(' '), model: words.slice(end).join(' ') };
}
