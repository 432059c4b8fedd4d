// A manufacturer spelling's normalization key: what "Jinko Solar Co. Ltd", "Jinko Solar Co - Ltd" and
// "Jinko Solar Co._ Ltd" share. Conservative by design (see resolve-companies.ts): words are folded, never
// joined or abbreviated.

/**
 * Legal forms dropped from the end of a name, as word sequences after punctuation became spaces
 * ("S.r.l." is `s r l`, "Co._Ltd." is `co ltd`). Longer forms first, so "Joint Stock Company" goes
 * as one. Words that also name things ("Group", "Holdings", "International", "Technology") stay:
 * "REC Group" and "REC Solar" must not meet by normalization alone.
 */
export const LEGAL_FORMS: readonly (readonly string[])[] = [
  ['joint', 'stock', 'company'],
  ['public', 'limited', 'company'],
  ['private', 'limited'],
  ['pvt', 'ltd'],
  ['sp', 'z', 'o', 'o'],
  ['s', 'p', 'a'],
  ['s', 'r', 'l'],
  ['s', 'a', 's'],
  ['s', 'a', 'u'],
  ['s', 'a'],
  ['s', 'l'],
  ['b', 'v'],
  ['n', 'v'],
  ['a', 's'],
  ['k', 'k'],
  ['l', 'p'],
  ['company'],
  ['co'],
  ['ltd'],
  ['ltda'],
  ['limited'],
  ['inc'],
  ['incorporated'],
  ['corp'],
  ['corporation'],
  ['gmbh'],
  ['mbh'],
  ['ag'],
  ['se'],
  ['kg'],
  ['sa'],
  ['spa'],
  ['srl'],
  ['sarl'],
  ['sas'],
  ['bv'],
  ['nv'],
  ['kk'],
  ['llc'],
  ['lp'],
  ['llp'],
  ['plc'],
  ['pty'],
  ['pte'],
  ['pvt'],
  ['jsc'],
  ['oy'],
  ['oyj'],
  ['ab'],
  ['asa'],
];

/** Words left dangling once a legal form is gone ("GmbH & Co. KG" leaves "and"). */
const DANGLING = new Set(['and']);

function keyWords(spelling: string): string[] {
  return spelling
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

function endsWith(ws: readonly string[], tail: readonly string[]): boolean {
  if (tail.length >= ws.length) return false;
  return tail.every((w, i) => ws[ws.length - tail.length + i] === w);
}

/**
 * The normalization key of a manufacturer spelling: case, accents, punctuation and whitespace
 * folded, `&` read as `and`, and legal forms (Co. Ltd, Inc., GmbH, S.A., Joint Stock Company, ...)
 * dropped from the end, repeatedly ("GmbH & Co. KG", "Co._ Ltd."). Words are never joined or
 * abbreviated ("Q CELLS" and "Qcells" keep different keys), and at least one word always stays.
 */
export function companyKey(spelling: string): string {
  const ws = keyWords(spelling);
  for (let cut = true; cut;) {
    cut = false;
    for (const form of LEGAL_FORMS) {
      if (!endsWith(ws, form)) continue;
      ws.length -= form.length;
      cut = true;
      break;
    }
    while (ws.length > 1 && DANGLING.has(ws[ws.length - 1])) {
      ws.length -= 1;
      cut = true;
    }
  }
  return ws.join(' ');
}

/** A URL-safe id from a key: the key's words joined by `-`. */
export function companySlug(key: string): string {
  return key.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'company';
}

/** The shortest word prefix of a spelling with the spelling's companyKey: "Jinko Solar Co._ Ltd" is "Jinko Solar". */
export function withoutLegalForm(spelling: string): string {
  const text = spelling.trim().replace(/\s+/g, ' ');
  const key = companyKey(text);
  const ws = text.split(' ');
  for (let k = 1; k < ws.length; k++) {
    const prefix = ws.slice(0, k).join(' ');
    if (companyKey(prefix) !== key) continue;
    const short = prefix.replace(/[\s,._&-]+$/u, '');
    // "Japan Solar (Infini Co._ Ltd)" ends inside its brackets: close them.
    const open = (short.match(/\(/g) ?? []).length - (short.match(/\)/g) ?? []).length;
    return short + ')'.repeat(Math.max(0, open));
  }
  return text;
}
