// The floors of the house (../shared/DESIGN.md): no import runs upward or between domains, and no
// file imports itself round a circle. scripts/layers.mjs says which imports break it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../helpers/engines';

describe('layers', () => {
  it('when every import of src/ and seed/convert/ is read, then none runs against the floors and none closes a circle', () => {
    const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'layers.mjs')], { encoding: 'utf8' });
    assert.match(res.stdout, /\d+ files: 0 imports against the floors, 0 circles/, res.stdout);
    assert.equal(res.status, 0);
  });
});
