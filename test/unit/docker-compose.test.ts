// No Docker engine runs here, so the compose file is checked as data: the services, their health
// checks, and that the app's environment is exactly what config.ts accepts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_KEYS, loadConfig, mongoDatabaseName } from '../../src/config';
import { esNodes } from '../../src/adapters/elasticsearch/client';
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
    const env = {
      ...compose.services.app.environment,
      JWT_SECRET: 'x'.repeat(32),
      CURSOR_SECRET: 'y'.repeat(32),
      WEBHOOK_SECRET_KEY: 'z'.repeat(32),
    };
    const config = loadConfig(env);
    assert.equal(config.ELASTICSEARCH_URL, 'http://elasticsearch:9200');
    assert.equal(config.NODE_ENV, 'production');
  });

  it('then the app waits for healthy engines', () => {
    for (const dep of ['elasticsearch', 'mongodb', 'redis'])
      assert.equal(compose.services.app.depends_on[dep].condition, 'service_healthy');
  });
});

const cluster = parse(readFileSync(path.join(ROOT, 'docker-compose.cluster.yml'), 'utf8'), { merge: true });
const SECRETS = { JWT_SECRET: 'x'.repeat(32), CURSOR_SECRET: 'y'.repeat(32), WEBHOOK_SECRET_KEY: 'z'.repeat(32) };
const ES_NODES = ['es01', 'es02', 'es03'];
const MONGO_NODES = ['mongo1', 'mongo2', 'mongo3'];
const INSTANCES = ['app1', 'app2'];

describe('docker-compose.cluster.yml', () => {
  const services = cluster.services as Record<string, any>;
  const appEnv = (name: string) => ({ ...services[name].environment, ...SECRETS });

  it('then it runs three Elasticsearch nodes, a MongoDB replica set of three, Redis, two instances and a balancer, each with a health check', () => {
    assert.deepEqual(
      Object.keys(services).sort(),
      [...INSTANCES, 'balancer', ...ES_NODES, ...MONGO_NODES, 'redis', 'seed'].sort(),
    );
    // The seed is a one-shot tool (profile `tools`), as in docker-compose.yml: it exits, it does not serve.
    assert.deepEqual(services.seed.profiles, ['tools']);
    for (const [name, service] of Object.entries(services).filter(([key]) => key !== 'seed'))
      assert.ok(service.healthcheck?.test && !service.healthcheck.disable, `${name} has a health check`);
  });

  it('then the Elasticsearch nodes form one cluster: same name and version, each seeding from the others, all three bootstrapping', () => {
    for (const name of ES_NODES) {
      const env = services[name].environment;
      assert.match(services[name].image, /elasticsearch:9\.3\.2$/);
      assert.equal(env['cluster.name'], 'pds');
      assert.equal(env['node.name'], name);
      assert.deepEqual(
        env['discovery.seed_hosts'].split(',').sort(),
        ES_NODES.filter((n) => n !== name),
      );
      assert.deepEqual(env['cluster.initial_master_nodes'].split(','), ES_NODES);
      assert.ok(
        services[name].volumes.some((v: string) => v.startsWith(`${name}-data:`)),
        `${name} keeps its data`,
      );
    }
  });

  it('then MongoDB runs as replica set rs0 on three nodes, initiated idempotently by the first one health check', () => {
    for (const name of MONGO_NODES) {
      assert.match(services[name].image, /^mongo:8/);
      assert.deepEqual(services[name].command.slice(0, 3), ['mongod', '--replSet', 'rs0']);
    }
    const check = services.mongo1.healthcheck.test.join(' ');
    assert.match(
      check,
      /try \{ rs\.status\(\) \} catch .*rs\.initiate/s,
      'initiates only when rs.status() says it is not',
    );
    for (const name of MONGO_NODES) assert.ok(check.includes(`'${name}:27017'`), `the set includes ${name}`);
  });

  it('then each instance environment passes loadConfig, naming every node, the replica set and a layout the cluster can place', () => {
    for (const name of INSTANCES) {
      const config = loadConfig(appEnv(name));
      assert.equal(config.NODE_ENV, 'production');
      assert.deepEqual(
        esNodes(config.ELASTICSEARCH_URL),
        ES_NODES.map((n) => `http://${n}:9200`),
      );
      assert.match(config.MONGODB_URI, /[?&]replicaSet=rs0(&|$)/);
      for (const node of MONGO_NODES) assert.ok(config.MONGODB_URI.includes(`${node}:27017`), `the URI names ${node}`);
      assert.equal(mongoDatabaseName(config.MONGODB_URI), 'pds');
      // Every copy of a shard on a node of its own, or the index stays yellow.
      assert.ok(config.ELASTICSEARCH_SHARDS > 1);
      assert.ok(Number(config.ELASTICSEARCH_REPLICAS) + 1 <= ES_NODES.length, 'replicas + 1 <= nodes');
      assert.equal(config.TRUST_PROXY, true, 'behind the balancer, which sets X-Forwarded-For');
    }
  });

  it("then every variable the image's services get is one the config reads, and the seed runs the single-node file's command", () => {
    for (const [name, service] of Object.entries(services).filter(([, s]) => s.build))
      for (const key of Object.keys(service.environment))
        assert.ok(CONFIG_KEYS.includes(key), `${name}: ${key} is not a configuration key`);
    assert.deepEqual(services.seed.command, compose.services.seed.command);
    assert.deepEqual(services.seed.environment, services.app1.environment, 'the seed lays indices out as the app says');
  });

  it('then the instances share secrets, Redis and its key prefix, so limits, credits and cursors hold across them', () => {
    const [one, two] = INSTANCES.map((name) => services[name].environment);
    for (const key of [
      'JWT_SECRET',
      'CURSOR_SECRET',
      'WEBHOOK_SECRET_KEY',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
      'MONGODB_URI',
      'ELASTICSEARCH_URL',
    ])
      assert.equal(one[key], two[key], `${key} is the same on both`);
    assert.match(one.JWT_SECRET, /^\$\{JWT_SECRET:\?/, 'secrets come from the operator, never from the file');
    assert.ok(one.REDIS_URL, 'Redis is set: an empty REDIS_URL would keep limits per instance');
  });

  it('then the balancer sends requests to both instances, checks them on /readyz and waits for them to be healthy', () => {
    const haproxy: string = cluster.configs.haproxy.content;
    for (const name of INSTANCES) {
      assert.match(haproxy, new RegExp(`server ${name} ${name}:3000`));
      assert.equal(services.balancer.depends_on[name].condition, 'service_healthy');
    }
    assert.match(haproxy, /option httpchk GET \/readyz/);
    assert.match(haproxy, /option forwardfor/);
    assert.deepEqual(services.balancer.ports, ['3000:3000']);
  });
});
