import assert from 'node:assert/strict';
import { esNodes } from '../../../src/adapters/elasticsearch/client';
import { loadConfig } from '../../../src/config';

describe('ELASTICSEARCH_URL with several nodes', () => {
  it('when several URLs are separated by commas, then config accepts them and the client gets each node', () => {
    const urls = 'http://es01:9200,http://es02:9200, http://es03:9200';
    assert.equal(loadConfig({ ELASTICSEARCH_URL: urls }).ELASTICSEARCH_URL, urls);
    assert.deepEqual(esNodes(urls), ['http://es01:9200', 'http://es02:9200', 'http://es03:9200']);
    assert.deepEqual(esNodes('http://127.0.0.1:9200'), ['http://127.0.0.1:9200']);
  });

  it('when one entry of the list is not a URL, then start-up stops naming ELASTICSEARCH_URL', () => {
    for (const urls of ['http://es01:9200,es02:9200', 'http://es01:9200,', ',http://es01:9200', 'http://a b:9200'])
      assert.throws(() => loadConfig({ ELASTICSEARCH_URL: urls }), /ELASTICSEARCH_URL/, urls);
  });
});
