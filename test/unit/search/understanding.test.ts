// Query understanding on a small dictionary: what each kind of word is read as, what stays text, and
// that every part names the ordinary parameters that select the same thing.
import assert from 'node:assert/strict';
import { makerDictionary } from '../../../src/search/maker-dictionary';
import { understand, type Part } from '../../../src/search/understanding';
import { interpretationOf, understoodOf } from '../../../src/search/interpretation';
import type { CompanyNames } from '../../../src/catalog/product-query';

const company = (
  id: string,
  names: string[],
  categories: Record<string, number>,
  madeBy: string[] = [],
): CompanyNames => ({
  id,
  name: names[0],
  names: [id, ...names.map((n) => n.toLowerCase())],
  categories,
  madeBy,
});
const DICTIONARY = makerDictionary([
  company('trina-solar', ['Trina Solar', 'Trina'], { 'pv-module': 1400 }),
  company('jinko-solar', ['Jinko Solar Co. Ltd', 'Jinko'], { 'pv-module': 590, inverter: 62 }),
  company('hanwha-qcells', ['Hanwha Q CELLS', 'Qcells'], { 'pv-module': 900 }),
  company('sma-america', ['SMA America', 'SMA'], { inverter: 300 }),
  // A brand whose products SMA made: "SMA" is among its names, yet it means the maker.
  company(
    'sunpower',
    ['SunPower', 'SunPower Corp (Original Mfg - SMA America)', 'sma america', 'sma'],
    { 'pv-module': 900, inverter: 160 },
    ['sma-america'],
  ),
  company('bosch-thermotechnik', ['Bosch Thermotechnik'], { 'heat-pump': 100 }),
  company('bosch-solar-energy', ['Bosch Solar Energy'], { 'pv-module': 80 }),
  company('daikin-europe', ['DAIKIN Europe', 'Daikin'], { 'heat-pump': 600 }),
  company('solar-power', ['Solar Power'], { 'pv-module': 3 }),
]);

const read = (q: string, explicit?: 'pv-module' | 'inverter' | 'heat-pump') => understand(q, DICTIONARY, explicit);
const kinds = (parts: readonly Part[]) => parts.map((p) => p.kind);
const quantity = (parts: readonly Part[]) =>
  parts.find((p) => p.kind === 'quantity') as Extract<Part, { kind: 'quantity' }>;

