// Schemathesis (from PyPI) against the served OpenAPI document, with a real API key for product
// operations and a real login token for key management, every check on, in every phase including
// the stateful one (links schemathesis infers between operations): no 5xx, every answer as
// documented (status, content type, headers, body schema), invalid input refused and valid input
// accepted. test/fuzz/hooks.py holds the one thing a schema cannot say (which cursors are real).
// A bounded run here; `npm run test:fuzz` runs the same for longer.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { ENGINES_DIR, ROOT } from '../helpers/engines';

const BIN = process.env.SCHEMATHESIS_BIN || path.join(ENGINES_DIR, 'schemathesis', '4.32.5', 'bin', 'schemathesis');
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES || 25);

interface Suitable {
  module?: string;
  inverter?: string;
  products?: string[];
}

interface FuzzRun {
  readonly code: number | null;
  readonly output: string;
  /** Test cases generated and sent. */
  readonly cases: number;
}

/** `suitable`: a module and an inverter the design operations can size, and ids of real products for compare (see hooks.py). */
function fuzz(server: TestServer, token: string, select: string[], suitable: Suitable = {}): Promise<FuzzRun> {
  const args = [
    '--config-file',
    path.join(ROOT, 'test', 'fuzz', 'schemathesis.toml'),
    'run',
    `${server.url}/api/v1/openapi.json`,
    '--url',
    server.url,
    '-H',
    `Authorization: Bearer ${token}`,
    '--checks',
    'all',
    '--max-examples',
    String(MAX_EXAMPLES),
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--workers',
    '2',
    '--seed',
    '20261121',
    '--request-timeout',
    '60',
    '--no-color',
    ...select,
  ];
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      SCHEMATHESIS_HOOKS: 'hooks',
      PYTHONPATH: path.join(ROOT, 'test', 'fuzz'),
      FUZZ_MODULE_ID: suitable.module ?? '',
      FUZZ_INVERTER_ID: suitable.inverter ?? '',
      FUZZ_PRODUCT_IDS: (suitable.products ?? []).join(','),
    };
    const child = spawn(BIN, args, { env });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output, cases: Number(/(\d+) generated/.exec(output)?.[1] ?? 0) }));
  });
}

describe('fuzzing against the contract (schemathesis)', function () {
  this.timeout(600000);
  let catalog: Catalog;
  let server: TestServer;

  before(async () => {
    catalog = await openCatalog();
    const sources = writeSources();
    await catalog.seed(sources);
    // Limits out of the way: the fuzzer must see the contract, not the rate limiter. SAM lists read the
    // very files this catalog was seeded from.
    server = await startServer({
      SOURCES_DIR: sources,
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      RATE_LIMIT_MAX: '1000000',
      ACCOUNT_RATE_LIMIT_MAX: '1000000',
      SIGNUP_CREDITS: '1000000',
    });
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  it('when product, search, revision, source and watch operations are fuzzed with a real API key, then no 5xx and nothing off-contract', async () => {
    const key = (
      await (await newDeveloper(server.url)).key(['products:read', 'search:read', 'revisions:read', 'watches:write'])
    ).secret;
    const products: string[] = [];
    const suitable: Suitable = { products };
    for await (const p of catalog.products.stream()) {
      if (products.length < 10) products.push(p._id);
      if (p.category === 'pv-module' && typeof p.specs.a_ref_v === 'number' && typeof p.specs.noct_c === 'number')
        suitable.module ??= p._id;
      if (
        p.category === 'inverter' &&
        ['max_dc_voltage_v', 'mppt_low_v', 'mppt_high_v'].every((s) => typeof p.specs[s] === 'number')
      )
        suitable.inverter ??= p._id;
    }
    assert.ok(suitable.module && suitable.inverter, 'the fixture has a module and an inverter to size');
    const run = await fuzz(server, key, ['--exclude-tag', 'accounts', '--exclude-tag', 'keys'], suitable);
    console.log(`      ${run.cases} cases`);
    assert.equal(run.code, 0, run.output.slice(-6000));
    assert.ok(run.cases > 100, `only ${run.cases} cases ran`);
  });

  it('when key management and accounts are fuzzed with a real login token, then no 5xx and nothing off-contract', async () => {
    const dev = await newDeveloper(server.url);
    const run = await fuzz(server, dev.token, ['--include-tag', 'keys', '--include-tag', 'accounts']);
    console.log(`      ${run.cases} cases`);
    assert.equal(run.code, 0, run.output.slice(-6000));
    assert.ok(run.cases > 50, `only ${run.cases} cases ran`);
  });
});
