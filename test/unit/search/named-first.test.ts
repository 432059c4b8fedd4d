// What was typed over what was inferred (issue 57), as the reading says it: the companies a name
// names themselves and those reached through a relation, a quantity's designation, the bounds a
// loosened answer no longer holds to.
import assert from 'node:assert/strict';
import { makerDictionary } from '../../../src/search/maker-dictionary';
import { understand } from '../../../src/search/understanding';
import { interpretationOf, understoodOf } from '../../../src/search/interpretation';
import type { CompanyNames } from '../../../src/catalog/product-query';

const company = (id: string, names: string[], madeBy: string[] = []): CompanyNames => ({
  id,
  name: names[0],
  names: [id, ...names.map((n) => n.toLowerCase())],
  categories: { 'pv-module': 10, inverter: 10 },
  madeBy,
});
const DICTIONARY = makerDictionary([
  company('seraphim-solar-system', ['Seraphim Solar System Co.Ltd.', 'Seraphim']),
  // SEG Solar's former name carries the word: it is reached, not named.
  company('seg-solar', ['SEG Solar Inc.', 'Seraphim Energy Group']),
  company('sma-america', ['SMA America', 'SMA']),
  company('schuco-usa', ['Schuco USA', 'Schuco USA L.P. (Original Mfg - SMA America)', 'sma america'], ['sma-america']),
  company('chint-new-energy-technology', ['Chint New Energy Technology Co. Ltd.']),
]);
const read = (q: string) => understand(q, DICTIONARY);
const maker = (q: string) => interpretationOf(read(q)).parts.find((p) => p.kind === 'manufacturer') as any;

describe('query understanding: what was named first', () => {
  it("when a name is also another company's former name, then the company it names ranks first and the other is related by name", () => {
    const part = maker('Seraphim 305W');
    assert.deepEqual(part.named, ['seraphim-solar-system']);
    assert.deepEqual(part.related, [
      { id: 'seg-solar', name: 'SEG Solar Inc.', relation: 'name', via: 'seraphim energy group' },
    ]);
    const u = understoodOf(read('Seraphim 305W'))!;
    assert.deepEqual(u.companies, ['seg-solar', 'seraphim-solar-system']);
    assert.deepEqual(u.named, ['seraphim-solar-system']);
  });

  it('when a maker is named, then the brands selling what it made are related by made-by, and not named', () => {
    const part = maker('SMA inverter');
    assert.equal(part.named, undefined);
    assert.deepEqual(part.related, [{ id: 'schuco-usa', name: 'Schuco USA', relation: 'made-by', via: 'SMA America' }]);
  });

  it('when a reviewed brand is typed, then it names the companies that list its products', () => {
    assert.deepEqual(
      maker('Astronergy 655W').companies.map((c: any) => c.id),
      ['chint-new-energy-technology'],
    );
  });

  it('when a quantity is typed, then its number as typed is a designation from three characters on', () => {
    const near = (q: string) => understoodOf(read(q))!.near.map((n) => n.designation);
    assert.deepEqual(near('Sunny Boy 3.8'), ['3.8']);
    assert.deepEqual(near('Seraphim 305W'), ['305']);
    assert.deepEqual(near('inverter 5 kW'), [undefined]);
    // A voltage is the grid a model serves ("SB5000US (208V)"), not its designation.
    assert.deepEqual(near('5kW inverter 208V'), [undefined, undefined]);
  });

  it('when a comparison is loosened, then the interpretation names it in unmet and the summary never claims it', () => {
    const r = read('SMA inverter at least 10 kW');
    const exact = interpretationOf(r);
    assert.deepEqual(exact.relaxed, []);
    assert.equal(exact.unmet, undefined);
    assert.match(exact.summary, /, at least 10 kW$/);
    const loose = interpretationOf(r, 'ranges');
    assert.deepEqual(loose.relaxed, ['ranges']);
    assert.deepEqual(loose.unmet, [{ from: 'at least 10 kW', spec: 'ac_power_w', unit: 'W', bounds: { gte: 10000 } }]);
    assert.match(loose.summary, /none at least 10 kW: nearest first/);
    assert.deepEqual(understoodOf(r)!.ranges, [
      { spec: 'ac_power_w', op: 'gte', value: 10000, typed: 'at least 10 kW' },
    ]);
  });
});
