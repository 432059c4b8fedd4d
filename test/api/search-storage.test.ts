// Home batteries and EV chargers on the real engines: HiSim's table seeded beside a slice of heat
// pumps, searched the way people ask ("10 kWh battery", "11 kW wallbox"), each value with a locator
// that points into the JSON file, and the source record stating the table's limits.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';

type Hit = { id: string; category: string; model: string; specs: Record<string, unknown> };

describe('search: home batteries and EV chargers (HiSim smart devices)', function () {
  this.timeout(180000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources(), undefined, (s) => s.category !== 'pv-module' && s.category !== 'inverter');
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    const dev = await newDeveloper(server.url);
    key = (await dev.key(['search:read', 'products:read'])).secret;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  const search = async (q: string) => {
    const res = await call(server.url, 'searchProducts', { token: key, query: { q, limit: 50 } });
    assert.equal(res.status, 200, res.text);
    return res.body as {
      data: Hit[];
      meta: { total: number; interpretation: { summary: string; parts: { kind: string; spec?: string }[] } };
    };
  };

  it('when "10 kWh battery" is searched, then only home batteries within 10% of 10 kWh usable come, all of them', async () => {
    const body = await search('10 kWh battery');
    assert.deepEqual(
      body.meta.interpretation.parts.map((p) => [p.kind, p.spec]),
      [
        ['quantity', 'usable_capacity_kwh'],
        ['category', undefined],
      ],
    );
    const capacities = body.data.map((h) => h.specs.usable_capacity_kwh as number);
    assert.ok(
      body.data.every((h) => h.category === 'home-battery'),
      'batteries only',
    );
    assert.ok(
      capacities.every((c) => c >= 9 && c <= 11),
      `near 10 kWh: ${capacities.join(', ')}`,
    );
    // In the table: sonnen 10 - 11 kWh and performance 11 kWh (10), SENEC's three 10 kWh, LG RESU 10H (9.3).
    assert.equal(body.meta.total, 6, capacities.join(', '));
    assert.ok(body.data.some((h) => h.model === 'RESU 10H'));
  });

  it('when "11 kW wallbox" is searched, then the 11 kW EV chargers come and no 22 kW one', async () => {
    const body = await search('11 kW wallbox');
    assert.equal(body.meta.interpretation.parts[0].spec, 'charging_power_kw');
    assert.ok(body.data.length > 0);
    assert.ok(body.data.every((h) => h.category === 'ev-charger' && h.specs.charging_power_kw === 11));
    // go-e Charger HOMEfix 11 kW, mein HOMEfix, Heidelberg Energy Control, ABL eMH1.
    assert.equal(body.meta.total, 4);
  });

  it('when the category words are searched, then each names its category with every product of it', async () => {
    for (const [q, category, total] of [
      ['home battery', 'home-battery', 31],
      ['storage', 'home-battery', 31],
      ['EV charger', 'ev-charger', 8],
      ['chargers', 'ev-charger', 8],
    ] as const) {
      const body = await search(q);
      assert.equal(body.meta.total, total, q);
      assert.ok(
        body.data.every((h) => h.category === category),
        q,
      );
    }
  });

  it('when a battery is read, then its values carry units and locators into the JSON, and its source states its limits', async () => {
    const res = await call(server.url, 'getProduct', {
      token: key,
      params: { id: 'sonnen-sonnenbatterie-10-11-kwh' },
    });
    assert.equal(res.status, 200, res.text);
    const p = res.body as {
      specs: Record<string, unknown>;
      provenance: Record<string, { source_id: string; locator: { pointer?: string; column: string } }>;
    };
    assert.equal(p.specs.usable_capacity_kwh, 10);
    assert.equal(p.specs.price, undefined);
    assert.deepEqual(p.provenance.usable_capacity_kwh.locator, {
      file: 'hisim-smart-devices-1.2.4.json',
      record: 2,
      line: 305,
      column: 'Capacity',
      pointer: '/Battery/1/Capacity',
    });
    const sources = await call(server.url, 'listSources', { token: key });
    assert.equal(sources.status, 200, sources.text);
    const hisim = (sources.body.data as { id: string; limits?: string; products: number }[]).filter((s) =>
      s.id.startsWith('hisim-'),
    );
    assert.deepEqual(
      hisim.map((s) => [s.id, s.products]),
      [
        ['hisim-batteries', 31],
        ['hisim-wallboxes', 8],
      ],
    );
    for (const s of hisim) assert.match(s.limits ?? '', /hand-collected.*prices .* not read/s);
  });
});
