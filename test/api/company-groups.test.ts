// Company groups on real records: a brand's arms (Qcells: the Qidong factory, the American arm and
// Q-Cells; Sonali Energees and Sonali Energees USA) answer as one brand by the group's name or id, in
// the filter, the facet and the words of a search, while each product keeps its own company and the
// company resource names its group. Expected sets come from the company records the seed wrote.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { DEFAULT_SLICES, writeSources, type Slice } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import type { CompanyDoc } from '../../src/catalog/company-records';

/** Up to `each` records per name prefix, in file order. */
function upTo(each: number, column: string, prefixes: readonly RegExp[]): Slice {
  const seen = new Map<RegExp, number>();
  return {
    keep: (c) => {
      const prefix = prefixes.find((p) => p.test(c[column] ?? ''));
      if (!prefix || (seen.get(prefix) ?? 0) >= each) return false;
      seen.set(prefix, (seen.get(prefix) ?? 0) + 1);
      return true;
    },
    limit: each * prefixes.length,
  };
}

const SLICES: Record<string, Slice> = {
  ...DEFAULT_SLICES,
  'cec-modules': upTo(3, 'Name', [/^Sonali Energees (?!USA)/, /^Q-Cells /, /^Hanwha Solar Canada /, /^Trina Solar /]),
  'cec-modules-2024': upTo(3, 'Name', [
    /^Qcells North America /,
    /^Hanwha Qcells \(Qidong\)/,
    /^Sonali Energees USA/,
    /^Jinko Solar Co\. Ltd /,
  ]),
};

interface Row {
  id: string;
  manufacturer: string;
  company: { id: string; name: string; group?: { id: string; name: string } };
}

