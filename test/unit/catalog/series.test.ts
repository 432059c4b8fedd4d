// The series rule (src/catalog/series.ts): a product is in a line of the reviewed table when its
// company, or the maker of a branded product, is one of the line's and its model starts with one of
// the line's prefixes. The models below are the lists' own.
import assert from 'node:assert/strict';
import { SERIES, seriesOf } from '../../../src/catalog/series';
import { compactModel, toSearchDocument } from '../../../src/catalog/search-document';
import type { ProductDoc } from '../../../src/catalog/product.types';
import type { ProductCompany } from '../../../src/catalog/company-records';

const lineOf = (companies: string[], model: string) => seriesOf(companies, compactModel(model))?.id;

function product(manufacturer: string, model: string): ProductDoc {
  return {
    _id: `inv-${compactModel(model)}`,
    key: model,
    category: 'inverter',
    manufacturer,
    model,
    variant: '',
    aliases: [],
    specs: {},
    provenance: {},
    listing: { in_latest_edition: true, last_edition: '2024-01-01', editions: [] },
    listing_hash: '',
    current_revision: 1,
    format: 5,
    snapshot_hash: '',
    created_at: new Date(0),
    updated_at: new Date(0),
  };
}

function company(id: string, madeBy?: string): ProductCompany {
  return {
    id,
    name: id,
    rule: 'identity',
    evidence: 'test',
    ...(madeBy ? { madeBy: { name: madeBy, id: madeBy } } : {}),
    match: [id, ...(madeBy ? [madeBy] : [])],
    words: [id],
  };
}

describe('series rule (catalog/series.ts)', () => {
  it("when a product of a line's company has a model of the line's pattern, then it is in that line", () => {
    assert.equal(lineOf(['sma-america'], 'SB7.7-1SP-US-40'), 'sma-sunny-boy');
    assert.equal(lineOf(['sma-america'], 'SB7700TL-US-22'), 'sma-sunny-boy');
    assert.equal(lineOf(['sma-solar-technology'], 'SB 2500'), 'sma-sunny-boy');
    assert.equal(lineOf(['sma-america'], 'STP 50-US-40'), 'sma-sunny-tripower');
    assert.equal(lineOf(['enphase-energy'], 'IQ8PLUS-72-2-US'), 'enphase-iq8-plus');
    assert.deepEqual(seriesOf(['sma-america'], compactModel('STP 50-US-40')), {
      id: 'sma-sunny-tripower',
      name: 'SMA Sunny Tripower',
      method: 'derived',
      rule: { company: 'sma-america', model_prefix: 'stp' },
      evidence: SERIES.find((s) => s.id === 'sma-sunny-tripower')!.why,
    });
  });

  it("when a product of the line's company has a model of another pattern, then it is in no line", () => {
    // Sunny Central, Sunny Island, Sunny Tower: SMA, but none of the table's lines.
    assert.equal(lineOf(['sma-america'], 'SC500CP-US'), undefined);
    assert.equal(lineOf(['sma-america'], 'SI6048-US-10'), undefined);
    assert.equal(lineOf(['sma-america'], 'ST42 (208)'), undefined);
    // The IQ8P is another product than the IQ8+, and the IQ7+ another generation.
    assert.equal(lineOf(['enphase-energy'], 'IQ8P-72-2-US'), undefined);
    assert.equal(lineOf(['enphase-energy'], 'IQ7PLUS-72-2-US'), undefined);
  });

  it("when another maker's model looks like a line's, then it is in no line", () => {
    assert.equal(lineOf(['suntech-power'], 'STP270S-20/Wfb'), undefined);
    assert.equal(lineOf(['solarbine'], 'SB-S240TA1'), undefined);
    // The same model under a spelling that names no maker: its company is not SMA's.
    assert.equal(lineOf(['schuco-usa'], 'SB3000US'), undefined);
  });

  it('when a product is indexed, then it carries its line, also through the maker of a branded product', () => {
    const own = toSearchDocument(product('SMA America', 'SB7.7-1SP-US-40'), company('sma-america'));
    assert.equal(own.series?.id, 'sma-sunny-boy');
    assert.deepEqual(own.series?.rule, { company: 'sma-america', model_prefix: 'sb' });
    // "Schuco USA L.P. (Original Mfg - SMA America)": an SMA Sunny Boy sold under another name.
    const branded = toSearchDocument(
      product('Schuco USA L.P. (Original Mfg - SMA America)', 'SB3000US (240V)'),
      company('schuco-usa', 'sma-america'),
    );
    assert.deepEqual(branded.series?.rule, { company: 'sma-america', model_prefix: 'sb' });
    assert.equal(toSearchDocument(product('Suntech', 'STP270S-20/Wfb'), company('suntech-power')).series, undefined);
    assert.equal(toSearchDocument(product('SMA America', 'SB7.7-1SP-US-40')).series, undefined, 'no company known');
  });
});
