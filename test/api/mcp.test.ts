// The MCP front door with the official SDK's own client, over HTTP, against the running service on
// the complete data: the tools it lists, each called with real input and compared with the REST
// answer for the same input; the REST problems as tool errors; two instances, no session.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import type { ProductDoc } from '../../src/catalog/product.types';

const TOOL_NAMES = [
  'search_products',
  'get_products',
  'compare_products',
  'get_product_history',
  'list_specs',
  'find_company',
  'similar_products',
  'size_string',
  'module_performance',
];

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
  let key: string;
  let productsOnly: string;
  let poorKey: string;
  let client: Client;
  let module: ProductDoc;
  let inverter: ProductDoc;
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
    const dev = await newDeveloper(a.url);
    key = (await dev.key(['products:read', 'search:read', 'revisions:read'])).secret;
    productsOnly = (await dev.key(['products:read'])).secret;
    poorKey = (await (await newDeveloper(b.url)).key(['products:read'])).secret;
    const products: ProductDoc[] = [];
    for await (const p of catalog.products.stream()) products.push(p);
    products.sort((x, y) => (x._id < y._id ? -1 : 1));
    const modules = products.filter((p) => p.category === 'pv-module' && p.specs.a_ref_v !== undefined);
    module = modules[Math.floor(modules.length / 2)];
    other = modules[Math.floor(modules.length / 3)];
    fourth = modules[0];
    inverter = products.find((p) => p.category === 'inverter' && p.specs.max_dc_voltage_v !== undefined)!;
    client = await connect(a.url, key);
  });
  after(async () => {
    await client?.close();
    await a?.stop();
    await b?.stop();
  });

  const tool = async (c: Client, name: string, args: Record<string, unknown>) =>
    (await c.callTool({ name, arguments: args })) as {
      isError?: boolean;
      structuredContent?: unknown;
      _meta?: { status: number; quota_cost?: number; problem?: { status: number; type: string; detail: string } };
    };

  it('when the tools are listed, then the nine are there, read-only, with input and output schemas from the OpenAPI document', async () => {
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
        'module_performance',
        { id: module._id, irradiance: 800, cell_temperature: 45 },
        'getModulePerformance',
        { params: { id: module._id }, query: { irradiance: 800, cell_temperature: 45 } },
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

  it('when the key is missing, lacks the scope, an argument is bad or the credits run out, then the tool error carries the REST problem', async () => {
    const anonymous = await connect(a.url);
    const cases: [Client, string, Record<string, unknown>, number, string][] = [
      [anonymous, 'get_products', { ids: [module._id] }, 401, '/problems/unauthenticated'],
      [await connect(a.url, productsOnly), 'search_products', { q: 'Trina' }, 403, '/problems/insufficient-scope'],
      [client, 'get_products', { ids: [] }, 400, '/problems/validation-failed'],
      [client, 'module_performance', { id: module._id, irradiance: 'bright' }, 400, '/problems/validation-failed'],
      [client, 'similar_products', { id: 'no-such-product-anywhere' }, 404, '/problems/not-found'],
      [
        await connect(b.url, poorKey),
        'get_products',
        { ids: [module._id, other._id, inverter._id, fourth._id] },
        402,
        '/problems/insufficient-credits',
      ],
    ];
    for (const [c, name, args, status, type] of cases) {
      const result = await tool(c, name, args);
      assert.equal(result.isError, true, `${name} ${status}: ${JSON.stringify(result).slice(0, 300)}`);
      assert.equal(result._meta?.problem?.status, status, JSON.stringify(result._meta));
      assert.equal(result._meta?.problem?.type, type);
    }
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
