// The floors of the house (README.md, "How it works"): no import runs upward or between domains, no domain
// imports an adapter, and no file imports itself round a circle. scripts/layers.mjs says which imports break it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers/engines';

type Analyse = (root: string) => { files: number; upward: string[]; circles: string[][] };

/** A tree of files (path -> text) under a fresh folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('layers', () => {
  let analyse: Analyse;
  const roots: string[] = [];
  before(async () => {
    ({ analyse } = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'layers.mjs')).href)) as {
      analyse: Analyse;
    });
  });
  after(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  const analysed = (files: Record<string, string>) => {
    const root = tree(files);
    roots.push(root);
    return analyse(root);
  };

  it('when every import of src/ is read, then none runs against the floors and none closes a circle', () => {
    const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'layers.mjs')], { encoding: 'utf8' });
    assert.match(res.stdout, /\d+ files: 0 imports against the floors, 0 circles/, res.stdout);
    assert.equal(res.status, 0);
  });

  it('when src/ imports a file outside it (seed/ holds data, not code), then it is reported', () => {
    const { upward } = analysed({
      'seed/convert/csv.ts': 'export const parseCsv = (text: string) => text.split(",");\n',
      'src/ingest/edition-check.ts': "import { parseCsv } from '../../seed/convert/csv';\n",
    });
    assert.deepEqual(upward, [
      'src/ingest/edition-check.ts -> seed/convert/csv.ts (out of src/: the code lives there)',
    ]);
  });

  it('when a domain imports an adapter, even only a type, then it is reported; wiring, main and the CLI may', () => {
    const adapter = 'export interface ChangeDoc { readonly _id: number }\nexport class Repo {}\n';
    const { upward } = analysed({
      'src/adapters/mongo/change.repository.ts': adapter,
      'src/revisions/changes.service.ts': "import type { ChangeDoc } from '../adapters/mongo/change.repository';\n",
      'src/wiring/stores.ts': "import { Repo } from '../adapters/mongo/change.repository';\n",
      'src/main.ts': "import { Repo } from './adapters/mongo/change.repository';\n",
      'src/cli/seed.ts': "import { Repo } from '../adapters/mongo/change.repository';\n",
    });
    assert.deepEqual(upward, [
      'src/revisions/changes.service.ts -> src/adapters/mongo/change.repository.ts (a domain into the adapters: revisions on floor 3, adapters on floor 2)',
    ]);
  });

  it('when a domain takes the type from the ground floor and an adapter imports a domain, then only the upward import is reported', () => {
    const { upward } = analysed({
      'src/catalog/revision.types.ts': 'export interface ChangeDoc { readonly _id: number }\n',
      'src/revisions/changes.service.ts':
        "import type { ChangeDoc } from '../catalog/revision.types';\nexport const x = 1;\n",
      'src/adapters/mongo/change.repository.ts': "import { x } from '../../revisions/changes.service';\n",
    });
    assert.deepEqual(upward, [
      'src/adapters/mongo/change.repository.ts -> src/revisions/changes.service.ts (upward: adapters on floor 2, revisions on floor 3)',
    ]);
  });
});
