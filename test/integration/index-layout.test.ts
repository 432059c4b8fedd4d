// Shards and replicas of a new index, as Elasticsearch reports them back: from the mapping file alone,
// from an explicit layout, and from the operator's configuration (the path seed and reindex take).
import assert from 'node:assert/strict';
import { createEsClient, type EsClient } from '../../src/adapters/elasticsearch/client';
import { IndexAdmin, type IndexLayout } from '../../src/adapters/elasticsearch/index-admin';
import { openOperator } from '../../src/cli/operator';
import { ELASTICSEARCH_URL, MONGODB_URI, mongoUriFor, uniqueName } from '../helpers/engines';
import { dropTestData } from '../helpers/cleanup';

interface Layout {
  number_of_shards: string;
  number_of_replicas: string;
  auto_expand_replicas?: string;
}

async function layoutOf(es: EsClient, index: string): Promise<Layout> {
  const answer = await es.indices.getSettings({ index, flat_settings: false });
  const { number_of_shards, number_of_replicas, auto_expand_replicas } = answer[index].settings!.index! as Layout;
  return { number_of_shards, number_of_replicas, auto_expand_replicas };
}

describe('index layout: shards and replicas of a new index', () => {
  const alias = uniqueName('layout');
  let es: EsClient;
  before(() => {
    es = createEsClient(ELASTICSEARCH_URL, 30000);
  });
  after(async () => {
    await es.indices.delete({ index: `${alias}*`, ignore_unavailable: true, allow_no_indices: true });
    await es.close();
  });

  const create = (layout?: IndexLayout) => new IndexAdmin(es, alias, layout).create();

  it('when no layout is given, then the index has the mapping file settings: one shard, replicas auto-expanded 0-1', async () => {
    const layout = await layoutOf(es, await create());
    assert.equal(layout.number_of_shards, '1');
    assert.equal(layout.auto_expand_replicas, '0-1');
  });

  it('when 2 shards and 0 replicas are asked for, then Elasticsearch reports 2 shards, 0 replicas and no auto-expansion', async () => {
    const layout = await layoutOf(es, await create({ shards: 2, replicas: '0' }));
    assert.deepEqual(layout, { number_of_shards: '2', number_of_replicas: '0', auto_expand_replicas: 'false' });
  });

  it('when a replica range is asked for, then the index keeps to it as nodes come and go', async () => {
    const layout = await layoutOf(es, await create({ shards: 3, replicas: '0-all' }));
    assert.equal(layout.number_of_shards, '3');
    assert.equal(layout.auto_expand_replicas, '0-all');
  });

  it('when the operator is configured with ELASTICSEARCH_SHARDS=2 and ELASTICSEARCH_REPLICAS=0, then the index seed and reindex create has that layout', async () => {
    const mongoUri = mongoUriFor(uniqueName('layout'), MONGODB_URI);
    const op = await openOperator({
      ELASTICSEARCH_URL,
      MONGODB_URI: mongoUri,
      ELASTICSEARCH_SHARDS: '2',
      ELASTICSEARCH_REPLICAS: '0',
    });
    try {
      const layout = await layoutOf(es, await op.indexAdmin(alias).create());
      assert.deepEqual(layout, { number_of_shards: '2', number_of_replicas: '0', auto_expand_replicas: 'false' });
    } finally {
      await op.close();
      await dropTestData(mongoUri, alias);
    }
  });
});
