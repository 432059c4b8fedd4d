// Understanding reads untrusted text: whatever is typed, it must give a reading the contract allows
// (issue 42 found "5 constructor" and "7 __proto__" answering 500, and "constructor" read as an
// attribute with no label). Every name Object.prototype carries, alone and beside numbers and
// category words, and a few thousand random words drawn with a fixed seed.
import assert from 'node:assert/strict';
import { compile, createAjv } from '../../../src/contract/ajv';
import { FILLER, PHRASES, QUANTITY_UNITS } from '../../../src/search/query-words';
import { AFTER_COMPARATORS, COMPARATORS, SPEC_WORDS } from '../../../src/search/query-comparisons';
import { makerDictionary } from '../../../src/search/maker-dictionary';
import { understand } from '../../../src/search/understanding';
import { interpretationOf, understoodOf } from '../../../src/search/interpretation';

const DICTIONARY = makerDictionary([
  {
    id: 'trina-solar',
    name: 'Trina Solar',
    names: ['trina-solar', 'trina solar', 'trina'],
    categories: { 'pv-module': 9 },
    madeBy: [],
  },
  {
    id: 'sma-america',
    name: 'SMA America',
    names: ['sma-america', 'sma america', 'sma'],
    categories: { inverter: 9 },
    madeBy: [],
  },
]);
const valid = compile(createAjv(), { $ref: '#/components/schemas/Interpretation' });

/** A fixed-seed generator (mulberry32): the same words on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROTOTYPE_NAMES = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function.prototype),
    ...Object.getOwnPropertyNames(Array.prototype),
    ...Object.getOwnPropertyNames(String.prototype),
  ]),
].filter((n) => /^[\w$]+$/.test(n));

function assertReads(q: string, category?: 'pv-module' | 'inverter' | 'heat-pump') {
  let reading;
  try {
    reading = understand(q, DICTIONARY, category);
  } catch (err) {
    assert.fail(`understand(${JSON.stringify(q)}) threw ${String(err)}`);
  }
  const interpretation = interpretationOf(reading);
  assert.ok(valid(interpretation), `${JSON.stringify(q)}: ${JSON.stringify(valid.errors)}`);
  for (const p of interpretation.parts) assert.ok(typeof p.label === 'string' && p.label.length > 0, q);
  understoodOf(reading);
  return reading;
}

describe('query understanding, fuzzed', () => {
  it('when a word is a name Object.prototype carries, then it is read as text, alone or beside a number or a category', () => {
    assert.ok(PROTOTYPE_NAMES.includes('__proto__') && PROTOTYPE_NAMES.includes('constructor'));
    for (const name of PROTOTYPE_NAMES) {
      for (const q of [name, `5 ${name}`, `7${name}`, `module ${name}`, `${name} inverter 5 kW`, `r-${name}`]) {
        const reading = assertReads(q);
        // A filler ("with", Array.prototype's) may be dropped; any other name stays text.
        if (!FILLER.has(name.toLowerCase()))
          assert.ok(reading.text.toLowerCase().includes(name.toLowerCase()), `${q}: "${name}" left as text`);
      }
      assertReads(`${name} ${name}`, 'heat-pump');
    }
  });

  it('when thousands of random words are typed, then each gives a reading the contract allows', () => {
    const random = seeded(20261125);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const known = [
      ...Object.keys(PHRASES),
      ...Object.keys(QUANTITY_UNITS),
      ...Object.keys(COMPARATORS),
      ...Object.keys(AFTER_COMPARATORS),
      ...Object.keys(SPEC_WORDS),
      'trina',
      'sma',
      'between',
      'from',
      'not',
      'non',
      'without',
      'sunny boy',
      'iq8+',
      'most efficient',
      'and',
      'to',
      '-5',
    ];
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-/.,+%°<>≥≤–_$éü ';
    const word = () => {
      const r = random();
      if (r < 0.25) return pick(known);
      if (r < 0.35) return pick(PROTOTYPE_NAMES);
      if (r < 0.5) return String(Math.round(random() * 10 ** Math.floor(random() * 6)) / (random() < 0.3 ? 10 : 1));
      return Array.from({ length: 1 + Math.floor(random() * 10) }, () => pick(Array.from(alphabet))).join('');
    };
    for (let n = 0; n < 3000; n++) {
      const q = Array.from({ length: 1 + Math.floor(random() * 6) }, word).join(pick([' ', ' ', '']));
      assertReads(q, pick([undefined, 'pv-module', 'inverter', 'heat-pump'] as const));
    }
  });
});
