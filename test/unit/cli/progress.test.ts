import assert from 'node:assert/strict';
import { createProgress } from '../../../src/cli/progress';

/** A non-terminal stream that keeps what is written (a CI log). */
function capture() {
  const lines: string[] = [];
  const out = { isTTY: false, write: (s: string) => lines.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { out, lines };
}

describe('cli: progress', () => {
  it('when the total is known, then lines show done/total and an ETA', () => {
    const { out, lines } = capture();
    const bar = createProgress('reindex', out);
    bar.update(16000, 26381);
    assert.match(lines[0], /^reindex: 16000\/26381 \d+\/s ETA \d+s\n$/);
  });

  it('when the total is not known, then lines show the count and rate with no total and no ETA', () => {
    const { out, lines } = capture();
    const bar = createProgress('reindex', out);
    bar.update(16000);
    assert.match(lines[0], /^reindex: 16000 \d+\/s\n$/);
    assert.doesNotMatch(lines[0], /ETA|16000\/16000/);
  });
});
