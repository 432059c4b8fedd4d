import assert from 'node:assert/strict';
import { resolveEditions, type Edition } from '../../../src/ingest/convert/editions';
import { samePrintedNumber } from '../../../src/catalog/precision';
import { rematchRenamedModules, RENAMED_MODULE_RULE } from '../../../src/ingest/convert/cec-modules';
import type { Claim, SourceRecord } from '../../../src/ingest/convert/claims';

type Cells = Record<string, string>;

/** A module record whose claims are its cells, numbers parsed, raw text kept for the precision rule. */
function moduleRecord(
  sourceId: string,
  record: number,
  manufacturer: string,
  model: string,
  cells: Cells,
): SourceRecord {
  const name = `${manufacturer} ${model}`;
  const claim = (field: string, raw: string, value: Claim['value'] = raw): Claim => ({
    field,
    value,
    raw,
    source_id: sourceId,
    locator: { file: `${sourceId}.csv`, record, line: record + 3, column: field },
    method: 'reported',
  });
  return {
    key: `pv-module|${name.toLowerCase()}`,
    category: 'pv-module',
    manufacturer,
    model,
    variant: '',
    name,
    source_id: sourceId,
    record,
    claims: [
      claim('name', name),
      claim('manufacturer', manufacturer),
      claim('model', model),
      ...Object.entries(cells).map(([field, raw]) => claim(field, raw, field === 'technology' ? raw : Number(raw))),
    ],
  };
}

const RATED: Cells = {
  stc_power_w: '270.643',
  voc_v: '38.63',
  isc_a: '9.34',
  vmp_v: '30.72',
  imp_a: '8.81',
  cells_in_series: '60',
};

function editionOf(
  sourceId: string,
  edition: string,
  records: SourceRecord[],
  fields: string[],
  rematch = false,
): Edition {
  return {
    sourceId,
    list: 'cec-modules',
    edition,
    records,
    fields: new Set(['manufacturer', 'model', 'name', ...fields]),
    editionFields: new Set(['sam_library_version']),
    identityRule: 'The same Name',
    ...(rematch ? { rematch: { rule: RENAMED_MODULE_RULE, match: rematchRenamedModules } } : {}),
  };
}

const FIELDS_2019 = [...Object.keys(RATED), 'alpha_isc_a_per_k', 'rsh_ref_ohm', 'technology', 'sam_library_version'];
const FIELDS_2024 = [...Object.keys(RATED), 'alpha_isc_a_per_k', 'rsh_ref_ohm', 'sam_library_version'];

