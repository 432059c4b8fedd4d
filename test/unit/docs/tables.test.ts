// The configuration table in docs/operations.md and the error table in docs/api.md are generated:
// from the config schema (src/config.ts, CONFIG_SCHEMA) and the error catalog (src/errors/catalog.ts).
// This test fails when either table differs from what the code makes now. Run with UPDATE_DOCS=1 and
// it rewrites the text between the markers instead (see REGENERATE in tables.ts).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_SCHEMA } from '../../../src/config';
import { ERRORS, PROBLEM_TYPE_BASE } from '../../../src/errors/catalog';
import { PROJECT_ROOT } from '../../../src/shared/paths';
import { between, configTable, errorTable, framed, replaceBetween, REGENERATE } from './tables';

const UPDATE = process.env.UPDATE_DOCS === '1';

/** Compares the table between the markers `name` in `file` with `table`, or writes it there with UPDATE_DOCS=1. */
function checkTable(file: string, name: string, table: string, from: string): void {
  const full = path.join(PROJECT_ROOT, file);
  const text = readFileSync(full, 'utf8');
  const shown = between(text, name);
  assert.ok(shown !== undefined, `${file} has no <!-- ${name}:start --> ... <!-- ${name}:end --> markers`);
  if (UPDATE) {
    if (shown !== framed(table)) writeFileSync(full, replaceBetween(text, name, table));
    return;
  }
  assert.equal(
    shown,
    framed(table),
    `${file}: the table between the ${name} markers is not what ${from} makes now; regenerate it: ${REGENERATE}`,
  );
}

describe('docs: generated tables', () => {
  it('when docs/operations.md is read, then its configuration table is the one the config schema makes', () => {
    checkTable('docs/operations.md', 'config-table', configTable(CONFIG_SCHEMA), 'src/config.ts (CONFIG_SCHEMA)');
  });

  it('when docs/api.md is read, then its error table is the one the error catalog makes, with an anchor per problem type', () => {
    const table = errorTable(ERRORS, PROBLEM_TYPE_BASE);
    checkTable('docs/api.md', 'error-table', table, 'src/errors/catalog.ts (ERRORS)');
    for (const { slug } of Object.values(ERRORS))
      assert.ok(table.includes(`<a id="${slug}"></a>`), `docs/api.md#${slug} has an anchor`);
  });
});
