// Product lines people name instead of a model number ("Sunny Boy 7.7", "IQ8+"), as a reviewed
// table: who sells the line, the model-number prefix the lists write for it (letters and digits only,
// lower-case, as compactModel gives it), and why that is right. Only lines whose prefix can be stated
// with certainty from the data are here; each entry's `why` says what in the lists shows it.
// Left out for now, since their model numbers share prefixes with other lines of the same maker:
// Jinko Tiger Neo (JKM…N shares JKM with every Jinko module), LONGi Hi-MO (LR4/LR5 span several
// generations), Trina Vertex, Canadian Solar HiKu, REC Alpha, SolarEdge HD-Wave (SE…H-US beside
// SE…A-US). Fronius Primo and Symo need no entry: their model numbers carry the name.
// The table is read two ways by one rule (seriesOf below): a search's words name a line
// (search/understanding.ts), and every product a line covers carries it as its `series` (indexed from
// search-document.ts), which the `series=` filter, the facet and the interpretation all select by.
import type { Category } from './spec-catalog';

export interface Series {
  /** What the `series` filter and facet call it; stable. */
  readonly id: string;
  /** How the interpretation names it. */
  readonly label: string;
  /** What people type, lower-case, words separated by one space (hyphens and slashes read as spaces). */
  readonly words: readonly string[];
  readonly category: Category;
  /** Company ids that sell it. */
  readonly companies: readonly string[];
  /** Compact model prefixes (any of them). */
  readonly models: readonly string[];
  /** A bare number after the name is the AC power in kW ("Sunny Boy 7.7"): the line is sold that way. */
  readonly kw: boolean;
  readonly why: string;
}

export const SERIES: readonly Series[] = [
  {
    id: 'sma-sunny-boy',
    label: 'SMA Sunny Boy',
    words: ['sunny boy', 'sunnyboy'],
    category: 'inverter',
    companies: ['sma-america', 'sma-solar-technology'],
    models: ['sb'],
    kw: true,
    why: "SMA's single-phase Sunny Boy inverters are listed as SB<kW>-… (SB7.7-1SP-US-40, 7,680 W) and, earlier, SB <W>TL-US (SB7700TL-US-22); the name is sold by its kW rating (Sunny Boy 7.7)",
  },
  {
    id: 'sma-sunny-tripower',
    label: 'SMA Sunny Tripower',
    words: ['sunny tripower', 'tripower'],
    category: 'inverter',
    companies: ['sma-america', 'sma-solar-technology'],
    models: ['stp'],
    kw: true,
    why: "SMA's three-phase Sunny Tripower inverters are listed as STP <kW>-… (STP 50-US-40); sold by their kW rating",
  },
  {
    id: 'enphase-iq8-plus',
    label: 'Enphase IQ8+',
    words: ['iq8+', 'iq8 plus', 'iq8plus'],
    category: 'inverter',
    companies: ['enphase-energy'],
    models: ['iq8plus'],
    kw: false,
    why: 'The CEC list writes the IQ8+ as IQ8PLUS-72-2-US and IQ8PLUS-72-M-US (290 W); IQ8P-… (475 W) is another product, the IQ8P, and is not included',
  },
];

export const SERIES_IDS = SERIES.map((s) => s.id);

/** A product's line as the API shows it: derived from the table, with the entry and the pattern that matched. */
export interface ProductSeries {
  readonly id: string;
  readonly name: string;
  readonly method: 'derived';
  readonly rule: {
    /** The product's company (its own, or the maker of a branded product) the entry names. */
    readonly company: string;
    /** The entry's model prefix its compact model starts with. */
    readonly model_prefix: string;
  };
  /** The entry's reason. */
  readonly evidence: string;
}

/**
 * The line of a product of companies `companies` (its company's id and, for a branded product, its
 * maker's) whose model, as compactModel writes it, is `compact`: the first entry that names one of
 * the companies and has a prefix the model starts with. No model starts with two entries' prefixes
 * of one company, so the order of the table decides nothing.
 */
export function seriesOf(companies: readonly string[], compact: string): ProductSeries | undefined {
  for (const s of SERIES) {
    const company = s.companies.find((c) => companies.includes(c));
    const prefix = company && s.models.find((m) => compact.startsWith(m));
    if (company && prefix)
      return { id: s.id, name: s.label, method: 'derived', rule: { company, model_prefix: prefix }, evidence: s.why };
  }
  return undefined;
}