describe('query understanding', () => {
  it('when a maker and a category word are typed, then both are understood and no text remains', () => {
    const r = read('Trina module');
    assert.deepEqual(kinds(r.parts), ['manufacturer', 'category']);
    assert.deepEqual(
      interpretationOf(r).parts.map((p) => p.parameters),
      [{ manufacturer: ['trina-solar'] }, { category: ['pv-module'] }],
    );
    assert.equal(r.text, '');
  });

  it("when a power is typed with or without a space, in W or kW, then it bounds the category's nominal power within 2%", () => {
    for (const q of ['bifacial 550W', 'bifacial 550 W', 'bifacial 0.55kW', 'bifacial 0.55 kw']) {
      const p = quantity(read(q).parts);
      assert.equal(p.spec, 'stc_power_w', q);
      assert.equal(p.value, 550, q);
      assert.deepEqual([p.min, p.max], [539, 561], q);
    }
    const inverter = quantity(read('SMA 7.7kW inverter').parts);
    assert.equal(inverter.spec, 'ac_power_w');
    assert.deepEqual(interpretationOf(read('SMA 7.7kW inverter')).parts[1].parameters, {
      'specs.ac_power_w[gte]': '7546',
      'specs.ac_power_w[lte]': '7854',
    });
    // No category named or implied: any category's nominal power.
    assert.equal(quantity(read('7.7kW').parts).spec, 'nominal_power_w');
    assert.deepEqual(interpretationOf(read('7.7kW')).parts[0].parameters, {
      'nominal_power_w[gte]': '7546',
      'nominal_power_w[lte]': '7854',
    });
  });

  it('when a voltage, a cell count or a heat pump output is typed, then each bounds its own spec', () => {
    const r = read('5kW inverter 208V');
    assert.deepEqual(
      r.parts.flatMap((p) => (p.kind === 'quantity' ? [p.spec] : [])),
      ['ac_power_w', 'nominal_ac_voltage_v'],
    );
    const cells = quantity(
      read('60-cell 300W panel').parts.filter((p) => p.kind === 'quantity' && p.spec === 'cells_in_series'),
    );
    assert.deepEqual([cells.min, cells.max], [60, 60], 'cells are counted: exact');
    const heat = quantity(read('Daikin 8 kW heat pump').parts);
    assert.equal(heat.spec, 'heating_power_ref_w');
    assert.equal(heat.tolerance, 0.1);
  });

  it('when a bare number follows a module maker, then it is the module power; after an inverter maker it stays text', () => {
    assert.equal(quantity(read('Trina 450').parts).spec, 'stc_power_w');
    assert.equal(read('Trina 450').text, '');
    const sma = read('SMA 450');
    assert.equal(quantity(sma.parts), undefined);
    assert.equal(sma.text, '450');
  });

  it('when attribute words are typed, then they map to spec values, hyphens and case aside', () => {
    const r = read('Daikin air-to-water heat pump R-32');
    assert.deepEqual(
      interpretationOf(r).parts.map((p) => p.parameters),
      [
        { manufacturer: ['daikin-europe'] },
        { 'specs.heat_pump_type': ['outdoor air/water'] },
        { category: ['heat-pump'] },
        { 'specs.refrigerant': ['r32'] },
      ],
    );
    assert.deepEqual(interpretationOf(read('poly 255W')).parts[0].parameters, {
      'specs.technology': ['multi-c-si', 'mc-si', 'efg mc-si'],
    });
    assert.deepEqual(interpretationOf(read('micro inverter')).parts[0].parameters, {
      category: ['inverter'],
      'specs.max_dc_voltage_v[lte]': '100',
      'specs.ac_power_w[lte]': '2000',
    });
  });

  it('when "inverter" is typed beside "heat pump", then it is the compressor, not a second category', () => {
    const r = read('inverter heat pump');
    assert.deepEqual(understoodOf(r)?.categories, ['heat-pump']);
    assert.deepEqual(understoodOf(r)?.values, [{ spec: 'compressor_regulation', values: ['regulated'] }]);
  });

  it('when "hybrid" is typed with "heat pump", then it stays text (hybrid is an inverter attribute)', () => {
    assert.equal(read('hybrid heat pump').text, 'hybrid');
    assert.deepEqual(understoodOf(read('Growatt hybrid inverter'))?.values, [{ spec: 'hybrid', values: [true] }]);
  });

  it('when a company is named by a short name, a spacing or a shared first word, then it means those companies', () => {
    assert.deepEqual(understoodOf(read('Q CELLS 400W'))?.companies, ['hanwha-qcells']);
    assert.deepEqual(understoodOf(read('qcells 400W'))?.companies, ['hanwha-qcells']);
    assert.deepEqual(understoodOf(read('Bosch air source heat pump'))?.companies, [
      'bosch-solar-energy',
      'bosch-thermotechnik',
    ]);
    assert.deepEqual(
      understoodOf(read('SMA inverter'))?.companies,
      ['sma-america'],
      'the maker, not the brand it made for',
    );
  });

  it('when a word follows the place a name starts with, then it names that company beside those whose name starts with it', () => {
    const dictionary = makerDictionary([
      company('china-sunergy-nanjing', ['China Sunergy (Nanjing)'], { 'pv-module': 130 }),
      company('sunergy-california', ['Sunergy California LLC'], { 'pv-module': 60 }),
      company('vietnam-sunergy', ['Vietnam Sunergy Joint Stock Company'], { 'pv-module': 90 }),
      company('solar-frontier', ['Solar Frontier'], { 'pv-module': 40 }),
    ]);
    const companiesOf = (q: string) => understoodOf(understand(q, dictionary))?.companies;
    assert.deepEqual(companiesOf('Sunergy 310'), ['china-sunergy-nanjing', 'sunergy-california', 'vietnam-sunergy']);
    assert.deepEqual(companiesOf('China Sunergy 310'), ['china-sunergy-nanjing'], 'the whole name names one');
    assert.equal(companiesOf('Frontier 150'), undefined, 'a kind of business is no place: "Solar" is not skipped');
  });

  it('when the words name every current member of a group, then the part is the group, and a shared first word that reaches beyond it is not', () => {
    const qcells = { id: 'qcells-group', name: 'Qcells' };
    const member = (id: string, names: string[]): CompanyNames => ({
      ...company(id, [...names, 'Qcells', 'qcells-group'], { 'pv-module': 100 }),
      group: qcells,
    });
    const dictionary = makerDictionary([
      member('hanwha-qcells-qidong', ['Hanwha Qcells (Qidong) Co. Ltd.']),
      member('qcells-north-america', ['Qcells North America']),
      company('hanwha-solar-canada', ['Hanwha Solar Canada'], { 'pv-module': 35 }),
    ]);
    for (const q of ['Qcells module', 'qcells-group module']) {
      const [part] = interpretationOf(understand(q, dictionary)).parts;
      assert.equal(part.kind, 'manufacturer', q);
      assert.deepEqual(part.kind === 'manufacturer' && part.group, qcells, q);
      assert.equal(part.label, 'Qcells (a group: Hanwha Qcells (Qidong) Co. Ltd., Qcells North America)', q);
      assert.deepEqual(part.parameters, { manufacturer: ['qcells-group'] }, q);
    }
    // "Hanwha" is the Qidong member and Hanwha Solar Canada, which is in no group: companies, not a group.
    const [hanwha] = interpretationOf(understand('Hanwha module', dictionary)).parts;
    assert.equal(hanwha.kind === 'manufacturer' && hanwha.group, undefined);
    assert.deepEqual(hanwha.parameters, { manufacturer: ['hanwha-qcells-qidong', 'hanwha-solar-canada'] });
    // One member's own name is that member alone.
    const [one] = interpretationOf(understand('Qcells North America', dictionary)).parts;
    assert.deepEqual(one.parameters, { manufacturer: ['qcells-north-america'] });
  });

  it('when a word is a kind of business or a filler, then it names no company', () => {
    const r = read('solar power inverter');
    // "Solar Power" is a company's whole name: two words name it; "solar" alone never does.
    assert.deepEqual(understoodOf(r)?.companies, ['solar-power']);
    assert.deepEqual(understoodOf(read('solar inverter'))?.companies, []);
    assert.equal(read('solar inverter').text, '', 'a filler is dropped once something else was understood');
  });

  it('when nothing is understood, then the query is text only and a model number is untouched', () => {
    for (const q of ['SUN2000-5KTL-USL0', 'Q.PEAK DUO-G5 330', 'zzqxv', 'solar']) {
      const r = read(q);
      assert.deepEqual(r.parts, [], q);
      assert.equal(r.text, q);
      assert.equal(understoodOf(r), undefined);
    }
  });

  it('when the parameters of a reading are sent back with its leftover text, then they read the same', () => {
    const r = read('Trina Vertex bifacial 550W');
    assert.equal(r.text, 'Vertex');
    const again = read(r.text);
    assert.deepEqual(again.parts, [], 'leftover words are not understood a second time');
    assert.equal(interpretationOf(r).summary, 'bifacial PV modules by Trina Solar, 550 W ± 2%, matching "Vertex"');
  });

  describe('comparisons and ranges', () => {
    const range = (q: string) => {
      const r = read(q);
      const p = r.parts.find((x): x is Extract<Part, { kind: 'range' }> => x.kind === 'range');
      assert.ok(p, `${q}: a range part`);
      return { r, p, parameters: interpretationOf(r).parts.find((x) => x.kind === 'range')!.parameters };
    };

    it('when a comparator comes before a quantity, then it bounds the spec strictly or inclusively as typed, with no tolerance', () => {
      const cases: [string, string, Record<string, string>][] = [
        ['modules over 600W', 'stc_power_w', { 'specs.stc_power_w[gt]': '600' }],
        ['module above 600 W', 'stc_power_w', { 'specs.stc_power_w[gt]': '600' }],
        ['panels more than 0.6 kW', 'stc_power_w', { 'specs.stc_power_w[gt]': '600' }],
        ['modules at least 600Wp', 'stc_power_w', { 'specs.stc_power_w[gte]': '600' }],
        ['modules min 600W', 'stc_power_w', { 'specs.stc_power_w[gte]': '600' }],
        ['modules ≥600W', 'stc_power_w', { 'specs.stc_power_w[gte]': '600' }],
        ['modules >= 600 W', 'stc_power_w', { 'specs.stc_power_w[gte]': '600' }],
        ['modules >600W', 'stc_power_w', { 'specs.stc_power_w[gt]': '600' }],
        ['inverter under 3kW', 'ac_power_w', { 'specs.ac_power_w[lt]': '3000' }],
        ['inverter below 3 kW', 'ac_power_w', { 'specs.ac_power_w[lt]': '3000' }],
        ['inverter less than 3kW', 'ac_power_w', { 'specs.ac_power_w[lt]': '3000' }],
        ['inverter at most 3kW', 'ac_power_w', { 'specs.ac_power_w[lte]': '3000' }],
        ['inverter max 3kW', 'ac_power_w', { 'specs.ac_power_w[lte]': '3000' }],
        ['inverter up to 3kW', 'ac_power_w', { 'specs.ac_power_w[lte]': '3000' }],
        ['inverter ≤3kW', 'ac_power_w', { 'specs.ac_power_w[lte]': '3000' }],
        ['inverter <3kW', 'ac_power_w', { 'specs.ac_power_w[lt]': '3000' }],
        ['inverter 3kW or less', 'ac_power_w', { 'specs.ac_power_w[lte]': '3000' }],
        ['modules 600W+', 'stc_power_w', { 'specs.stc_power_w[gte]': '600' }],
        ['inverter over 40 kg', 'weight_kg', { 'specs.weight_kg[gt]': '40' }],
        ['module area under 2 m2', 'area_m2', { 'specs.area_m2[lt]': '2' }],
        ['heat pump under 55 dB(A)', 'sound_power_outdoor_dba', { 'specs.sound_power_outdoor_dba[lt]': '55' }],
        ['heat pump COP above 4', 'cop_ref', { 'specs.cop_ref[gt]': '4' }],
        ['modules over 600', 'stc_power_w', { 'specs.stc_power_w[gt]': '600' }],
        ['over 5 kW', 'nominal_power_w', { 'nominal_power_w[gt]': '5000' }],
      ];
      for (const [q, spec, parameters] of cases) {
        const { r, p, parameters: shown } = range(q);
        assert.equal(p.spec, spec, q);
        assert.deepEqual(shown, parameters, q);
        assert.equal(r.text, '', `${q}: nothing left as text`);
        assert.equal('tolerance' in p, false, q);
      }
    });

    it('when a range is typed with between, from, a dash or to, then both ends bound it inclusively, in their own units', () => {
      for (const q of [
        'inverter between 5 and 8 kW',
        'inverter between 5kW and 8kW',
        'inverter between 5 kW and 8000 W',
        'inverter from 5 to 8 kW',
        'inverter 5-8kW',
        'inverter 5–8 kW',
        'inverter 5 to 8 kW',
      ]) {
        const { r, p, parameters } = range(q);
        assert.equal(p.operator, 'between', q);
        assert.deepEqual(p.bounds, { gte: 5000, lte: 8000 }, q);
        assert.deepEqual(parameters, { 'specs.ac_power_w[gte]': '5000', 'specs.ac_power_w[lte]': '8000' }, q);
        assert.equal(r.text, '', q);
      }
    });

    it('when the ends are typed in reverse or a bound is below anything possible, then the reading says so', () => {
      const reversed = range('between 9 and 3 kW inverter');
      assert.deepEqual(reversed.p.bounds, { gte: 3000, lte: 9000 });
      assert.match(reversed.p.label, /reverse/);
      const vacuous = range('inverter over -5 W');
      assert.deepEqual(vacuous.p.bounds, { gt: -5 });
      assert.match(vacuous.p.label, /every product/);
    });

    it('when no value could satisfy a bound, then the reading refuses it in words', () => {
      for (const q of ['inverter under -5 W', 'module at most -1 W', 'heat pump COP below 0']) {
        const r = read(q);
        assert.equal(r.refused?.length, 1, q);
        assert.match(r.refused?.[0] ?? '', /which no product has/, q);
      }
      assert.equal(read('inverter under 3kW').refused, undefined);
    });

    it('when a comparator or a spec word has no quantity it can bound, then the words stay text', () => {
      for (const [q, text] of [
        ['over the moon', 'over the moon'],
        ['cop inverter', 'cop'],
        ['inverter 5 to 8', '5 to 8'],
        ['heat pump cop above 4 kW', 'cop above 4 kW'],
      ]) {
        const r = read(q);
        assert.equal(
          r.parts.some((p) => p.kind === 'range'),
          false,
          q,
        );
        assert.equal(r.text, text, q);
      }
    });
  });

  describe('derived efficiency and rankings', () => {
    it('when a module efficiency is compared, then it bounds the derived spec, and an efficiency above 100% is refused', () => {
      const r = read('module efficiency above 22%');
      assert.deepEqual(interpretationOf(r).parts[1].parameters, { 'specs.module_efficiency_pct[gt]': '22' });
      assert.equal(r.text, '');
      assert.deepEqual(interpretationOf(read('panels at least 200 W/m2')).parts[1].parameters, {
        'specs.power_per_area_w_per_m2[gte]': '200',
      });
      const refused = read('efficiency above 400%').refused ?? [];
      assert.equal(refused.length, 1);
      assert.match(refused[0], /at most 100 %/);
    });

    it('when a superlative is typed, then it is a sort by its measure in the category and the rest is the filter', () => {
      const cases: [string, string | undefined][] = [
        ['most efficient 400W module', '-specs.module_efficiency_pct'],
        ['highest power Jinko module', '-specs.stc_power_w'],
        ['most powerful inverter', '-specs.ac_power_w'],
        ['smallest heat pump', 'specs.heating_power_ref_w'],
        ['lightest inverter 5kW', 'specs.weight_kg'],
        ['quietest air to water heat pump', 'specs.sound_power_outdoor_dba'],
        ['most efficient heat pump', '-specs.cop_ref'],
        ['most efficient inverter', '-specs.cec_weighted_efficiency_pct'],
      ];
      for (const [q, sort] of cases) {
        const r = read(q);
        const view = interpretationOf(r).parts.find((p) => p.kind === 'ranking');
        assert.deepEqual(view?.parameters, { sort: [sort] }, q);
        assert.equal(r.text, '', q);
        const u = understoodOf(r)!;
        assert.equal(`${u.sort!.desc ? '-' : ''}specs.${u.sort!.spec}`, sort, q);
      }
      const filter = understoodOf(read('most efficient 400W module'))!;
      assert.deepEqual(filter.categories, ['pv-module']);
      assert.equal(filter.near[0].spec, 'stc_power_w');
    });

    it('when cheapest is typed, or a measure the category lacks, then the reading says so and sorts nothing', () => {
      for (const [q, why] of [
        ['cheapest inverter', /no prices/],
        ['quietest inverter', /no inverter value/],
        ['lightest module', /no PV module value/],
      ] as const) {
        const r = read(q);
        const part = r.parts.find((p) => p.kind === 'ranking');
        assert.match(part?.label ?? '', why, q);
        assert.deepEqual(interpretationOf(r).parts.find((p) => p.kind === 'ranking')?.parameters, {}, q);
        assert.equal(understoodOf(r)?.sort, undefined, q);
      }
    });
  });

  describe('series', () => {
    it('when a product line is named, then it is its companies and model prefixes, and a bare number after a kW line is kW', () => {
      const r = read('SMA Sunny Boy 7.7');
      const line = r.parts.find((p) => p.kind === 'series');
      assert.deepEqual(line && [line.label, line.models], ['SMA Sunny Boy', ['sb']]);
      assert.equal(r.category, 'inverter', 'the line implies its category');
      const power = quantity(r.parts);
      assert.deepEqual([power.spec, power.value], ['ac_power_w', 7700]);
      assert.equal(r.text, '');
      assert.deepEqual(understoodOf(r)?.series, ['sma-sunny-boy']);
      assert.deepEqual(interpretationOf(r).parts.find((p) => p.kind === 'series')?.parameters, {
        series: ['sma-sunny-boy'],
      });
      // A line and a maker both hold: the line names the products, never "by SMA Sunny Boy or SMA".
      assert.match(interpretationOf(r).summary, /^SMA Sunny Boy inverters by SMA [^,]+, 7\.7 kW/);
      for (const q of ['IQ8+', 'iq8 plus', 'IQ8PLUS'])
        assert.deepEqual(
          read(q).parts.map((p) => (p.kind === 'series' ? p.models : p.kind)),
          [['iq8plus']],
          q,
        );
      // IQ8+ is sold by its name, not by kW: a number after it stays text.
      assert.equal(read('IQ8+ 7').text, '7');
      // The unit written after the rating is part of it, not a word left to match.
      for (const q of ['sunny boy 6.9 kW', 'Sunny Boy 6.9 KW']) {
        const typed = read(q);
        assert.equal(typed.text, '', q);
        assert.deepEqual([quantity(typed.parts).spec, quantity(typed.parts).value], ['ac_power_w', 6900], q);
      }
    });
  });

  describe('exclusions', () => {
    it('when not, non or without comes before an attribute or a company, then it is an exclusion that keeps products lacking the field', () => {
      for (const q of ['not bifacial module', 'non-bifacial module', 'Non Bifacial module']) {
        const r = read(q);
        const part = r.parts.find((p) => p.kind === 'exclusion');
        assert.match(part?.label ?? '', /^not bifacial \(products with no bifacial value are kept\)$/, q);
        assert.deepEqual(understoodOf(r)?.excluded, { companies: [], values: [{ spec: 'bifacial', values: [true] }] });
        assert.deepEqual(understoodOf(r)?.values, [], `${q}: no positive bifacial condition`);
        assert.equal(r.text, '', q);
      }
      assert.deepEqual(understoodOf(read('inverter not hybrid'))?.excluded?.values, [
        { spec: 'hybrid', values: [true] },
      ]);
      const without = understoodOf(read('inverter without SMA'))!;
      assert.deepEqual(without.excluded?.companies, ['sma-america']);
      assert.deepEqual(without.companies, [], 'the company is left out, not asked for');
      // A negator before nothing it can negate is a word like any other.
      assert.equal(read('not the moon').text, 'not the moon');
      assert.equal(
        understoodOf(read('monofacial module'))?.excluded,
        undefined,
        'monofacial is a value, not an exclusion',
      );
    });
  });
});
