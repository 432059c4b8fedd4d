import assert from 'node:assert/strict';
import { loadConfig, ConfigError, mongoDatabaseName } from '../../src/config';

describe('config', () => {
  it('when nothing is set, then documented defaults apply and secrets are generated outside production', () => {
    const config = loadConfig({});
    assert.equal(config.HOST, '127.0.0.1');
    assert.equal(config.PORT, 3000);
    assert.equal(config.ELASTICSEARCH_URL, 'http://127.0.0.1:9200');
    assert.equal(config.RATE_LIMIT_MAX, 600);
    assert.ok(config.JWT_SECRET.length >= 32);
    assert.notEqual(config.JWT_SECRET, loadConfig({}).JWT_SECRET, 'each process gets its own generated secret');
  });

  it('when numbers come as strings, then they are typed', () => {
    const config = loadConfig({ PORT: '8080', RATE_LIMIT_MAX: '5', TRUST_PROXY: 'true' });
    assert.equal(config.PORT, 8080);
    assert.equal(config.RATE_LIMIT_MAX, 5);
    assert.equal(config.TRUST_PROXY, true);
  });

  it('when a value is invalid, then start-up stops with a message naming the variable', () => {
    assert.throws(
      () => loadConfig({ PORT: 'abc' }),
      (err: Error) => err instanceof ConfigError && /PORT/.test(err.message),
    );
    assert.throws(() => loadConfig({ PORT: '70000' }), /PORT/);
    assert.throws(() => loadConfig({ ELASTICSEARCH_URL: 'localhost:9200' }), /ELASTICSEARCH_URL/);
    assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
    assert.throws(() => loadConfig({ JWT_SECRET: 'short' }), /JWT_SECRET/);
  });

  it('when in production without secrets, then start-up refuses and names them', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      (err: Error) => /JWT_SECRET/.test(err.message) && /CURSOR_SECRET/.test(err.message),
    );
  });

  it('when REDIS_URL is set empty, then the in-process store is chosen', () => {
    assert.equal(loadConfig({ REDIS_URL: '' }).REDIS_URL, '');
  });

  it('then the config is frozen', () => {
    const config = loadConfig({});
    assert.throws(() => {
      (config as { PORT: number }).PORT = 1;
    }, TypeError);
  });

  it('when the MongoDB URI names a database, then that one is used', () => {
    assert.equal(mongoDatabaseName('mongodb://h:27017/other?x=1'), 'other');
    assert.equal(mongoDatabaseName('mongodb://h:27017'), 'pds');
  });
});
