// What a manufacturer spelling holds besides the company: a brand note naming the original maker,
// or (in names cut from a module's Name) a product line.
import { LEGAL_FORMS } from './company-key';

// Brands: "SunPower Corp (Original Mfg - Fronius Int. GmbH)" is SunPower's product made by Fronius.

/** A spelling split into the brand the product is sold under and, when the list names it, its maker. */
export interface Brand {
  readonly brand: string;
  readonly originalMaker?: string;
  /** What followed the maker's name inside the note ("GVFX 3648 data": a model, not a company). */
  readonly detail?: string;
}

// The lists write the note "(Original Mfg - Y)", "( Original Mfg - Y)", "(Original - Mfg Y)" and
// "(Original Mfr. - Y)"; all are the one note.
const ORIGINAL_MAKER = /^(.*?)\s*\(\s*original\s*-?\s*(?:mfg|mfr|manufacturer)\.?\s*-?\s*([^()]*?)\s*\)\s*$/i;

/** Reads `X (Original Mfg - Y)` and the variants the lists use; other spellings are their own brand. */
export function parseBrand(spelling: string): Brand {
  const text = spelling.trim().replace(/\s+/g, ' ');
  const m = ORIGINAL_MAKER.exec(text);
  if (!m || !m[1] || !m[2]) return { brand: text };
  // A model written after the maker ("Outback GVFX 3648 data") is not part of its name: the name
  // ends before the first word with a digit and the all-caps words that lead up to it.
  const ws = m[2].split(' ');
  let end = ws.findIndex((w, i) => i > 0 && /\d/.test(w));
  if (end < 0) return { brand: m[1], originalMaker: m[2] };
  while (end > 1 && /^[A-Z]{2,}$/.test(ws[end - 1])) end--;
  return { brand: m[1], originalMaker: ws.slice(0, end).join(' '), detail: ws.slice(end).join(' ') };
}

// ---------------------------------------------------------------------------------------------
// Product lines: the 2019 module list has no manufacturer column, and where a maker's names branch
// only after the product line, the cut in src/ingest/convert/manufacturer.ts leaves the line in the
// manufacturer ("Siliken Canada SLK60P6L" + "BLK/WHT 205Wp").

/** A derived manufacturer with the product line moved back to the model, when one was found. */
export interface ProductLineCut {
  readonly manufacturer: string;
  readonly model: string;
  /** The words cut from the manufacturer; absent when nothing was cut. */
  readonly productLine?: string;
  /** Which test cut them. */
  readonly why?: string;
}

// Words that belong to company names even when written in capitals: never cut as a product line.
export const COMPANY_WORDS = new Set(
  [
    ...LEGAL_FORMS.flat(),
    ...'usa us america americas north south canada europe european china asia india japan korea germany vietnam international industries industry industrial manufacturing technology technologies tech solar energy power systems system group holding holdings electric electronics renewables renewable photovoltaic pv module modules new'.split(
      ' ',
    ),
  ].filter((w) => w.length > 1),
);

/** A word that reads as part of a model name: a code with digits, a dotted or slashed line name, or capitals. */
function modelLike(word: string): boolean {
  // "(Qidong)", "(SPI)": a note in brackets after a name is part of the name.
  if (word.startsWith('(')) return false;
  const bare = word.replace(/[),]+$/g, '');
  if (COMPANY_WORDS.has(bare.toLowerCase())) return false;
  return /\d/.test(bare) || /\p{L}[./-]\p{L}/u.test(bare) || /^[A-Z]{2,}$/.test(bare);
}

/**
 * Moves a product line left in a derived module manufacturer back to the model. Conservative: the
 * first word is never cut, no cut word may be a company word (USA, Inc., Solar, ...), and either
 *  - the cut starts at a word with a digit ("Siliken Canada SLK60P6L", "Centrosolar Canada SP6",
 *    "REC Solar REC235PE(BLK)") and takes any dotted or hyphenated line words just before it, or
 *  - what is left is a known manufacturer (`isKnown`, by companyKey) and every cut word reads as
 *    a model ("Hanwha Q Cells" + "Q.PEAK DUO", "Vikram Solar" + "ELDORA").
 * Only for manufacturers cut from a name: a Manufacturer column is taken as written.
 */
export function stripProductLine(
  derivedManufacturer: string,
  model: string,
  isKnown: (manufacturer: string) => boolean = () => false,
): ProductLineCut {
  const ws = derivedManufacturer.trim().split(/\s+/);
  const cutAt = (k: number, why: string): ProductLineCut => {
    const productLine = ws.slice(k).join(' ');
    return {
      manufacturer: ws.slice(0, k).join(' '),
      model: [productLine, model.trim()].filter(Boolean).join(' '),
      productLine,
      why,
    };
  };
  const cuttable = (k: number) =>
    ws.slice(k).every((w) => !COMPANY_WORDS.has(w.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()));
  const digit = ws.findIndex((w, i) => i > 0 && /\d/.test(w));
  if (digit > 0 && cuttable(digit)) {
    let k = digit;
    while (k > 1 && /\p{L}[./-]\p{L}/u.test(ws[k - 1]) && cuttable(k - 1)) k--;
    return cutAt(k, 'a model code (a word with a digit) follows the maker');
  }
  for (let k = ws.length - 1; k >= 1; k--) {
    if (!ws.slice(k).every(modelLike)) break;
    if (isKnown(ws.slice(0, k).join(' '))) return cutAt(k, 'the words before it are a known manufacturer');
  }
  return { manufacturer: derivedManufacturer.trim(), model: model.trim() };
}