describe('company groups: one brand, its companies apart', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let companies: CompanyDoc[];
  /** Product ids per company id, from the products' own manufacturer strings and the company records. */
  const productsOf = new Map<string, Set<string>>();
  const categoryOf = new Map<string, string>();

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources(SLICES));
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
    companies = await catalog.mongo.db.collection<CompanyDoc>('companies').find({}).toArray();
    const bySpelling = new Map(companies.flatMap((c) => c.spellings.map((s) => [s.spelling, c._id] as const)));
    for await (const p of catalog.products.stream()) {
      const id = bySpelling.get(p.manufacturer)!;
      productsOf.set(id, (productsOf.get(id) ?? new Set()).add(p._id));
      categoryOf.set(p._id, p.category);
    }
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  const groupOf = (groupId: string) => companies.filter((c) => c.group?.id === groupId);
  const idsOf = (members: readonly CompanyDoc[]) => new Set(members.flatMap((c) => [...(productsOf.get(c._id) ?? [])]));
  const list = async (manufacturer: string[]) => {
    const res = await call(server.url, 'listProducts', { token: key, query: { manufacturer, limit: 100 } });
    assert.equal(res.status, 200);
    return res.body.data as Row[];
  };

  it('when the fixture is seeded, then both groups have their members as companies of their own', () => {
    assert.deepEqual(
      groupOf('qcells-group')
        .map((c) => c._id)
        .sort(),
      ['hanwha-qcells-qidong', 'q-cells', 'qcells-north-america'],
    );
    assert.deepEqual(
      groupOf('sonali-energees-group')
        .map((c) => c._id)
        .sort(),
      ['sonali-energees', 'sonali-energees-usa'],
    );
    for (const c of [...groupOf('qcells-group'), ...groupOf('sonali-energees-group')])
      assert.ok((productsOf.get(c._id)?.size ?? 0) > 0, `${c._id} has products`);
  });

  it("when products are filtered by a group's name or id, then they are its members' products and nothing else, each naming its own company", async () => {
    for (const [groupId, names] of [
      ['qcells-group', ['Qcells', 'qcells-group']],
      ['sonali-energees-group', ['Sonali Energees', 'SONALI ENERGEES', 'sonali-energees-group']],
    ] as const) {
      const members = groupOf(groupId);
      const expected = idsOf(members);
      for (const name of names) {
        const rows = await list([name]);
        assert.deepEqual(new Set(rows.map((p) => p.id)), expected, name);
        for (const p of rows) {
          const own = members.find((c) => c.spellings.some((s) => s.spelling === p.manufacturer))!;
          assert.equal(p.company.id, own._id, `${p.id} keeps its own company`);
          assert.deepEqual(p.company.group, { id: groupId, name: own.group!.name });
        }
      }
    }
    // A member's id still selects that company alone.
    const usa = await list(['sonali-energees-usa']);
    assert.deepEqual(new Set(usa.map((p) => p.id)), productsOf.get('sonali-energees-usa'));
    // A company outside every group names none.
    const [jinko] = await list(['Jinko']);
    assert.equal(jinko.company.group, undefined);
    // "Hanwha Solar Canada" is a Hanwha company, not a Qcells one.
    assert.ok(!idsOf(groupOf('qcells-group')).has([...productsOf.get('hanwha-solar-canada')!][0]));
  });

  it('when a search shows its facets, then the group facet counts each group once and the manufacturer facet each member', async () => {
    const res = await call(server.url, 'searchProducts', {
      token: key,
      query: { manufacturer: ['qcells-group', 'sonali-energees-group', 'Jinko'], limit: 1 },
    });
    assert.equal(res.status, 200);
    const { group, manufacturer } = res.body.meta.facets as Record<
      string,
      { id: string; value: string; count: number }[]
    >;
    assert.deepEqual(
      [...group].sort((a, b) => a.id.localeCompare(b.id)),
      [
        { id: 'qcells-group', value: 'Qcells', count: idsOf(groupOf('qcells-group')).size },
        { id: 'sonali-energees-group', value: 'Sonali Energees', count: idsOf(groupOf('sonali-energees-group')).size },
      ],
    );
    for (const c of [...groupOf('qcells-group'), ...groupOf('sonali-energees-group')])
      assert.deepEqual(
        manufacturer.find((f) => f.id === c._id),
        { id: c._id, value: c.name, count: productsOf.get(c._id)!.size },
      );
  });

  it('when a search names a group in its words, then it reads the whole group and says so', async () => {
    const res = await call(server.url, 'searchProducts', { token: key, query: { q: 'Qcells module', limit: 100 } });
    assert.equal(res.status, 200);
    const part = res.body.meta.interpretation.parts.find((p: { kind: string }) => p.kind === 'manufacturer');
    assert.deepEqual(part.group, { id: 'qcells-group', name: 'Qcells' });
    assert.deepEqual(part.parameters, { manufacturer: ['qcells-group'] });
    assert.deepEqual(
      part.companies.map((c: { id: string }) => c.id).sort(),
      groupOf('qcells-group')
        .map((c) => c._id)
        .sort(),
    );
    assert.match(part.label, /^Qcells \(a group: /);
    // Every Qcells module, and nothing else, leads: the words "module" and "Qcells" both met.
    const modules = [...idsOf(groupOf('qcells-group'))].filter((id) => categoryOf.get(id) === 'pv-module');
    assert.ok(modules.length >= 6);
    assert.deepEqual(new Set((res.body.data as Row[]).slice(0, modules.length).map((p) => p.id)), new Set(modules));
  });

  it('when a company is read, then it names its group with every member and the why; a company outside groups names none', async () => {
    const one = await call(server.url, 'getManufacturer', { token: key, params: { id: 'sonali-energees' } });
    assert.equal(one.status, 200);
    assert.equal(one.body.name, 'Sonali Energees');
    assert.equal(one.body.group.id, 'sonali-energees-group');
    assert.equal(one.body.group.name, 'Sonali Energees');
    assert.match(one.body.group.evidence, /American arm/);
    assert.deepEqual(
      one.body.group.members,
      groupOf('sonali-energees-group')
        .sort((a, b) => b.products - a.products || a._id.localeCompare(b._id))
        .map((c) => ({ id: c._id, name: c.name, products: c.products })),
    );
    const jinko = companies.find((c) => c.name.startsWith('Jinko'))!;
    const other = await call(server.url, 'getManufacturer', { token: key, params: { id: jinko._id } });
    assert.equal(other.status, 200);
    assert.equal(other.body.group, undefined);
  });
});
