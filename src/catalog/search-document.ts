// The indexed form of a product: the read model of current products. It carries everything list,
// search, get, compare and export answer with, so no current-product read touches MongoDB; what only
// the detail and export show (aliases with their sources, provenance, units, every quality check)
// is stored under `detail`, not indexed. The index runs on core analysis only (no word-delimiter or
// n-gram filters), so model numbers are normalized here: "SUN2000-5KTL" is also indexed as
// "sun20005ktl" (prefix queries on a whole part number) and "sun 2000 5 ktl" (its letter and digit runs).
import type { ProductDoc } from './product.types';
import { SPECS, isSpecName, unitsOf } from './spec-catalog';
import { qualityOf, type Quality } from './quality';
import type { Provenance } from './provenance';
import type { Listing } from './listing';
import type { ProductCompany } from './company-records';
import { seriesOf, type ProductSeries } from './series';
import { designGridOf, type DesignGrid } from './design-grid';

/** A product's company as the API shows it: a derived value, with the rule and evidence that tie its spelling to it. */
export interface CompanyView {
  readonly id: string;
  readonly name: string;
  readonly method: 'derived';
  readonly rule: ProductCompany['rule'];
  readonly evidence: string;
  /** The group (parent brand) it belongs to: the product still names its own company above. */
  readonly group?: { readonly id: string; readonly name: string };
}

export interface ProductDetail {
  readonly aliases: ProductDoc['aliases'];
  readonly provenance: Readonly<Record<string, Provenance>>;
  readonly units: Readonly<Record<string, string>>;
  readonly quality: Quality;
  readonly listing: Listing;
}

export interface SearchDocument {
  readonly id: string;
  readonly category: string;
  readonly manufacturer: string;
  readonly model: string;
  readonly variant: string;
  readonly aliases: string[];
  readonly model_compact: string;
  readonly model_parts: string;
  readonly search_text: string;
  readonly current_revision: number;
  readonly updated_at: string;
  readonly specs: Record<string, unknown>;
  readonly quality: { status: string; failed: string[] };
  readonly listing: Pick<Listing, 'in_latest_edition' | 'last_edition'>;
  /** Absent only for a spelling the company records do not know (a catalog seeded before them). */
  readonly company?: CompanyView;
  /** The maker a brand note names, and its company when the lists have it. */
  readonly made_by?: { readonly name: string; readonly id?: string };
  /** The product line (series.ts) its company and model put it in; absent for a product no entry covers. */
  readonly series?: ProductSeries;
  /** Lower-cased names a `manufacturer` filter matches: the company's id, spellings and short forms, and the maker's. */
  readonly company_match: readonly string[];
  /** Values at the design-point grid (design-grid.ts), for a search at a condition; absent where no model covers it. */
  readonly design_grid?: DesignGrid;
  readonly detail: ProductDetail;
}

/** A stored field a read may ask for: a field of the search document, or one field of its `detail`. */
export type IndexField = keyof SearchDocument | `detail.${keyof ProductDetail}`;
/** The fields of `detail` among `F`. */
type DetailOf<F extends IndexField> = F extends `detail.${infer K extends keyof ProductDetail}` ? K : never;
/** What a read asking for the fields `F` gets: those fields, typed as the index stores them. */
export type Projection<F extends IndexField> = Pick<SearchDocument, Extract<F, keyof SearchDocument>> &
  ([DetailOf<F>] extends [never] ? unknown : { readonly detail: Pick<ProductDetail, DetailOf<F>> });

export function compactModel(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function modelParts(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function toSearchDocument(p: ProductDoc, company?: ProductCompany): SearchDocument {
  const aliases = [...new Set(p.aliases.map((a) => a.name))];
  const quality = qualityOf(p.category, p.specs);
  const compact = compactModel(p.model);
  // Its own company and, for a branded product, its maker's: a Schuco SB3000US made by SMA America is a Sunny Boy.
  const series = company && seriesOf([company.id, ...(company.madeBy?.id ? [company.madeBy.id] : [])], compact);
  const grid = designGridOf(p.category, p.specs, p.provenance);
  const textSpecs = Object.entries(p.specs)
    .filter(([name, v]) => isSpecName(name) && SPECS[name].type === 'text' && typeof v === 'string')
    .map(([, v]) => String(v));
  return {
    id: p._id,
    category: p.category,
    manufacturer: p.manufacturer,
    model: p.model,
    variant: p.variant,
    aliases,
    model_compact: compact,
    model_parts: modelParts(`${p.model} ${p.variant}`),
    search_text: [p.manufacturer, ...(company?.words ?? []), p.model, p.variant, ...aliases, ...textSpecs].join(' '),
    current_revision: p.current_revision,
    updated_at: p.updated_at.toISOString(),
    specs: { ...p.specs },
    quality: { status: quality.status, failed: quality.failed },
    listing: { in_latest_edition: p.listing.in_latest_edition, last_edition: p.listing.last_edition },
    ...(company
      ? {
          company: {
            id: company.id,
            name: company.name,
            method: 'derived',
            rule: company.rule,
            evidence: company.evidence,
            ...(company.group ? { group: company.group } : {}),
          },
        }
      : {}),
    ...(company?.madeBy ? { made_by: company.madeBy } : {}),
    ...(series ? { series } : {}),
    company_match: company ? [...company.match] : [p.manufacturer.toLowerCase()],
    ...(grid ? { design_grid: grid } : {}),
    detail: { aliases: p.aliases, provenance: p.provenance, units: unitsOf(p.specs), quality, listing: p.listing },
  };
}