describe('editions of a list', () => {
  it('when two editions print one value at different precision, then it is the same value within one unit of the coarser last digit', () => {
    assert.equal(
      samePrintedNumber(0.004866, '0.004866', 0.00486614, '0.00486614'),
      true,
      'alpha_sc, six decimals vs six significant digits',
    );
    assert.equal(samePrintedNumber(0.374166, '0.374166', 0.374165, '0.374165'), true, 'a last-digit difference');
    assert.equal(
      samePrintedNumber(2.603303e-10, '2.603303e-10', 2.60331e-10, '2.60331e-10'),
      true,
      'exponent notation',
    );
    assert.equal(
      samePrintedNumber(945.868958, '945.868958', 945.874, '945.874'),
      false,
      'R_sh_ref refitted: 0.005 apart, the unit is 0.001',
    );
    assert.equal(samePrintedNumber(260, '260', 262, '262'), false);
    assert.equal(samePrintedNumber(60, '60', 60, '60.0'), true);
  });

  it('when a newer edition repeats a product within printed precision, then it has one snapshot and its listing names both editions', () => {
    const old = moduleRecord('cec-2019', 30, 'Ablytek', '6MN6A270', {
      ...RATED,
      alpha_isc_a_per_k: '0.004866',
      sam_library_version: '2018.11.11',
    });
    const now = moduleRecord('cec-2024', 3, 'Ablytek', '6MN6A270', {
      ...RATED,
      alpha_isc_a_per_k: '0.00486614',
      sam_library_version: '2023.12.17',
    });
    const { drafts, reports } = resolveEditions([
      editionOf('cec-2019', '2019-03-05', [old], FIELDS_2019),
      editionOf('cec-2024', '2024-11-14', [now], FIELDS_2024),
    ]);
    assert.equal(drafts.length, 1);
    assert.deepEqual(drafts[0].earlier, []);
    assert.equal(
      drafts[0].claims.find((c) => c.field === 'alpha_isc_a_per_k')!.source_id,
      'cec-2019',
      'the values stay those of the edition that gave them',
    );
    assert.deepEqual(
      drafts[0].listing.editions.map((e) => [e.source_id, e.records, e.match?.method]),
      [
        ['cec-2019', [30], undefined],
        ['cec-2024', [3], 'same-identity'],
      ],
    );
    assert.equal(drafts[0].listing.in_latest_edition, true);
    assert.deepEqual([reports[1].same_identity, reports[1].changed, reports[1].new], [1, 0, 0]);
  });

  it('when a newer edition changes a value, then the product has the old snapshot as history and the new one now, with columns the new edition lacks carried over', () => {
    const old = moduleRecord('cec-2019', 30, 'Ablytek', '6MN6A280', {
      ...RATED,
      rsh_ref_ohm: '945.868958',
      technology: 'Mono-c-Si',
    });
    const now = moduleRecord('cec-2024', 3, 'Ablytek', '6MN6A280', { ...RATED, rsh_ref_ohm: '945.874' });
    const { drafts, reports } = resolveEditions([
      editionOf('cec-2019', '2019-03-05', [old], FIELDS_2019),
      editionOf('cec-2024', '2024-11-14', [now], FIELDS_2024),
    ]);
    const [product] = drafts;
    assert.equal(product.earlier!.length, 1);
    assert.equal(product.earlier![0].find((c) => c.field === 'rsh_ref_ohm')!.value, 945.868958);
    assert.equal(product.specs.rsh_ref_ohm, 945.874);
    assert.equal(product.claims.find((c) => c.field === 'rsh_ref_ohm')!.source_id, 'cec-2024');
    const technology = product.claims.find((c) => c.field === 'technology')!;
    assert.deepEqual(
      [technology.value, technology.source_id],
      ['Mono-c-Si', 'cec-2019'],
      'a value the new edition has no column for keeps its old provenance',
    );
    assert.equal(reports[1].changed, 1);
  });

  it('when a newer edition leaves a product out, then it is still a product, marked as not in the latest edition, and a new one is', () => {
    const gone = moduleRecord('cec-2019', 1, 'Oldco', 'OC-100', RATED);
    const fresh = moduleRecord('cec-2024', 1, 'Newco', 'NC-450', { ...RATED, stc_power_w: '450.1' });
    const { drafts, reports } = resolveEditions([
      editionOf('cec-2019', '2019-03-05', [gone], FIELDS_2019),
      editionOf('cec-2024', '2024-11-14', [fresh], FIELDS_2024),
    ]);
    const by = new Map(drafts.map((d) => [d.model, d]));
    assert.deepEqual(by.get('OC-100')!.listing.in_latest_edition, false);
    assert.deepEqual(by.get('OC-100')!.listing.last_edition, '2019-03-05');
    assert.deepEqual([by.get('NC-450')!.listing.in_latest_edition, by.get('NC-450')!.earlier], [true, []]);
    assert.deepEqual([reports[1].new, reports[1].not_listed], [1, 1]);
  });

  it('when an edition lists a name twice with different values, then the later record is the value and the earlier stays as evidence', () => {
    const first = moduleRecord('cec-2024', 10, 'Hanwha Qcells (Qidong) Co. Ltd.', 'HSL60P6-PC-3-250', {
      ...RATED,
      alpha_isc_a_per_k: '0.00481344',
    });
    const second = moduleRecord('cec-2024', 11, 'Hanwha Qcells (Qidong) Co. Ltd.', 'HSL60P6-PC-3-250', {
      ...RATED,
      alpha_isc_a_per_k: '0.00436',
    });
    const { drafts } = resolveEditions([editionOf('cec-2024', '2024-11-14', [first, second], FIELDS_2024)]);
    assert.equal(drafts.length, 1);
    assert.equal(drafts[0].specs.alpha_isc_a_per_k, 0.00436);
    assert.deepEqual(
      drafts[0].claims.filter((c) => c.field === 'alpha_isc_a_per_k').map((c) => c.locator.record),
      [11, 10],
    );
    assert.deepEqual(drafts[0].listing.editions[0].records, [10, 11]);
  });

  it('when a maker is renamed, then a new name is matched to the old product only by the same model and ratings, one to one, and the match is recorded', () => {
    const old = moduleRecord('cec-2019', 5, 'Seraphim Energy Group Inc.', 'SEG-E11A-375', RATED);
    const renamed = moduleRecord('cec-2024', 7, 'SEG Solar Inc.', 'SEG-E11A-375', RATED);
    const otherRatings = moduleRecord('cec-2024', 8, 'Other Maker', 'SEG-E11A-375X', RATED);
    const { drafts, reports } = resolveEditions([
      editionOf('cec-2019', '2019-03-05', [old], FIELDS_2019),
      editionOf('cec-2024', '2024-11-14', [renamed, otherRatings], FIELDS_2024, true),
    ]);
    const product = drafts.find((d) => d.key === old.key)!;
    assert.equal(product.manufacturer, 'SEG Solar Inc.');
    assert.equal(product.earlier![0].find((c) => c.field === 'manufacturer')!.value, 'Seraphim Energy Group Inc.');
    assert.deepEqual(product.listing.editions[1].match, {
      method: 'same-model-and-ratings',
      rule: RENAMED_MODULE_RULE,
    });
    assert.ok(
      product.aliases.some((a) => a.name === 'SEG Solar Inc. SEG-E11A-375') &&
        product.aliases.some((a) => a.name === 'Seraphim Energy Group Inc. SEG-E11A-375'),
    );
    assert.equal(reports[1].matched, 1);

    const differs = moduleRecord('cec-2024', 7, 'SEG Solar Inc.', 'SEG-E11A-375', { ...RATED, stc_power_w: '380.2' });
    assert.equal(
      resolveEditions([
        editionOf('cec-2019', '2019-03-05', [old], FIELDS_2019),
        editionOf('cec-2024', '2024-11-14', [differs], FIELDS_2024, true),
      ]).drafts.length,
      2,
      'other ratings: another product',
    );
    const twin = moduleRecord('cec-2024', 9, 'SEG Solar', 'SEG-E11A-375', RATED);
    assert.equal(
      resolveEditions([
        editionOf('cec-2019', '2019-03-05', [old], FIELDS_2019),
        editionOf('cec-2024', '2024-11-14', [renamed, twin], FIELDS_2024, true),
      ]).drafts.length,
      3,
      'two candidates: no match',
    );
  });
});
