// Evidence you can audit: revision history, snapshots, as-of reads and sources, through the contract.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources, TRINA_KEY, trinaStc } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';

describe('revisions, as-of reads and sources', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let productId: string;
  let between: string;

  before(async () => {
    catalog = await openCatalog();
    // Two editions a month apart, dated explicitly: `between` falls strictly between them.
    await catalog.seed(writeSources(), new Date('2026-09-01T00:00:00Z'));
    between = '2026-09-15T00:00:00Z';
    await catalog.seed(writeSources(undefined, [trinaStc('251.5')]), new Date('2026-10-01T00:00:00Z'));
    productId = (await catalog.products.identities()).find((p) => p.key === TRINA_KEY)!._id;
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    key = (await (await newDeveloper(server.url)).key(['products:read', 'revisions:read'])).secret;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  it('when a value changed in the source, then the history lists revision 2 with the change, newest first, paged by cursor', async () => {
    const first = await call(server.url, 'listRevisions', {
      token: key,
      params: { id: productId },
      query: { limit: 1 },
    });
    assert.equal(first.status, 200);
    assert.equal(first.body.meta.total, 2);
    assert.equal(first.body.data[0].number, 2);
    assert.deepEqual(
      first.body.data[0].changes.map((c: any) => [c.field, c.to]),
      [
        ['stc_power_w', 251.5],
        // Derived from STC power and area, so they change with it.
        ['module_efficiency_pct', 19.929],
        ['power_per_area_w_per_m2', 199.287],
      ],
    );
    const second = await call(server.url, 'listRevisions', {
      token: key,
      params: { id: productId },
      query: { limit: 1, cursor: first.body.meta.next_cursor },
    });
    assert.deepEqual(
      second.body.data.map((r: any) => r.number),
      [1],
    );
    assert.equal(second.body.meta.next_cursor, undefined);
  });

  it('when the product is read as of revision 1 or a time before revision 2, then it shows the old value; now it shows the new', async () => {
    const now = await call(server.url, 'getProduct', { token: key, params: { id: productId } });
    assert.equal(now.body.specs.stc_power_w, 251.5);
    const old = (await call(server.url, 'listRevisions', { token: key, params: { id: productId } })).body.data[0]
      .changes[0].from;
    for (const as_of of ['1', between]) {
      const then = await call(server.url, 'getProduct', { token: key, params: { id: productId }, query: { as_of } });
      assert.equal(then.status, 200, then.text);
      assert.equal(then.body.specs.stc_power_w, old, as_of);
      assert.equal(then.body.revision, 1);
    }
    const before = await call(server.url, 'getProduct', {
      token: key,
      params: { id: productId },
      query: { as_of: '2001-01-01T00:00:00Z' },
    });
    assert.equal(before.status, 404);
    const bad = await call(server.url, 'getProduct', {
      token: key,
      params: { id: productId },
      query: { as_of: 'yesterday' },
    });
    assert.equal(bad.status, 400);
  });

  it('then every value the product shows traces through /revisions/{n} to a source record', async () => {
    const product = await call(server.url, 'getProduct', { token: key, params: { id: productId } });
    const revision = await call(server.url, 'getRevision', {
      token: key,
      params: { id: productId, number: product.body.revision },
    });
    assert.equal(revision.status, 200);
    for (const [field, value] of Object.entries(product.body.specs)) {
      const claim = revision.body.claims.find((c: any) => c.field === field);
      assert.equal(claim.value, value, field);
      assert.deepEqual(claim.locator, product.body.provenance[field].locator, field);
      assert.ok(claim.locator.record >= 1 && claim.raw !== undefined);
    }
    const missing = await call(server.url, 'getRevision', { token: key, params: { id: productId, number: 3 } });
    assert.equal(missing.status, 404);
  });

  it('then the sources say what they are and how many products each backs', async () => {
    const sources = await call(server.url, 'listSources', { token: key });
    assert.deepEqual(sources.body.data.map((s: any) => s.id).sort(), [
      'adr-inverters',
      'cec-inverters',
      'cec-inverters-2024',
      'cec-modules',
      'cec-modules-2022',
      'cec-modules-2024',
      'hisim-batteries',
      'hisim-wallboxes',
      'hplib-heat-pumps',
      'sandia-modules',
    ]);
    const modules = await call(server.url, 'getSource', { token: key, params: { id: 'cec-modules' } });
    assert.equal(modules.body.publisher, 'California Energy Commission');
    assert.ok(modules.body.products > 0 && modules.body.products <= modules.body.records);
    const newer = await call(server.url, 'getSource', { token: key, params: { id: 'cec-modules-2024' } });
    assert.deepEqual(
      [newer.body.list, newer.body.edition, modules.body.list, modules.body.edition],
      ['cec-modules', '2024-11-14', 'cec-modules', '2019-03-05'],
    );
    assert.match(newer.body.package, /^hisim 1\.2\.4$/);
    // The edition between them, with the row its file cuts short.
    const middle = await call(server.url, 'getSource', { token: key, params: { id: 'cec-modules-2022' } });
    assert.deepEqual(
      [middle.body.list, middle.body.edition, middle.body.package],
      ['cec-modules', '2022-11-16', 'bifacial_radiance 0.5.4'],
    );
    const heatPumps = await call(server.url, 'getSource', { token: key, params: { id: 'hplib-heat-pumps' } });
    assert.match(heatPumps.body.licence, /CC BY 4\.0/);
    // A hand-collected table says so: its limits travel with the source.
    const batteries = await call(server.url, 'getSource', { token: key, params: { id: 'hisim-batteries' } });
    assert.match(JSON.stringify(batteries.body.limits), /hand-collected/i);
    assert.equal((await call(server.url, 'getSource', { token: key, params: { id: 'nope' } })).status, 404);
  });

  it('when the feed is walked from the start, then every revision comes once in commit order, and a resume cursor returns only what came since', async () => {
    const walk = async (cursor?: string) => {
      const items: any[] = [];
      let resume = cursor;
      for (;;) {
        const page = await call(server.url, 'listChanges', {
          token: key,
          query: { limit: 40, ...(resume ? { cursor: resume } : {}) },
        });
        assert.equal(page.status, 200, page.text);
        items.push(...page.body.data);
        resume = page.body.meta.cursor;
        if (!page.body.meta.next_cursor) return { items, resume: resume! };
      }
    };
    const all = await walk();
    assert.equal(
      all.items.length,
      await catalog.revisions.count(),
      'every revision: one per edition that changed a product, plus the edited one',
    );
    assert.ok(
      all.items.every((c, i) => i === 0 || c.seq > all.items[i - 1].seq),
      'commit order, no repeats',
    );
    assert.deepEqual([all.items.at(-1).product_id, all.items.at(-1).revision], [productId, 2]);
    assert.deepEqual((await walk(all.resume)).items, [], 'caught up: nothing new');
    await catalog.seed(writeSources(undefined, [trinaStc('252')]));
    const since = await walk(all.resume);
    assert.deepEqual(
      since.items.map((c: any) => [c.product_id, c.revision]),
      [[productId, 3]],
    );
  });

  it('when feed pages of several sizes are read, then each costs by the entries it may read, and the same page reads the same twice', async () => {
    const costs = [];
    for (const limit of [1, 25, 26, 100]) {
      const page = await call(server.url, 'listChanges', { token: key, query: { limit } });
      assert.equal(page.status, 200, page.text);
      costs.push(Number(page.headers.get('x-quota-cost')));
    }
    assert.deepEqual(costs, [1, 1, 2, 4]);
    const first = await call(server.url, 'listChanges', { token: key, query: { limit: 100 } });
    const again = await call(server.url, 'listChanges', { token: key, query: { limit: 100 } });
    assert.ok(first.body.data.length > 0);
    assert.deepEqual(again.body.data, first.body.data, 'kept changes read as they were stored');
  });

  it('when inverters are exported, then every one streams as a line with the provenance of each value, costed per 100 products, gzip on request', async () => {
    const inverters = (await catalog.products.identities()).filter((p) => p.key.startsWith('inverter|'));
    const plain = await call(server.url, 'exportProducts', {
      token: key,
      query: { category: 'inverter' },
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(plain.status, 200);
    const lines = plain.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const byId = (a: string, b: string) => a.localeCompare(b);
    assert.deepEqual(lines.map((l) => l.id as string).sort(byId), inverters.map((p) => p._id).sort(byId));
    for (const line of lines)
      for (const field of Object.keys(line.specs)) assert.ok(line.provenance[field]?.locator, `${line.id}.${field}`);
    assert.equal(plain.headers.get('x-quota-cost'), String(Math.ceil(inverters.length / 100)));
    const zipped = await call(server.url, 'exportProducts', {
      token: key,
      query: { category: 'inverter' },
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.equal(zipped.text, plain.text, 'the same lines once decompressed');
  });

  it('when a newer edition of its list refitted a value, then the product is at revision 2 from that edition, and as_of=1 shows the 2019 value with its provenance', async () => {
    const id = (await catalog.products.identities()).find((p) => p.key === 'pv-module|ablytek 6mn6a280')!._id;
    const now = await call(server.url, 'getProduct', { token: key, params: { id } });
    assert.equal(now.status, 200);
    assert.deepEqual(
      [now.body.revision, now.body.specs.rsh_ref_ohm, now.body.provenance.rsh_ref_ohm.source_id],
      [2, 945.874, 'cec-modules-2024'],
    );
    assert.deepEqual([now.body.listing.in_latest_edition, now.body.listing.last_edition], [true, '2024-11-14']);
    assert.deepEqual(
      now.body.listing.editions.map((e: any) => [e.source_id, e.match?.method ?? null]),
      [
        ['cec-modules', null],
        ['cec-modules-2024', 'same-identity'],
      ],
    );
    const history = await call(server.url, 'listRevisions', { token: key, params: { id } });
    assert.deepEqual(
      history.body.data.map((r: any) => r.number),
      [2, 1],
    );
    assert.deepEqual(
      history.body.data[0].changes.find((c: any) => c.field === 'rsh_ref_ohm'),
      { field: 'rsh_ref_ohm', source_id: 'cec-modules-2024', from: 945.868958, to: 945.874 },
    );
    const then = await call(server.url, 'getProduct', { token: key, params: { id }, query: { as_of: '1' } });
    assert.deepEqual(
      [then.body.revision, then.body.specs.rsh_ref_ohm, then.body.provenance.rsh_ref_ohm.source_id],
      [1, 945.868958, 'cec-modules'],
    );
  });

  it('when listing by in_latest_edition, then true and false split the products by what the newest editions list', async () => {
    const stored = await catalog.products.identities();
    const page = async (value: boolean) =>
      (
        await call(server.url, 'listProducts', {
          token: key,
          query: { in_latest_edition: value, limit: 100, fields: ['listing'] },
        })
      ).body;
    const [listed, dropped] = [await page(true), await page(false)];
    assert.equal(listed.meta.total + dropped.meta.total, stored.length);
    assert.ok(listed.meta.total > 0 && dropped.meta.total > 0);
    assert.ok(listed.data.every((p: any) => p.listing.in_latest_edition === true));
    assert.ok(
      dropped.data.every((p: any) => p.listing.in_latest_edition === false && p.listing.last_edition < '2024-11-14'),
    );
    const trina = stored.find((p) => p.key === TRINA_KEY)!._id;
    assert.ok(
      dropped.data.some((p: any) => p.id === trina),
      'a module only the 2019 list has is no longer listed',
    );
    const bad = await callUnchecked(server.url, 'listProducts', { token: key, query: { in_latest_edition: 'maybe' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.errors[0].name, /in_latest_edition/);
  });

  it('when heat pumps are listed by heating power in kW, then each has its catalog specs with units and passes its own checks', async () => {
    const res = await call(server.url, 'listProducts', {
      token: key,
      query: { category: ['heat-pump'], 'specs.heating_power_ref_w[gte]': '8 kW', limit: 100 },
    });
    assert.equal(res.status, 200);
    assert.ok(res.body.data.length > 0);
    for (const p of res.body.data) {
      assert.equal(p.category, 'heat-pump');
      assert.ok(p.specs.heating_power_ref_w >= 8000);
      assert.equal(typeof p.specs.refrigerant, 'string');
      assert.ok(
        Math.abs(p.specs.heating_power_ref_w / p.specs.electric_power_ref_w - p.specs.cop_ref) / p.specs.cop_ref <=
          0.01,
      );
      assert.equal(p.quality.status, 'pass');
    }
    const one = await call(server.url, 'getProduct', { token: key, params: { id: res.body.data[0].id } });
    assert.deepEqual(
      [
        one.body.units.heating_power_ref_w,
        one.body.units.refrigerant_mass_kg,
        one.body.provenance.cop_ref.locator.column,
      ],
      ['W', 'kg', 'COP_ref'],
    );
    assert.deepEqual(one.body.quality.checked, [
      'cop_matches_powers',
      'heats_more_than_it_draws',
      'standby_below_input',
    ]);
  });

  it('when an inverter with ADR coefficients is read, then they are a JSON array of numbers', async () => {
    const res = await call(server.url, 'listProducts', {
      token: key,
      query: { category: ['inverter'], fields: ['specs.adr_coefficients'], limit: 100 },
    });
    const withAdr = res.body.data.filter((p: any) => p.specs?.adr_coefficients);
    assert.ok(withAdr.length > 0);
    for (const p of withAdr)
      assert.ok(
        Array.isArray(p.specs.adr_coefficients) &&
          p.specs.adr_coefficients.length === 9 &&
          p.specs.adr_coefficients.every((v: unknown) => typeof v === 'number'),
        p.id,
      );
  });

  it('when a key lacks revisions:read, then the history answers 403 naming the scope', async () => {
    const reader = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    const res = await call(server.url, 'listRevisions', { token: reader, params: { id: productId } });
    assert.equal(res.status, 403);
    assert.match(res.body.detail, /revisions:read/);
  });
});
