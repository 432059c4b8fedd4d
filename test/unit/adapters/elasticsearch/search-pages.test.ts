// Paging with search_after, on an in-memory index sorted by id: every hit once, in order, one page
// asked at a time. The export and the reindex read the real engine through it (test/api, test/integration).
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { searchPages } from '../../../../src/adapters/elasticsearch/search-pages';

type Doc = { id: string };

/** A search over `ids` in order, recording each body it is asked. */
function index(count: number) {
  const ids = Array.from({ length: count }, (_, i) => `p-${String(i).padStart(4, '0')}`);
  const asked: estypes.SearchRequest[] = [];
  const search = (body: estypes.SearchRequest): Promise<estypes.SearchResponse<Doc>> => {
    asked.push(body);
    const after = body.search_after?.[0] as string | undefined;
    const hits = ids
      .filter((id) => after === undefined || id > after)
      .slice(0, body.size)
      .map((id) => ({ _index: 'i', _id: id, _source: { id }, sort: [id] }));
    return Promise.resolve({
      took: 0,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits },
    });
  };
  return { search, asked };
}

const read = async (pages: AsyncIterable<estypes.SearchHit<Doc>[]>) => {
  const sizes: number[] = [];
  const ids: string[] = [];
  for await (const hits of pages) {
    sizes.push(hits.length);
    ids.push(...hits.map((h) => h._source!.id));
  }
  return { sizes, ids };
};

describe('search_after pages', () => {
  it('when the hits fill several pages, then each page resumes after the last hit of the one before', async () => {
    const { search, asked } = index(25);
    const { sizes, ids } = await read(searchPages(search, { index: 'i', size: 10, sort: [{ id: 'asc' }] }));
    assert.deepEqual(sizes, [10, 10, 5]);
    assert.equal(new Set(ids).size, 25);
    assert.deepEqual(ids, [...ids].sort());
    assert.deepEqual(
      asked.map((b) => b.search_after),
      [undefined, ['p-0009'], ['p-0019']],
    );
    assert.ok(
      asked.every((b) => b.index === 'i' && b.size === 10),
      'the body is kept as given',
    );
  });

  it('when the total is a multiple of the page, then one empty page ends it', async () => {
    const { search, asked } = index(20);
    assert.deepEqual((await read(searchPages(search, { size: 10 }))).sizes, [10, 10, 0]);
    assert.equal(asked.length, 3);
  });

  it('when a page is read, then the next is not asked until it is wanted', async () => {
    const { search, asked } = index(1000);
    const pages = searchPages(search, { size: 10 });
    await pages.next();
    await pages.next();
    assert.equal(asked.length, 2, 'two pages read, two asked: memory holds one page whatever the total');
    await pages.return();
    assert.equal(asked.length, 2);
  });
});
