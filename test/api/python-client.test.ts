// The Python client (clients/python) against the real service on the complete data: its unittest
// suites run with the service's URL and a key in the environment, in pvlib's virtual environment
// (pandas and pvlib for the comparison with pvlib's own readings), the package from its source.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { ENGINES_DIR, ROOT } from '../helpers/engines';

const PYTHON = process.env.PVLIB_PYTHON || path.join(ENGINES_DIR, 'pvlib', '0.16.1', 'bin', 'python');
const PACKAGE = path.join(ROOT, 'clients', 'python');

interface Run {
  readonly code: number | null;
  readonly output: string;
}

/** `python -m unittest -v <modules>` in clients/python, stdout and stderr together. */
function unittest(modules: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-m', 'unittest', '-v', ...modules], {
      cwd: PACKAGE,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('Python client (clients/python) against the service on the complete data', function () {
  this.timeout(900000);
  let server: TestServer;
  let limited: TestServer;
  let env: Record<string, string>;

  before(async () => {
    const catalog = await fullCatalog();
    const shared = { MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, SIGNUP_CREDITS: '1000000' };
    server = await startServer({
      ...shared,
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
      // tests.test_watches_service points a watch at its receiver on 127.0.0.1 (local development only).
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    });
    // The same data behind a limit a test can reach in a second: 3 requests per key per 2 s. It shares
    // the database, so it leaves the deliveries to the server above (it could not sign them: each
    // instance here seals secrets under its own generated WEBHOOK_SECRET_KEY, and refuses loopback).
    limited = await startServer({
      ...shared,
      WEBHOOK_DELIVERY: 'off',
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_MS: '2000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
    });
    const dev = await newDeveloper(server.url);
    const key = (await dev.key(['products:read', 'search:read', 'revisions:read', 'watches:write'])).secret;
    env = {
      PDS_URL: server.url,
      PDS_KEY: key,
      PDS_LIMITED_URL: limited.url,
      PDS_SOURCES: path.join(ROOT, 'seed', 'sources'),
      PDS_TEST_INSTALL: '1',
      // A test lacking what it needs fails here rather than being skipped.
      PDS_REQUIRE_ALL: '1',
      PYTHONPATH: path.join(PACKAGE, 'src'),
      PYTHONDONTWRITEBYTECODE: '1',
    };
  });
  after(async () => {
    await limited?.stop();
    await server?.stop();
  });

  /** Runs the suites and asserts every test ran and passed, none skipped; returns the output. */
  async function passes(modules: string[], atLeast: number): Promise<string> {
    const run = await unittest(modules, env);
    assert.equal(run.code, 0, run.output.slice(-8000));
    const ran = /^Ran (\d+) tests? in/m.exec(run.output);
    assert.ok(ran && Number(ran[1]) >= atLeast, `ran ${ran?.[1]} tests, expected at least ${atLeast}`);
    assert.doesNotMatch(run.output, /skipped/, run.output.slice(-8000));
    return run.output;
  }

  it('when the client meets retries, problems, cursors and streams from a stub server, then it behaves as documented (tests.test_client_offline)', async () => {
    await passes(['tests.test_client_offline'], 22);
  });

  it('when webhook deliveries are verified offline, then signed ones pass and tampered, stale, re-keyed or unsigned ones raise WebhookVerificationError (tests.test_webhooks)', async () => {
    await passes(['tests.test_webhooks'], 20);
  });

  it('when a watch points at a receiver on 127.0.0.1, then its test event arrives signed and passes pds_client.webhooks.verify, the log shows it delivered, a redelivery keeps its webhook-id, a rotation signs with both secrets and a delete ends it (tests.test_watches_service)', async () => {
    await passes(['tests.test_watches_service'], 5);
  });

  it('when the client reads the real service, then cursors walked to the end give meta.total distinct products, a bad parameter raises the 400 with its detail, as_of reads the older revision and a real 429 is waited out (tests.test_service)', async () => {
    await passes(['tests.test_service'], 17);
  });

  it('when the served OpenAPI document is read, then every operation the package wraps is there and every parameter it sends is declared (tests.test_drift)', async () => {
    await passes(['tests.test_drift'], 3);
  });

  it("when modules and inverters of both editions are read as pvlib frames, then they equal pvlib's own readings cell for cell and a clear-sky ModelChain week gives the same AC energy (tests.test_pvlib)", async () => {
    const output = await passes(['tests.test_pvlib'], 8);
    const summary = /^\[pvlib\] \d+ ModelChain runs.*$/m.exec(output);
    assert.ok(summary, output.slice(-4000));
    console.log(`      ${summary[0]}`);
  });

  it('when pvlib reads a signed SAM URL the client made, or the file sam_list wrote, then it reads the rows as the source file has them; a revoked or altered URL is refused (tests.test_sam)', async () => {
    await passes(['tests.test_sam'], 3);
  });

  it('when pip installs clients/python into a fresh venv (python3 -m venv), then it imports, typed, with no dependency (tests.test_install)', async () => {
    await passes(['tests.test_install'], 1);
  });
});
