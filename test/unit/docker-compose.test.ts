// No Docker engine runs here, so the compose file is checked as data: the services, their health
// checks, and that the app's environment is exactly what config.ts accepts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config';
import { ROOT } from '../helpers/engines';

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'));

describe('docker-compose.yml', () => {
  it('then it runs Elasticsearch (same version as locally), MongoDB 7 or 8, Redis and the app, each with a health check', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['app', 'elasticsearch', 'mongodb', 'redis', 'seed']);
    assert.match(compose.services.elasticsearch.image, /elasticsearch:9\.3\.2$/);
    assert.match(compose.services.mongodb.image, /^mongo:[78]/);
    assert.match(compose.services.redis.image, /^redis:/);
    for (const name of ['elasticsearch', 'mongodb', 'redis', 'app'])
      assert.ok(compose.services[name].healthcheck, `${name} has a health check`);
    assert.ok('es-data' in compose.volumes && 'mongo-data' in compose.volumes);
  });

  it('then the app environment is accepted by the config schema once secrets are supplied', () => {
    const env = { ...compose.services.app.environment, JWT_SECRET: 'x'.repeat(32), CURSOR_SECRET: 'y'.repeat(32) };
    const config = loadConfig(env);
    assert.equal(config.ELASTICSEARCH_URL, 'http://elasticsearch:9200');
    assert.equal(config.NODE_ENV, 'production');
  });

  it('then the app waits for healthy engines', () => {
    for (const dep of ['elasticsearch', 'mongodb', 'redis'])
      assert.equal(compose.services.app.depends_on[dep].condition, 'service_healthy');
  });
});
