// A realistic query mix from the real data: exact model numbers, maker + model fragments, maker
// names with a category, numeric filters with sorts, projections, and second pages through cursors.
import type { EsClient } from '../src/adapters/elasticsearch/client';

/** Which documents to draw: from which index or alias, how many, which fields of each, and the seed. */
export interface Sample {
  readonly alias: string;
  readonly size: number;
  readonly fields: string[];
  /** The same seed draws the same documents. */
  readonly seed: number;
}

/** `size` indexed documents drawn at random, the same ones for the same `seed`; `fields` of each. */
export async function sampleDocuments<T>(es: EsClient, { alias, size, fields, seed }: Sample): Promise<T[]> {
  const sample = await es.search<T>({
    index: alias,
    size,
    _source: fields,
    query: { function_score: { query: { match_all: {} }, functions: [{ random_score: { seed, field: '_seq_no' } }] } },
  });
  return sample.hits.hits.map((h) => h._source!);
}

const PEOPLE = [
  'Trina module',
  'bifacial 550W',
  'SMA 7.7kW inverter',
  'Daikin air to water heat pump',
  '5kW inverter 208V',
  'Growatt hybrid inverter',
  'R410a Mitsubishi heat pump',
  'Qcells poly 255W',
  'Enphase microinverter',
  'Canadian Solar panel',
];

export async function queryMix(es: EsClient, alias: string, gateway: string, key: string): Promise<string[]> {
  const products = await sampleDocuments<{ model: string; manufacturer: string; category: string }>(es, {
    alias,
    size: 24,
    fields: ['model', 'manufacturer', 'category'],
    seed: 20261121,
  });
  const enc = encodeURIComponent;
  const firstWord = (s: string) => s.split(/[\s,.]+/)[0];
  const urls: string[] = [];
  products.forEach((p, i) => {
    if (i % 3 === 0) urls.push(`/api/v1/search?q=${enc(p.model)}&limit=20`);
    if (i % 3 === 1)
      urls.push(
        `/api/v1/search?q=${enc(`${firstWord(p.manufacturer)} ${p.model.slice(0, 6)}`)}&category=${p.category}&limit=20`,
      );
    if (i % 3 === 2)
      urls.push(
        `/api/v1/search?q=${enc(firstWord(p.manufacturer))}&limit=20&fields=id,model,manufacturer,specs.stc_power_w`,
      );
    if (i % 4 === 0) urls.push(`/api/v1/products?manufacturer=${enc(p.manufacturer)}&limit=20`);
  });
  urls.push(
    '/api/v1/products?category=pv-module&specs.stc_power_w[gte]=400&sort=-specs.stc_power_w&limit=50',
    '/api/v1/products?category=inverter&specs.ac_power_w[gte]=5kW&specs.ac_power_w[lte]=10kW&sort=specs.ac_power_w&limit=20',
    '/api/v1/products?category=pv-module&quality=pass&limit=20',
    '/api/v1/search?q=bifacial%20mono&category=pv-module&limit=20',
    // What people type in words and quantities (issue 30): understood, then ranked by what it means.
    ...PEOPLE.map((q) => `/api/v1/search?q=${enc(q)}&limit=20`),
  );
  // Second pages: the cursor each first page hands out (bound to the gateway's CURSOR_SECRET).
  const continued: string[] = [];
  for (const url of urls.filter((_, i) => i % 4 === 1)) {
    const res = await fetch(`${gateway}${url}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { meta?: { next_cursor?: string } };
    if (body.meta?.next_cursor) continued.push(`${url}&cursor=${enc(body.meta.next_cursor)}`);
  }
  return [...urls, ...continued];
}
