import assert from 'node:assert/strict';
import { buildSuggestRequest, suggestionsFrom } from '../../../src/adapters/elasticsearch/suggestions';

const entry = (offset: number, length: number, ...options: string[]) => ({
  offset,
  length,
  options: options.map((text) => ({ text })),
});

describe('search: suggestions for an empty result', () => {
  it('when words are corrected, then each is replaced where it stood, the rest of the text as typed', () => {
    const q = 'Q.PEAK DUX-G5';
    assert.deepEqual(suggestionsFrom(q, { words: [entry(2, 4), entry(7, 3, 'duo'), entry(11, 2)] }), ['Q.PEAK duo-G5']);
    assert.deepEqual(suggestionsFrom('Trina Solr TSM-400', { words: [entry(6, 4, 'solar'), entry(0, 5, 'trino')] }), [
      'trino solar TSM-400',
    ]);
  });

  it('when whole model numbers are proposed, then they follow the corrected words, without repeats of each other or of q', () => {
    const got = suggestionsFrom('sun20005ktlusx0', {
      words: [entry(0, 15, 'sun20005ktlusl0')],
      model_number: [entry(0, 15, 'sun20005ktlusl0', 'SUN20005KTLUSX0', 'sun20005ktlusm0')],
    });
    assert.deepEqual(got, ['sun20005ktlusl0', 'sun20005ktlusm0']);
  });

  it('when nothing close exists, then the list is empty; it never holds more than 5', () => {
    assert.deepEqual(suggestionsFrom('zzqxv', { words: [entry(0, 5)] }), []);
    assert.deepEqual(suggestionsFrom('zzqxv', undefined), []);
    const many = suggestionsFrom('abcdefgh', { model_number: [entry(0, 8, 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7')] });
    assert.equal(many.length, 5);
  });

  it('when the text is short, then no whole-model suggester is asked (one edit names too many models)', () => {
    assert.equal('model_number' in buildSuggestRequest('ab-c12').suggest, true);
    assert.equal('model_number' in buildSuggestRequest('ab-1').suggest, false);
  });
});
