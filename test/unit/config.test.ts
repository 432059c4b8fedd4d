import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, ConfigError, GENERATED_SECRETS, mongoDatabaseName } from '../../src/config';

describe('config', () => {
  it('when nothing is set, then documented defaults apply and secrets are generated outside production', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    assert.equal(config.HOST, '127.0.0.1');
    assert.equal(config.PORT, 3000);
    assert.equal(config.ELASTICSEARCH_URL, 'http://127.0.0.1:9200');
    assert.equal(config.RATE_LIMIT_MAX, 600);
    assert.ok(config.JWT_SECRET.length >= 32);
    assert.notEqual(
      config.JWT_SECRET,
      loadConfig({ NODE_ENV: 'test' }).JWT_SECRET,
      'with NODE_ENV=test and no SECRETS_FILE, each process gets its own generated secret',
    );
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

  it('when the index layout is not set, then one shard and replicas 0-1, as the mapping file has always said', () => {
    const config = loadConfig({});
    assert.equal(config.ELASTICSEARCH_SHARDS, 1);
    assert.equal(config.ELASTICSEARCH_REPLICAS, '0-1');
    assert.equal(loadConfig({ ELASTICSEARCH_SHARDS: '3', ELASTICSEARCH_REPLICAS: '1' }).ELASTICSEARCH_SHARDS, 3);
    for (const replicas of ['0', '2', '0-1', '1-3', '0-all'])
      assert.equal(loadConfig({ ELASTICSEARCH_REPLICAS: replicas }).ELASTICSEARCH_REPLICAS, replicas);
  });

  it('when shards or replicas are out of range or malformed, then start-up stops naming the variable', () => {
    for (const shards of ['0', '65', '1.5', 'two'])
      assert.throws(() => loadConfig({ ELASTICSEARCH_SHARDS: shards }), /ELASTICSEARCH_SHARDS/, shards);
    for (const replicas of ['-1', 'one', '0-', '0-1-2', '1,2', 'all', '2-1', '100'])
      assert.throws(
        () => loadConfig({ ELASTICSEARCH_REPLICAS: replicas }),
        (err: Error) => err instanceof ConfigError && /ELASTICSEARCH_REPLICAS/.test(err.message),
        replicas,
      );
  });

  it('when in production without secrets, then start-up refuses and names them', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      (err: Error) =>
        /JWT_SECRET: must be set in production/.test(err.message) &&
        /CURSOR_SECRET: must be set/.test(err.message) &&
        /WEBHOOK_SECRET_KEY: must be set/.test(err.message),
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pds-secrets-')), 'secrets.json');
    assert.throws(() => loadConfig({ NODE_ENV: 'production', SECRETS_FILE: file }), /JWT_SECRET: must be set/);
    assert.equal(existsSync(file), false, 'production never writes the file');
  });

  it('when secrets are not set outside production, then they are generated once into SECRETS_FILE (0600), and every later start reads the same ones', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pds-secrets-')), 'data', 'secrets.json');
    const first = loadConfig({ SECRETS_FILE: file });
    assert.equal(statSync(file).mode & 0o777, 0o600);
    for (const again of [loadConfig({ SECRETS_FILE: file }), loadConfig({ SECRETS_FILE: file, NODE_ENV: 'test' })])
      for (const key of GENERATED_SECRETS) assert.equal(again[key], first[key], key);
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(file, 'utf8'))).sort(), [...GENERATED_SECRETS].sort());
    const set = loadConfig({ SECRETS_FILE: file, JWT_SECRET: 'j'.repeat(32) });
    assert.equal(set.JWT_SECRET, 'j'.repeat(32), 'the environment wins');
    assert.equal(set.WEBHOOK_SECRET_KEY, first.WEBHOOK_SECRET_KEY);
  });

  it('when SECRETS_FILE lacks a secret (an older file), then it is added and the others are kept', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pds-secrets-')), 'secrets.json');
    writeFileSync(file, JSON.stringify({ JWT_SECRET: 'k'.repeat(40) }), { mode: 0o600 });
    const config = loadConfig({ SECRETS_FILE: file });
    assert.equal(config.JWT_SECRET, 'k'.repeat(40));
    assert.equal(loadConfig({ SECRETS_FILE: file }).WEBHOOK_SECRET_KEY, config.WEBHOOK_SECRET_KEY);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('when SECRETS_FILE cannot be used, then start-up stops naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pds-secrets-'));
    writeFileSync(path.join(dir, 'bad.json'), 'not json');
    assert.throws(() => loadConfig({ SECRETS_FILE: path.join(dir, 'bad.json') }), /SECRETS_FILE: .*bad\.json/);
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

  it('when one watch could hold the whole webhook budget, then start-up stops naming both keys', () => {
    assert.throws(
      () => loadConfig({ WEBHOOK_CONCURRENCY: '4', WEBHOOK_CONCURRENCY_PER_WATCH: '4' }),
      /WEBHOOK_CONCURRENCY_PER_WATCH must be less than WEBHOOK_CONCURRENCY/,
    );
  });

  it('when one account could hold the whole webhook budget, then start-up stops naming both keys', () => {
    assert.throws(
      () => loadConfig({ WEBHOOK_CONCURRENCY: '8', WEBHOOK_CONCURRENCY_PER_ACCOUNT: '8' }),
      /WEBHOOK_CONCURRENCY_PER_ACCOUNT must be less than WEBHOOK_CONCURRENCY/,
    );
  });
});
