// The MCP front door with the official SDK's own client, over HTTP, against the running service on
// the complete data: the tools it lists (within what the LLM tool APIs accept, in 20 KB), each called
// with real input and compared with the REST answer for the same input; the REST problems as tool
// errors; a key refused at the door with HTTP 401 and a challenge; JSON-RPC errors and batches within
// their bounds; two instances, no session; and a second real client, the MCP Inspector's CLI.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { ROOT } from '../helpers/engines';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import type { ProductDoc } from '../../src/catalog/product.types';
import { toolListSize, toolListViolations, type ListedTool } from '../helpers/llm-tool-rules';

const execute = promisify(execFile);

/** Node 24 from the engines cache (tools/node.mjs), which the MCP Inspector needs. */
async function node24(): Promise<string> {
  const script = "import('./tools/node.mjs').then((m) => m.ensureNode('24')).then((p) => process.stdout.write(p))";
  return (await execute(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT })).stdout.trim();
}

/** The MCP Inspector's CLI mode (a second real client, from the npm registry) against `url`. */
async function inspector(node: string, url: string, key: string, args: string[]): Promise<any> {
  const cli = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js');
  const { stdout } = await execute(
    node,
    [cli, '--cli', url, '--transport', 'http', '--header', `Authorization: Bearer ${key}`, ...args],
    { cwd: ROOT, timeout: 120000, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

const rpcHeaders = (key?: string, extra: Record<string, string> = {}) => ({
  ...(key ? { authorization: `Bearer ${key}` } : {}),
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  ...extra,
});
const LIST = { jsonrpc: '2.0', method: 'tools/list', params: {} };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

const TOOL_NAMES = [
  'search_products',
  'get_products',
  'compare_products',
  'get_product_history',
  'list_specs',
  'find_company',
  'similar_products',
  'size_string',
  'check_design_fit',
  'module_performance',
  'inverter_performance',
  'heat_pump_performance',
];

/** A key that stops working: revoked, or expired by the clock of the instance that made it. */
interface Clock {
  now: number;
}

async function connect(base: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'pds-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

describe('MCP endpoint with the SDK client (complete data)', function () {
  this.timeout(300000);
  let a: TestServer;
  let b: TestServer;
  /** Low limits and its own clock: refused keys, rate limits, batch answers, key expiry. */
  let c: TestServer;
  const clock: Clock = { now: Date.now() };
  let key: string;
  let productsOnly: string;
  let poorKey: string;
  let client: Client;
  let module: ProductDoc;
  let inverter: ProductDoc;
  let heatPump: ProductDoc;
  let other: ProductDoc;
  let fourth: ProductDoc;

  before(async function () {
    // The first suite to ask seeds the complete data: minutes on a busy machine.
    this.timeout(1200000);
    const catalog = await fullCatalog();
    const shared = {
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
    };
    a = await startServer({ ...shared, SIGNUP_CREDITS: '100000' });
    // The second instance gives new accounts 3 credits: enough to run out of.
    b = await startServer({ ...shared, SIGNUP_CREDITS: '3' });
    c = await startServer(
      {
        ...shared,
        SIGNUP_CREDITS: '1000',
        KEY_FAILURES_MAX: '4',
        RATE_LIMIT_MAX: '6',
        MCP_BATCH_ANSWER_MAX_BYTES: '65536',
      },
      () => clock.now,
    );
    const dev = await newDeveloper(a.url);
    key = (await dev.key(['products:read', 'search:read', 'revisions:read'])).secret;
    productsOnly = (await dev.key(['products:read'])).secret;
    poorKey = (await (await newDeveloper(b.url)).key(['products:read'])).secret;
    const products: ProductDoc[] = [];
    for (const p of await fullCatalogProducts()) products.push(p);
    products.sort((x, y) => (x._id < y._id ? -1 : 1));
    const modules = products.filter((p) => p.category === 'pv-module' && p.specs.a_ref_v !== undefined);
    module = modules[Math.floor(modules.length / 2)];
    other = modules[Math.floor(modules.length / 3)];
    fourth = modules[0];
    inverter = products.find(
      (p) =>
        p.category === 'inverter' &&
        p.specs.max_dc_voltage_v !== undefined &&
        typeof p.specs.sandia_c0_per_w === 'number' &&
        typeof p.specs.nominal_dc_voltage_v === 'number',
    )!;
    heatPump = products.find((p) => p.category === 'heat-pump' && typeof p.specs.hplib_p1_cop === 'number')!;
    client = await connect(a.url, key);
  });
  after(async () => {
    await client?.close();
    await a?.stop();
    await b?.stop();
    await c?.stop();
  });

  const tool = async (holder: Client, name: string, args: Record<string, unknown>) =>
    (await holder.callTool({ name, arguments: args })) as {
      isError?: boolean;
      structuredContent?: unknown;
      _meta?: {
        status: number;
        quota_cost?: number;
        quota_balance?: number;
        problem?: { status: number; type: string; detail: string; errors?: { in: string; name: string }[] };
      };
    };

  it('when the tools are listed, then every LLM tool API accepts the list, and it fits in 20 KB', async () => {
    const res = await fetch(`${a.url}/mcp`, {
      method: 'POST',
      headers: rpcHeaders(key),
      body: JSON.stringify({ ...LIST, id: 1 }),
    });
    assert.equal(res.status, 200);
    const { result } = (await res.json()) as { result: { tools: ListedTool[] } };
    const size = toolListSize(result);
    console.log(
      `      served tools/list: ${result.tools.length} tools, ${size.bytes} bytes, about ${size.tokens} tokens`,
    );
    assert.deepEqual(toolListViolations(result), []);
  });

  it('when the tools are listed, then each is there, read-only, with input and output schemas from the OpenAPI document', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
    for (const t of tools) {
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.equal(t.outputSchema?.type, 'object', t.name);
    }
    const batch = tools.find((t) => t.name === 'get_products')!;
    assert.equal((batch.inputSchema.properties as any).ids.maxItems, 100);
  });

  /** Half the inverter's rated DC input at its nominal DC voltage: a point every Sandia row can answer. */
  const inverterPoint = () => `${Number(inverter.specs.dc_power_w) / 2}@${Number(inverter.specs.nominal_dc_voltage_v)}`;

  it('when each tool is called with real input, then its structured answer is the REST answer for the same input, provenance included, at the REST price', async () => {
    const rest = async (operationId: string, input: object) => {
      const res = await call(a.url, operationId as never, { token: key, ...input });
      assert.equal(res.status, 200, `${operationId}: ${res.text.slice(0, 300)}`);
      return res;
    };
    const cases: [string, Record<string, unknown>, string, object][] = [
      [
        'search_products',
        { q: 'Trina 400W bifacial', limit: 3 },
        'searchProducts',
        { query: { q: 'Trina 400W bifacial', limit: 3 } },
      ],
      [
        'search_products',
        {
          q: 'Trina',
          category: ['pv-module'],
          ranges: { stc_power_w: { gte: 400, lt: '0.5kW' } },
          specs: { bifacial: true },
          sort: ['-specs.stc_power_w'],
          fields: ['model', 'specs.stc_power_w'],
          limit: 5,
        },
        'searchProducts',
        {
          query: {
            q: 'Trina',
            category: ['pv-module'],
            'specs.stc_power_w[gte]': '400',
            'specs.stc_power_w[lt]': '0.5kW',
            'specs.bifacial': true,
            sort: ['-specs.stc_power_w'],
            fields: ['model', 'specs.stc_power_w'],
            limit: 5,
          },
        },
      ],
      [
        'get_products',
        { ids: [module._id, inverter.model, 'no-such-product-anywhere'] },
        'getProducts',
        { body: { ids: [module._id, inverter.model, 'no-such-product-anywhere'] } },
      ],
      [
        'compare_products',
        { ids: [module._id, other._id] },
        'compareProducts',
        { query: { ids: [module._id, other._id] } },
      ],
      ['get_product_history', { id: module._id }, 'listRevisions', { params: { id: module._id } }],
      ['list_specs', {}, 'listSpecs', {}],
      ['find_company', { id: 'trina-solar' }, 'getManufacturer', { params: { id: 'trina-solar' } }],
      [
        'similar_products',
        { id: module._id, limit: 3 },
        'listSimilarProducts',
        { params: { id: module._id }, query: { limit: 3 } },
      ],
      [
        'size_string',
        { module: module._id, inverter: inverter._id, t_min: -10, t_max: 40 },
        'checkCompatibility',
        { query: { module: module._id, inverter: inverter._id, t_min: -10, t_max: 40 } },
      ],
      [
        'check_design_fit',
        { module: module._id, inverter: inverter._id, t_min: -10, t_max: 40, modules_per_string: 8, strings: 2 },
        'checkDesignFit',
        {
          query: {
            module: module._id,
            inverter: inverter._id,
            t_min: -10,
            t_max: 40,
            modules_per_string: 8,
            strings: 2,
          },
        },
      ],
      [
        'module_performance',
        { id: module._id, irradiance: 800, cell_temperature: 45 },
        'getModulePerformance',
        { params: { id: module._id }, query: { irradiance: 800, cell_temperature: 45 } },
      ],
      [
        'inverter_performance',
        { id: inverter._id, model: 'sandia', points: [inverterPoint()] },
        'getInverterPerformance',
        { params: { id: inverter._id }, query: { model: 'sandia', points: [inverterPoint()] } },
      ],
      [
        'heat_pump_performance',
        { id: heatPump._id, points: ['-7/55', '2/35'] },
        'getHeatPumpPerformance',
        { params: { id: heatPump._id }, query: { points: ['-7/55', '2/35'] } },
      ],
    ];
    for (const [name, args, operationId, input] of cases) {
      const result = await tool(client, name, args);
      assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result).slice(0, 400)}`);
      const expected = await rest(operationId, input);
      assert.deepEqual(result.structuredContent, expected.body, name);
      const cost = expected.headers.get('x-quota-cost');
      if (cost !== null) assert.equal(result._meta?.quota_cost, Number(cost), `${name} costs what REST costs`);
    }
    const batch = (await tool(client, 'get_products', { ids: [module._id] })).structuredContent as any;
    assert.ok(batch.data[0].product.provenance.stc_power_w.locator.file, 'values carry their provenance');
  });

  it('when the key lacks the scope, an argument is bad or the credits run out, then the tool error carries the REST problem', async () => {
    const cases: [Client, string, Record<string, unknown>, number, string][] = [
      [await connect(a.url, productsOnly), 'search_products', { q: 'Trina' }, 403, '/problems/insufficient-scope'],
      [client, 'get_products', { ids: [] }, 400, '/problems/validation-failed'],
      [client, 'module_performance', { id: module._id, irradiance: 'bright' }, 400, '/problems/validation-failed'],
      [client, 'similar_products', { id: 'no-such-product-anywhere' }, 404, '/problems/not-found'],
      // A range on a spec the glossary does not list as numeric, and an unknown sort key: REST's own refusal.
      [client, 'search_products', { ranges: { no_such_spec: { gte: 1 } } }, 400, '/problems/validation-failed'],
      [client, 'search_products', { sort: ['-specs.no_such_spec'] }, 400, '/problems/validation-failed'],
      [
        await connect(b.url, poorKey),
        'get_products',
        { ids: [module._id, other._id, inverter._id, fourth._id] },
        402,
        '/problems/insufficient-credits',
      ],
    ];
    for (const [holder, name, args, status, type] of cases) {
      const result = await tool(holder, name, args);
      assert.equal(result.isError, true, `${name} ${status}: ${JSON.stringify(result).slice(0, 300)}`);
      assert.equal(result._meta?.problem?.status, status, JSON.stringify(result._meta));
      assert.equal(result._meta?.problem?.type, type);
    }
  });

  it('when tool calls and REST calls share a key, then they draw one balance at the same prices, a refused call costs nothing, and the problem is the REST one', async () => {
    const secret = (await (await newDeveloper(a.url)).key(['products:read'])).secret;
    const holder = await connect(a.url, secret);
    const balanceOf = (result: { _meta?: { quota_balance?: number } }): number =>
      result._meta?.quota_balance ?? Number.NaN;
    try {
      const ids = [module._id, other._id];
      const first = await tool(holder, 'compare_products', { ids });
      const rest = await call(a.url, 'compareProducts', { token: secret, query: { ids } });
      const cost = Number(rest.headers.get('x-quota-cost'));
      assert.ok(cost > 0);
      assert.equal(first._meta?.quota_cost, cost);
      assert.equal(Number(rest.headers.get('x-quota-balance')), balanceOf(first) - cost);
      const second = await tool(holder, 'compare_products', { ids });
      assert.equal(second._meta?.quota_balance, balanceOf(first) - 2 * cost);
      // Refused after the charge (no such product) or before it (a bad argument): nothing is kept.
      const missing = await tool(holder, 'similar_products', { id: 'no-such-product-anywhere' });
      assert.equal(missing._meta?.problem?.status, 404);
      assert.equal(missing._meta?.quota_cost, 0);
      const bad = await tool(holder, 'module_performance', { id: module._id, irradiance: 'bright' });
      const restBad = await callUnchecked(a.url, 'getModulePerformance', {
        token: secret,
        params: { id: module._id },
        query: { irradiance: 'bright' },
      });
      const { request_id: _tool, ...problem } = bad._meta!.problem as unknown as Record<string, unknown>;
      const { request_id: _rest, ...restProblem } = restBad.body as Record<string, unknown>;
      assert.deepEqual(problem, restProblem, 'the same problem+json, instance included');
      const after = await call(a.url, 'compareProducts', { token: secret, query: { ids } });
      assert.equal(Number(after.headers.get('x-quota-balance')), balanceOf(second) - cost);
    } finally {
      await holder.close();
    }
  });

  it('when tool calls and REST calls share a key, then one rate limit counts both and refuses both with the same problem', async () => {
    // Instance c allows 6 requests a key in a window.
    const secret = (await (await newDeveloper(c.url)).key(['products:read'])).secret;
    const toolCall = async (id: number) => {
      const res = await fetch(`${c.url}/mcp`, {
        method: 'POST',
        headers: rpcHeaders(secret),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'find_company', arguments: { id: 'trina-solar' } },
        }),
      });
      assert.equal(res.status, 200);
      return ((await res.json()) as { result: Awaited<ReturnType<typeof tool>> }).result;
    };
    const rest = () => call(c.url, 'getManufacturer', { token: secret, params: { id: 'trina-solar' } });
    for (let i = 0; i < 3; i++) {
      assert.equal((await rest()).status, 200);
      assert.notEqual((await toolCall(i)).isError, true);
    }
    const refusedTool = await toolCall(7);
    const refusedRest = await rest();
    assert.equal(refusedRest.status, 429);
    assert.equal(refusedTool.isError, true);
    assert.equal(refusedTool._meta?.problem?.status, 429);
    assert.equal(refusedTool._meta?.problem?.type, (refusedRest.body as { type: string }).type);
  });

  it('when a tool is given JSON values, then they are validated as such: an array item holding a comma is one (refused) item, and a null is an argument not given', async () => {
    const joined = await tool(client, 'compare_products', { ids: [`${module._id},${other._id}`, fourth._id] });
    assert.equal(joined.isError, true, JSON.stringify(joined).slice(0, 300));
    assert.equal(joined._meta?.problem?.type, '/problems/validation-failed');
    assert.deepEqual(
      joined._meta?.problem?.errors?.map((e) => [e.in, e.name]),
      [['query', 'ids']],
    );
    const nulls = await tool(client, 'search_products', { q: 'Trina', limit: null, cursor: null });
    assert.notEqual(nulls.isError, true, JSON.stringify(nulls).slice(0, 300));
    const rest = await call(a.url, 'searchProducts', { token: key, query: { q: 'Trina' } });
    assert.deepEqual(nulls.structuredContent, rest.body);
  });

  it('when a batch is sent, then it is bounded in messages and answer bytes, counted by the rate limits per message, and refused for protocols without batches', async () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ ...LIST, id: i + 1 }));
    const post = async (base: string, secret: string, body: unknown, extra: Record<string, string> = {}) => {
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: rpcHeaders(secret, extra),
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    const tooMany = await post(a.url, key, batch(11));
    assert.equal(tooMany.status, 400);
    assert.equal(JSON.parse(tooMany.text).error.code, -32600);
    const modern = await post(a.url, key, batch(2), { 'mcp-protocol-version': '2025-06-18' });
    assert.equal(modern.status, 400);
    assert.match(JSON.parse(modern.text).error.message, /no JSON-RPC batching/);
    const ten = await post(a.url, key, batch(10));
    assert.equal(ten.status, 200);
    assert.equal(JSON.parse(ten.text).length, 10);
    // Instance c: answers stop growing past 64 KiB, so ten tool lists are not all run.
    const cKey = (await (await newDeveloper(c.url)).key(['products:read'])).secret;
    const capped = await post(c.url, cKey, batch(6));
    const answers = JSON.parse(capped.text) as any[];
    assert.equal(answers.length, 6);
    const ran = answers.filter((x) => x.result);
    assert.ok(ran.length >= 1 && ran.length < 6, `${ran.length} of 6 run`);
    assert.ok(Buffer.byteLength(JSON.stringify(ran)) < 65536 + 20480);
    for (const skipped of answers.filter((x) => x.error)) assert.match(skipped.error.message, /Not run/);
    // Instance c allows 6 requests a key: the 6-message batch spent them all; the next call is refused.
    const after = await post(c.url, cKey, { ...LIST, id: 1 });
    assert.equal(after.status, 429);
  });

  it('when the key is missing, malformed, unknown, revoked or expired, then every /mcp request is HTTP 401 with a Bearer challenge', async () => {
    const dev = await newDeveloper(c.url);
    const revoked = await dev.key(['products:read']);
    assert.equal((await call(c.url, 'revokeApiKey', { token: dev.token, params: { id: revoked.id } })).status, 204);
    const expiring = await dev.key(['products:read'], { expires_at: new Date(clock.now + 3600_000).toISOString() });
    const [unknown] = [`${key.slice(0, -6)}abcdef`];
    const bodies = [
      INITIALIZE,
      { ...LIST, id: 2 },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_specs', arguments: {} } },
    ];
    const attempts: [string, Record<string, string>][] = [
      ['missing', rpcHeaders()],
      ['malformed', rpcHeaders(undefined, { authorization: 'Bearer' })],
      ['unknown', rpcHeaders(unknown)],
      ['revoked', rpcHeaders(revoked.secret)],
    ];
    // The refused-key throttle of instance c allows 4 refusals: the missing one is not a refused key.
    for (const [what, headers] of attempts) {
      const body = bodies[attempts.findIndex(([w]) => w === what) % bodies.length];
      const res = await fetch(`${c.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
      assert.equal(res.status, 401, `${what}: ${res.status}`);
      const challenge = res.headers.get('www-authenticate') ?? '';
      assert.match(challenge, /^Bearer realm="product-data-service"/, what);
      assert.match(
        challenge,
        new RegExp(`resource_metadata="${c.url}/.well-known/oauth-protected-resource/mcp"`),
        what,
      );
      if (what !== 'missing') assert.match(challenge, /error="invalid_token"/, what);
      const problem = (await res.json()) as { type: string; detail: string };
      assert.equal(problem.type, '/problems/unauthenticated');
    }
    const metadata = await (await fetch(`${c.url}/.well-known/oauth-protected-resource/mcp`)).json();
    assert.equal(metadata.resource, `${c.url}/mcp`);
    assert.deepEqual(metadata.bearer_methods_supported, ['header']);
    // The same key works until the instance's clock passes its expiry, then is refused at the door.
    const live = await fetch(`${c.url}/mcp`, {
      method: 'POST',
      headers: rpcHeaders(expiring.secret),
      body: JSON.stringify(INITIALIZE),
    });
    assert.equal(live.status, 200);
    clock.now += 2 * 3600_000;
    const expired = await fetch(`${c.url}/mcp`, {
      method: 'POST',
      headers: rpcHeaders(expiring.secret),
      body: JSON.stringify({ ...LIST, id: 9 }),
    });
    assert.equal(expired.status, 401);
    // The SDK's client cannot connect without a key: the 401 is its error, not a healthy-looking server.
    await assert.rejects(connect(a.url), /401|Unauthorized/i);
  });

  it('when refused keys reach the address limit on /mcp, then REST refuses that address too (one throttle)', async () => {
    // Instance c allows 4 refused keys an address; the test above spent 3 (unknown, revoked, expired).
    const wrong = rpcHeaders(`${key.slice(0, -6)}zzzzzz`);
    let status = 0;
    for (let i = 0; i < 3 && status !== 429; i++)
      status = (await fetch(`${c.url}/mcp`, { method: 'POST', headers: wrong, body: JSON.stringify(INITIALIZE) }))
        .status;
    assert.equal(status, 429);
    const search = await fetch(`${c.url}/api/v1/search?q=Trina`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(search.status, 429, 'even a good key from a blocked address waits');
  });

  it('when a JSON-RPC call is malformed, then its error has the code the spec gives it', async () => {
    const rpc = async (body: unknown, headers = rpcHeaders(key)) => {
      const res = await fetch(`${a.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const noName = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } });
    assert.equal(noName.body.error.code, -32602, JSON.stringify(noName.body));
    assert.equal(noName.body.id, 1);
    const unknownTool = await rpc({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'no_such_tool', arguments: {} },
    });
    assert.equal(unknownTool.body.error.code, -32602);
    const unknownMethod = await rpc({ jsonrpc: '2.0', id: 3, method: 'no/such/method' });
    assert.equal(unknownMethod.body.error.code, -32601);
    const notRpc = await rpc({ hello: 'world' });
    assert.equal(notRpc.body.error.code, -32700);
  });

  it('when get_products takes 100 long non-ASCII model numbers over /mcp, then the body is read as REST reads it (no 413)', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `${'Ω'.repeat(110)}${String(i).padStart(3, '0')}`);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_products', arguments: { ids } },
    });
    assert.ok(Buffer.byteLength(body) > 16384, `${Buffer.byteLength(body)} bytes`);
    const res = await fetch(`${a.url}/mcp`, { method: 'POST', headers: rpcHeaders(key), body });
    assert.equal(res.status, 200);
    const answer = await res.json();
    assert.equal(answer.result.structuredContent.data.length, 100);
    const rest = await call(a.url, 'getProducts', { token: key, body: { ids } });
    assert.equal(rest.status, 200);
  });

  it('when the MCP Inspector CLI (Node 24) lists and calls the tools, then it gets the list and the REST answers', async function () {
    this.timeout(600000);
    const node = await node24();
    const listed = await inspector(node, `${a.url}/mcp`, key, ['--method', 'tools/list']);
    assert.deepEqual(listed.tools.map((t: { name: string }) => t.name).sort(), [...TOOL_NAMES].sort());
    const called = await inspector(node, `${a.url}/mcp`, key, [
      '--method',
      'tools/call',
      '--tool-name',
      'compare_products',
      '--tool-arg',
      `ids=${JSON.stringify([module._id, other._id])}`,
    ]);
    const rest = await call(a.url, 'compareProducts', { token: key, query: { ids: [module._id, other._id] } });
    assert.deepEqual(called.structuredContent, rest.body);
  });

  it('when the same session-less call is sent to two instances, then both answer it the same, and neither hands out a session', async () => {
    const rpc = (base: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'get_products', arguments: { ids: [module._id, inverter._id] } },
        }),
      });
    const [fromA, fromB] = await Promise.all([rpc(a.url), rpc(b.url)]);
    assert.equal(fromA.status, 200);
    assert.equal(fromB.status, 200);
    assert.equal(fromA.headers.get('mcp-session-id'), null);
    assert.equal(fromB.headers.get('mcp-session-id'), null);
    const [bodyA, bodyB]: any[] = [await fromA.json(), await fromB.json()];
    assert.deepEqual(bodyA.result.structuredContent, bodyB.result.structuredContent);
    assert.deepEqual(
      bodyA.result.structuredContent.data.map((e: any) => e.product.id),
      [module._id, inverter._id],
    );
  });
});
