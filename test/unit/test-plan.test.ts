// How `npm test` deals the suite to its processes (scripts/test-plan.mjs): every file runs exactly
// once, the files that judge latency or memory run alone, and the groups take about equal time.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers/engines';

interface Plan {
  groups: { files: string[]; seconds: number }[];
  alone: string[];
}
interface TestPlan {
  ALONE: [string, string][];
  plan(files: string[], count: number): Plan;
  specFiles(configFile: string): { files: string[] };
  needsFullCatalog(files: string[]): boolean;
}

describe('the test plan (how npm test spreads the suite over processes)', () => {
  let testPlan: TestPlan;
  before(async () => {
    testPlan = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'test-plan.mjs')).href)) as TestPlan;
  });

  it('when the whole suite is dealt to two processes, then each file runs once, the timing-sensitive ones alone, and the two take about equal time', () => {
    const { files } = testPlan.specFiles('.mocharc.json');
    assert.ok(files.length > 100, `${files.length} test files`);
    const { groups, alone } = testPlan.plan(files, 2);
    const dealt = [...groups.flatMap((g) => g.files), ...alone].sort((a, b) => a.localeCompare(b));
    assert.deepEqual(dealt, files, 'every file exactly once');
    assert.deepEqual(new Set(alone), new Set(testPlan.ALONE.map(([file]) => file)));
    for (const [, reason] of testPlan.ALONE) assert.ok(reason.length > 20, 'each alone file says why');
    assert.equal(groups.length, 2);
    const [a, b] = groups.map((g) => g.seconds);
    assert.ok(Math.abs(a - b) <= 0.1 * (a + b), `the groups take ${Math.round(a)} s and ${Math.round(b)} s`);
  });

  it('when the files include one that opens the complete catalog, then the runner prepares it; unit files alone need none', () => {
    const { files } = testPlan.specFiles('.mocharc.json');
    assert.equal(testPlan.needsFullCatalog(files.filter((f) => f.startsWith('dist/test/unit/'))), false);
    assert.equal(testPlan.needsFullCatalog(['dist/test/api/batch.test.js']), true);
  });
});
