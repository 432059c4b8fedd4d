// The explorer's chips, in Node on readings the search gave on the complete data (recorded from
// GET /api/v1/search, trimmed to what the chips use): what a chip says, and what the search becomes
// when one is removed. The browser test drives the same code through the page.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../../src/shared/paths';
import { SPEC_LABELS } from '../../../src/catalog/spec-labels';
import { isSpecName } from '../../../src/catalog/spec-catalog';

interface Part {
  kind: string;
  from: string;
  label: string;
  spec?: string;
  sort?: { spec: string; desc: boolean };
  at?: string;
  parameters: Record<string, string | string[]>;
}
interface Reading {
  text: string;
  parts: Part[];
}
interface Chips {
  chipText(part: Part, labelOf: (spec: string) => string | undefined): string;
  withoutPart(interpretation: Reading, removed: number, state: URLSearchParams): void;
}

const TRINA = { id: 'trina-solar', name: 'Trina Solar' };
const readings: Record<string, Reading> = {
  'Trina module over 600W': {
    text: '',
    parts: [
      {
        kind: 'manufacturer',
        from: 'Trina',
        label: 'Trina Solar',
        parameters: { manufacturer: [TRINA.id] },
      },
      { kind: 'category', from: 'module', label: 'PV module', parameters: { category: ['pv-module'] } },
      {
        kind: 'range',
        from: 'over 600W',
        label: 'over 600 W',
        spec: 'stc_power_w',
        parameters: { 'specs.stc_power_w[gt]': '600' },
      },
    ],
  },
  'not bifacial Jinko module': {
    text: '',
    parts: [
      {
        kind: 'exclusion',
        from: 'not bifacial',
        label: 'not bifacial (products with no bifacial value are kept)',
        parameters: {},
      },
      {
        kind: 'manufacturer',
        from: 'Jinko',
        label: 'Jinko Solar Co. Ltd',
        parameters: { manufacturer: ['jinko-solar'] },
      },
      { kind: 'category', from: 'module', label: 'PV module', parameters: { category: ['pv-module'] } },
    ],
  },
  'SMA Sunny Boy 7.7': {
    text: '',
    parts: [
      {
        kind: 'manufacturer',
        from: 'SMA',
        label: 'SMA America or SMA Solar Technology AG',
        parameters: { manufacturer: ['sma-america', 'sma-solar-technology'] },
      },
      {
        kind: 'series',
        from: 'Sunny Boy',
        label: 'SMA Sunny Boy',
        parameters: { series: ['sma-sunny-boy'] },
      },
      {
        kind: 'quantity',
        from: '7.7',
        label: '7.7 kW ± 2%',
        spec: 'ac_power_w',
        parameters: { 'specs.ac_power_w[gte]': '7546', 'specs.ac_power_w[lte]': '7854' },
      },
    ],
  },
  'most efficient 400W module': {
    text: '',
    parts: [
      {
        kind: 'ranking',
        from: 'most efficient',
        label: 'most efficient first',
        sort: { spec: 'module_efficiency_pct', desc: true },
        parameters: { sort: ['-specs.module_efficiency_pct'] },
      },
    ],
  },
  'heat pump COP above 4 at 2/35': {
    text: '',
    parts: [
      { kind: 'category', from: 'heat pump', label: 'heat pump', parameters: { category: ['heat-pump'] } },
      {
        kind: 'range',
        from: 'COP above 4',
        label: 'COP over 4 at 2/35',
        spec: 'cop_ref',
        at: 'o2_f35',
        parameters: {},
      },
      { kind: 'design-point', from: 'at 2/35', label: 'at 2 °C outdoor and 35 °C flow', parameters: {} },
    ],
  },
};

/** The glossary's short labels the page reads from `x-spec-catalog` (api.mjs specLabel); none for `nominal_power_w`. */
const labelOf = (spec: string) => (isSpecName(spec) ? SPEC_LABELS[spec] : undefined);

/** The search after removing the part of `kind` from the reading of `q`, as the page's URL would hold it. */
function removing(chips: Chips, q: string, kind: string): URLSearchParams {
  const reading = readings[q];
  const state = new URLSearchParams({ q });
  chips.withoutPart(
    reading,
    reading.parts.findIndex((p) => p.kind === kind),
    state,
  );
  return state;
}

describe('explorer chips (src/explore/assets/chips.mjs)', () => {
  let chips: Chips;
  before(async () => {
    chips = (await import(pathToFileURL(path.join(PROJECT_ROOT, 'src/explore/assets/chips.mjs')).href)) as Chips;
  });

  it('names the spec a comparison, a quantity or a ranking reads by its glossary label, never its field name', () => {
    const [, , range] = readings['Trina module over 600W'].parts;
    assert.equal(chips.chipText(range, labelOf), 'STC power: over 600 W');
    const [, , quantity] = readings['SMA Sunny Boy 7.7'].parts;
    assert.equal(chips.chipText(quantity, labelOf), 'AC power: 7.7 kW ± 2%');
    const [ranking] = readings['most efficient 400W module'].parts;
    assert.equal(chips.chipText(ranking, labelOf), 'most efficient first, by Module efficiency');
  });

  it('shows the API label alone for a part with no spec, or a spec the glossary does not name', () => {
    const [maker] = readings['Trina module over 600W'].parts;
    assert.equal(chips.chipText(maker, labelOf), 'Trina Solar');
    const anyPower = { ...readings['Trina module over 600W'].parts[2], spec: 'nominal_power_w' };
    assert.equal(chips.chipText(anyPower, labelOf), 'over 600 W');
  });

  it('removing a comparison keeps the other parts as their parameters and drops its own', () => {
    const state = removing(chips, 'Trina module over 600W', 'range');
    assert.equal(state.get('q'), null, 'nothing left as text');
    assert.deepEqual(state.getAll('manufacturer'), [TRINA.id]);
    assert.deepEqual(state.getAll('category'), ['pv-module']);
    assert.equal(state.get('specs.stc_power_w[gt]'), null);
  });

  it('removing another part keeps an exclusion as its words, since no parameter excludes', () => {
    const state = removing(chips, 'not bifacial Jinko module', 'manufacturer');
    assert.equal(state.get('q'), 'not bifacial');
    assert.deepEqual(state.getAll('category'), ['pv-module']);
    assert.deepEqual(state.getAll('manufacturer'), []);
  });

  it('removing the exclusion drops its words and keeps the rest as parameters', () => {
    const state = removing(chips, 'not bifacial Jinko module', 'exclusion');
    assert.equal(state.get('q'), null);
    assert.deepEqual(state.getAll('manufacturer'), ['jinko-solar']);
  });

  it('removing the maker keeps a series as its series parameter, not as all of its companies', () => {
    const state = removing(chips, 'SMA Sunny Boy 7.7', 'manufacturer');
    assert.equal(state.get('q'), null, 'nothing left as text');
    assert.deepEqual(state.getAll('series'), ['sma-sunny-boy']);
    assert.deepEqual(state.getAll('manufacturer'), [], 'not all of SMA');
    assert.equal(state.get('specs.ac_power_w[gte]'), '7546');
    assert.equal(state.get('specs.ac_power_w[lte]'), '7854');
  });

  it('removing another part keeps a design point and a bound taken there as their words, since no parameter selects at a point', () => {
    const state = removing(chips, 'heat pump COP above 4 at 2/35', 'category');
    assert.equal(state.get('q'), 'COP above 4 at 2/35');
    assert.deepEqual(state.getAll('category'), []);
  });
});
