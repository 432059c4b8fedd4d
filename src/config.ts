// The only reader of process.env. Every key is declared, typed and validated here; a bad value stops
// start-up with a message naming the variable.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Ajv from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';

/** Every configuration key with its type, limits, default and meaning (docs/operations.md's configuration table is generated from it). */
const schema = {
  type: 'object',
  properties: {
    HOST: { description: 'Interface to listen on.', type: 'string', minLength: 1, default: '127.0.0.1' },
    PORT: {
      description: 'TCP port; 0 picks a free one (tests).',
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      default: 3000,
    },
    WEB_CONCURRENCY: {
      description:
        'Worker processes sharing the port (node:cluster): 0 one per available core (CPU affinity and a cgroup CPU quota count), 1 a single process with no primary. More than one needs REDIS_URL: rate limits, the credit lock and owed refunds are shared through it.',
      type: 'integer',
      minimum: 0,
      maximum: 64,
      default: 0,
    },
    WORKER_HEAP_MB: {
      description:
        "With several workers, each worker's V8 old-space limit (--max-old-space-size; its young generation then keeps 4 MB semi-spaces), MB: V8 otherwise sizes it from the host's memory and lets garbage of large answers pile up far past what is live, in every worker. 0 leaves V8's defaults; ignored when NODE_OPTIONS sets --max-old-space-size. A worker that needs more than its limit is stopped and replaced.",
      type: 'integer',
      minimum: 0,
      maximum: 65536,
      default: 128,
    },
    NODE_ENV: {
      description:
        'production requires JWT_SECRET, CURSOR_SECRET and WEBHOOK_SECRET_KEY; elsewhere a missing one is generated once and kept in SECRETS_FILE (with NODE_ENV=test and no SECRETS_FILE, per process).',
      enum: ['development', 'test', 'production'],
      default: 'development',
    },
    ELASTICSEARCH_URL: {
      description:
        'Elasticsearch base URL, or the URLs of several nodes of one cluster separated by commas (a connection error on one is tried once more on another).',
      type: 'string',
      pattern: '^https?://[^,\\s]+(, *https?://[^,\\s]+)*$',
      default: 'http://127.0.0.1:9200',
    },
    ELASTICSEARCH_INDEX: {
      description: 'Name of the alias readers query; versioned indices are created behind it.',
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9_-]*$',
      default: 'products',
    },
    ELASTICSEARCH_SHARDS: {
      description:
        'Primary shards of each index a seed or reindex creates (fixed for that index; a reindex applies a new value).',
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 1,
    },
    ELASTICSEARCH_REPLICAS: {
      description:
        'Replicas of each shard of an index a seed or reindex creates: a count (`1`), or a range Elasticsearch keeps to as nodes come and go (`0-1`, `0-all`).',
      type: 'string',
      pattern: '^[0-9]{1,2}(-([0-9]{1,2}|all))?$',
      default: '0-1',
    },
    MONGODB_URI: {
      description: 'MongoDB connection string; its path names the database (default `pds`).',
      type: 'string',
      pattern: '^mongodb(\\+srv)?://',
      default: 'mongodb://127.0.0.1:27017/pds',
    },
    REDIS_URL: {
      description:
        'Redis URL for state instances share: rate limits, the credit lock, owed refunds; empty means in-process (single instance only).',
      type: 'string',
      pattern: '^(rediss?://.*)?$',
      default: 'redis://127.0.0.1:6379',
    },
    REDIS_KEY_PREFIX: {
      description:
        'Prefix of every Redis key: instances of one deployment share it; two deployments on one Redis differ.',
      type: 'string',
      pattern: '^[A-Za-z0-9:_-]{1,64}$',
      default: 'pds:',
    },
    SOURCES_DIR: {
      description:
        "The folder holding the source files the catalog was seeded from (the seed's `--sources-dir`); SAM lists are read from it, each file checked against the sha256 the seed stored. Empty: seed/sources beside the code.",
      type: 'string',
      default: '',
    },
    SECRETS_FILE: {
      description:
        'Outside production: the file (JSON, mode 0600, relative to the working directory) where JWT_SECRET, CURSOR_SECRET and WEBHOOK_SECRET_KEY are kept when the environment does not set them: generated the first time, read by every worker and every later start. Production never reads it.',
      type: 'string',
      minLength: 1,
      default: '.engines/secrets.json',
    },
    JWT_SECRET: {
      description: 'HMAC key for login tokens (HS256); at least 32 characters.',
      type: 'string',
      minLength: 32,
    },
    JWT_TTL_SECONDS: {
      description: 'Lifetime of a login token, seconds.',
      type: 'integer',
      minimum: 60,
      maximum: 86400,
      default: 900,
    },
    CURSOR_SECRET: {
      description: 'HMAC key that signs pagination cursors; at least 32 characters.',
      type: 'string',
      minLength: 32,
    },
    RATE_LIMIT_MAX: {
      description: 'Requests allowed per API key per window.',
      type: 'integer',
      minimum: 1,
      default: 600,
    },
    ACCOUNT_RATE_LIMIT_MAX: {
      description: 'Requests allowed per account (all its keys together) per RATE_LIMIT_WINDOW_MS.',
      type: 'integer',
      minimum: 1,
      default: 1200,
    },
    RATE_LIMIT_WINDOW_MS: {
      description: 'The window of RATE_LIMIT_MAX and ACCOUNT_RATE_LIMIT_MAX, ms.',
      type: 'integer',
      minimum: 1000,
      default: 60000,
    },
    MAX_KEYS_PER_ACCOUNT: {
      description: 'Live (unrevoked, unexpired) API keys an account may hold; creating one more answers 409.',
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 10,
    },
    EXPORT_CONCURRENCY_PER_ACCOUNT: {
      description: 'Exports one account may run at once on one worker process; one more answers 429.',
      type: 'integer',
      minimum: 1,
      maximum: 32,
      default: 2,
    },
    SEARCH_TIMEOUT_MS: {
      description:
        'Longest a list or search may run in Elasticsearch; past it the request answers 503 dependency-timeout (nothing charged) instead of holding the engine.',
      type: 'integer',
      minimum: 100,
      maximum: 60000,
      default: 3000,
    },
    SEARCH_SLOTS: {
      description:
        'Lists and searches one worker process has in Elasticsearch at once, every account together (cached answers do not count); more wait in line, and a freed slot goes to the waiting account that holds the fewest. Size it so that workers × instances × SEARCH_SLOTS stays within the search threads of the cluster (int(cores × 3 / 2) + 1 per node).',
      type: 'integer',
      minimum: 2,
      maximum: 256,
      default: 2,
    },
    SEARCH_CONCURRENCY_PER_ACCOUNT: {
      description:
        'Of SEARCH_SLOTS, the most one account may hold on one worker process; fewer than SEARCH_SLOTS, so that another account always finds a slot free. Its other searches wait in line.',
      type: 'integer',
      minimum: 1,
      maximum: 255,
      default: 1,
    },
    SEARCH_WAITING_PER_ACCOUNT: {
      description:
        'Lists and searches one account may have waiting for a slot on one worker process; one more answers 429.',
      type: 'integer',
      minimum: 0,
      maximum: 256,
      default: 16,
    },
    SEARCH_WAIT_MS: {
      description:
        'Longest a list or search waits for a slot before it answers 503 dependency-timeout (slots that do not free mean Elasticsearch is slow; nothing charged, nothing sent to it).',
      type: 'integer',
      minimum: 10,
      maximum: 60000,
      default: 2000,
    },
    EXPORT_IDLE_TIMEOUT_MS: {
      description: 'An export whose client reads nothing for this long is closed.',
      type: 'integer',
      minimum: 1000,
      maximum: 600000,
      default: 30000,
    },
    LOGIN_RATE_LIMIT_MAX: {
      description:
        'Failed logins allowed per email and client address together, and per client address (IPv6: per /64), per window; registrations per client network (IPv4: per /24, IPv6: per /64) likewise.',
      type: 'integer',
      minimum: 1,
      default: 10,
    },
    LOGIN_RATE_LIMIT_WINDOW_MS: {
      description:
        'The window of LOGIN_RATE_LIMIT_MAX, LOGINS_PER_ADDRESS_MAX, KEY_CHANGES_MAX and KEY_FAILURES_MAX, ms.',
      type: 'integer',
      minimum: 1000,
      default: 900000,
    },
    LOGINS_PER_ADDRESS_MAX: {
      description:
        'Logins, failed or not, allowed per client address (IPv6: per /64) per LOGIN_RATE_LIMIT_WINDOW_MS; past it, 429. Each costs a password check.',
      type: 'integer',
      minimum: 1,
      default: 60,
    },
    PASSWORD_CHECKS_MAX: {
      description:
        'Password checks (scrypt, ~90 ms of the libuv thread pool each) one worker process runs at once; more wait in a line of 64, past it a login answers 429. A client address may run 2 at once, with 8 more waiting.',
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 4,
    },
    KEY_CHANGES_MAX: {
      description:
        'API key creations and revocations allowed per account per LOGIN_RATE_LIMIT_WINDOW_MS; past it, 429 with Retry-After.',
      type: 'integer',
      minimum: 1,
      default: 60,
    },
    KEY_FAILURES_MAX: {
      description: 'Refused API keys allowed per client address per LOGIN_RATE_LIMIT_WINDOW_MS; past it, 429.',
      type: 'integer',
      minimum: 1,
      default: 300,
    },
    SIGNUP_CREDITS: { description: 'Credits a new account starts with.', type: 'integer', minimum: 0, default: 1000 },
    CREDIT_LEASE_MAX: {
      description:
        "Largest block of credits an instance takes from an account's balance at once (1: a database write per request).",
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 100,
    },
    CREDIT_LEASE_IDLE_MS: {
      description: "After this long unused, an instance gives an account's unspent leased credits back.",
      type: 'integer',
      minimum: 100,
      maximum: 60000,
      default: 1000,
    },
    KEY_CACHE_TTL_MS: {
      description: 'How long a verified API key is trusted from the in-process cache before it is read again.',
      type: 'integer',
      minimum: 0,
      maximum: 300000,
      default: 30000,
    },
    READ_CACHE_BYTES: {
      description:
        'Bytes of Elasticsearch answers kept in memory per instance, all its workers together (each keeps its share), counting their JSON as received, key and bookkeeping, per index generation; 0 turns the cache off.',
      type: 'integer',
      minimum: 0,
      maximum: 4294967296,
      default: 50331648,
    },
    READ_CACHE_ENTRIES: {
      description:
        'Most Elasticsearch answers kept per instance (all its workers together), whatever their size; 0 turns the cache off.',
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: 10000,
    },
    RESPONSE_CACHE_BYTES: {
      description:
        'Bytes of rendered answers (index-only reads) kept in memory per instance, all its workers together (each keeps its share), counting body, entity tag, key and bookkeeping, per index generation; 0 turns this cache off.',
      type: 'integer',
      minimum: 0,
      maximum: 4294967296,
      default: 50331648,
    },
    RESPONSE_CACHE_ENTRIES: {
      description:
        'Most rendered answers kept per instance (all its workers together), whatever their size; 0 turns this cache off.',
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: 10000,
    },
    ALIAS_CHECK_MS: {
      description: 'How often the concrete index behind the alias is looked up (a reindex is noticed within this).',
      type: 'integer',
      minimum: 100,
      maximum: 60000,
      default: 1000,
    },
    REQUEST_TIMEOUT_MS: {
      description:
        'Upper bound for one Elasticsearch or MongoDB call; past it the request answers 503 with Retry-After.',
      type: 'integer',
      minimum: 100,
      maximum: 120000,
      default: 5000,
    },
    SHUTDOWN_TIMEOUT_MS: {
      description: 'How long shutdown waits for in-flight requests (every worker drains at once, within this).',
      type: 'integer',
      minimum: 0,
      default: 10000,
    },
    MCP_BATCH_MAX: {
      description:
        'Most JSON-RPC messages in one /mcp batch (an array body; protocol revisions before 2025-06-18 only); each counts in the rate limits.',
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
    },
    MCP_BATCH_ANSWER_MAX_BYTES: {
      description: 'A /mcp batch runs no further message once its answer holds this many bytes.',
      type: 'integer',
      minimum: 65536,
      maximum: 67108864,
      default: 1048576,
    },
    BODY_LIMIT_BYTES: {
      description: 'Largest accepted request body, bytes.',
      type: 'integer',
      minimum: 256,
      maximum: 1048576,
      default: 16384,
    },
    LOG_LEVEL: {
      description: 'Least severe log line written (one JSON object a line, on stdout).',
      enum: ['debug', 'info', 'warn', 'error', 'silent'],
      default: 'info',
    },
    TRUST_PROXY: {
      description: 'Trust X-Forwarded-For (only behind a proxy that sets it).',
      type: 'boolean',
      default: false,
    },
    TRUSTED_PROXY_HOPS: {
      description:
        "With TRUST_PROXY, how many proxies in front append to X-Forwarded-For; the entry that many from the right is the client (entries left of it are the client's own words).",
      type: 'integer',
      minimum: 1,
      maximum: 10,
      default: 1,
    },
    MAX_WATCHES_PER_ACCOUNT: {
      description: 'Watches an account may hold; creating one more answers 409.',
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 25,
    },
    WEBHOOK_SECRET_KEY: {
      description:
        "Key that seals watches' signing secrets in the database (AES-256-GCM); at least 32 characters. Changing it leaves existing secrets unreadable: their deliveries fail until the secret is rotated.",
      type: 'string',
      minLength: 32,
    },
    WEBHOOK_ALLOW_HTTP_LOOPBACK: {
      description:
        'For local development only: let watches use plain http and loopback addresses (127.0.0.0/8, ::1). Off, endpoints must be https to public addresses.',
      type: 'boolean',
      default: false,
    },
    WEBHOOK_DELIVERY: {
      description:
        'Whether this instance sends due webhook deliveries (`on`), or leaves them to other instances (`off`).',
      enum: ['on', 'off'],
      default: 'on',
    },
    WEBHOOK_TIMEOUT_MS: {
      description: 'How long one delivery attempt waits for an answer (connect, send and first bytes back).',
      type: 'integer',
      minimum: 100,
      maximum: 60000,
      default: 15000,
    },
    WEBHOOK_RETRY_SCHEDULE: {
      description:
        'Delays before each retry of a failed delivery, comma-separated, each a number with ms, s, m, h or d; each is applied with ±20% jitter. After the last, the delivery fails.',
      type: 'string',
      pattern: '^\\d+(ms|s|m|h|d)(,\\d+(ms|s|m|h|d)){0,19}$',
      default: '5s,5m,30m,2h,5h,10h,14h,20h,24h',
    },
    WEBHOOK_DISABLE_AFTER_MS: {
      description:
        'A watch whose endpoint has failed every attempt for this long is disabled (its deliveries then fail); the watch says so in `status` and `disabled_reason`.',
      type: 'integer',
      minimum: 1000,
      default: 432000000,
    },
    WEBHOOK_SECRET_OVERLAP_MS: {
      description: 'After a secret rotation, how long the old secret still signs beside the new one.',
      type: 'integer',
      minimum: 0,
      maximum: 2592000000,
      default: 86400000,
    },
    WEBHOOK_LOG_RETENTION_MS: {
      description: "How long a watch's finished deliveries (with their attempts) stay in its delivery log.",
      type: 'integer',
      minimum: 60000,
      default: 2592000000,
    },
    WEBHOOK_POLL_MS: {
      description: 'How often an instance looks for due deliveries; also the width of a schedule slot.',
      type: 'integer',
      minimum: 10,
      maximum: 60000,
      default: 1000,
    },
    WEBHOOK_BATCH: {
      description: 'Most deliveries an instance takes up per poll (a flood drains in batches of this size).',
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 200,
    },
    WEBHOOK_CONCURRENCY: {
      description:
        "Deliveries an instance sends at once: the main budget, shared by every watch whose endpoint answers in time (an endpoint that timed out sends from the slow lane's budget instead).",
      type: 'integer',
      minimum: 2,
      maximum: 256,
      default: 16,
    },
    WEBHOOK_CONCURRENCY_PER_ACCOUNT: {
      description:
        "Deliveries one account's watches may have in flight at once per instance, in whichever lane: less than WEBHOOK_CONCURRENCY, so one account's many watches at silent endpoints never hold the whole budget.",
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 4,
    },
    WEBHOOK_CONCURRENCY_PER_WATCH: {
      description:
        'Deliveries one watch may have in flight at once per instance, in whichever lane: less than WEBHOOK_CONCURRENCY, so one endpoint never holds the whole budget.',
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 2,
    },
    WEBHOOK_SLOW_LANE_CONCURRENCY: {
      description:
        'Deliveries an instance sends at once to endpoints that timed out (the slow lane), apart from the main budget; an endpoint leaves the slow lane when it answers in time, or after WEBHOOK_SLOW_LANE_MS.',
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 2,
    },
    WEBHOOK_SLOW_LANE_MS: {
      description: 'How long an endpoint that timed out stays in the slow lane without answering in time.',
      type: 'integer',
      minimum: 1000,
      maximum: 86400000,
      default: 600000,
    },
    WEBHOOK_MANUAL_SENDS_PER_WATCH: {
      description:
        'Test events and redeliveries one watch may ask for per WEBHOOK_MANUAL_SENDS_WINDOW_MS (counted together, across instances); past it, 429 with Retry-After.',
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 10,
    },
    WEBHOOK_MANUAL_SENDS_WINDOW_MS: {
      description: 'The window WEBHOOK_MANUAL_SENDS_PER_WATCH counts in.',
      type: 'integer',
      minimum: 1000,
      maximum: 86400000,
      default: 60000,
    },
    METRICS_ACCESS: {
      description:
        'Who may read /metrics: `loopback` (connections from this machine), `token` (Bearer METRICS_TOKEN), or `off`.',
      enum: ['loopback', 'token', 'off'],
      default: 'loopback',
    },
    METRICS_TOKEN: {
      description: 'The bearer token /metrics asks for when METRICS_ACCESS is `token`; at least 32 characters.',
      type: 'string',
      minLength: 32,
    },
  },
  required: ['JWT_SECRET', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'],
  if: { required: ['METRICS_ACCESS'], properties: { METRICS_ACCESS: { const: 'token' } } },
  // oxlint-disable-next-line unicorn/no-thenable -- JSON Schema's if/then, not a promise
  then: { required: ['METRICS_TOKEN'] },
  additionalProperties: false,
} as const;

/** Configuration keys, as documented in docs/operations.md's configuration table; the type is the schema's (a key with a default is always present). */
export type Config = Readonly<FromSchema<typeof schema>>;

/** The default of every key that has one. */
export const CONFIG_DEFAULTS = Object.freeze(
  Object.fromEntries(
    Object.entries(schema.properties).flatMap(([key, p]) => ('default' in p ? [[key, p.default]] : [])),
  ),
) as {
  readonly [
    K in keyof typeof schema.properties as (typeof schema.properties)[K] extends { default: unknown } ? K : never
  ]: (typeof schema.properties)[K] extends { default: infer D } ? D : never;
};

/** The schema itself (docs/operations.md's configuration table is generated from it). */
export const CONFIG_SCHEMA = schema;

/** Every variable the service reads; anything else in its environment is not configuration. */
export const CONFIG_KEYS: readonly string[] = Object.keys(schema.properties);

export class ConfigError extends Error {}

const ajv = new Ajv({ useDefaults: true, coerceTypes: true, allErrors: true });
const validate = ajv.compile(schema);

/**
 * Reads the declared keys from `env`. Outside production a missing secret is generated per process
 * (logins and cursors then do not survive a restart or cross instances); production requires them all.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    if (env[key] !== undefined && env[key] !== '') raw[key] = env[key];
  }
  if (env.REDIS_URL === '') raw.REDIS_URL = '';
  const nodeEnv = raw.NODE_ENV ?? 'development';
  if (nodeEnv !== 'production' && GENERATED_SECRETS.some((key) => raw[key] === undefined)) {
    // Tests start many services side by side: each makes up its own unless told where to keep them.
    const file = nodeEnv === 'test' && raw.SECRETS_FILE === undefined ? undefined : secretsFile(raw);
    Object.assign(raw, { ...keptSecrets(file), ...pick(raw, GENERATED_SECRETS) });
  }
  if (!validate(raw)) {
    const problems = (validate.errors ?? []).map((e) => {
      const name = e.instancePath.slice(1) || String(e.params.missingProperty ?? '');
      if (e.keyword === 'required' && nodeEnv === 'production')
        return `${name}: must be set in production (elsewhere it is generated once and kept in SECRETS_FILE)`;
      return `${name}: ${e.message}`;
    });
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  if ((raw.WEB_CONCURRENCY as number) > 1 && raw.REDIS_URL === '')
    throw new ConfigError(
      'invalid configuration: WEB_CONCURRENCY: several workers need REDIS_URL (limits and credit leases are shared through it)',
    );
  for (const [share, whole, holder] of SHARES) {
    if ((raw[share] as number) >= (raw[whole] as number))
      throw new ConfigError(
        `invalid configuration: ${share} must be less than ${whole} (one ${holder} must never hold the whole budget)`,
      );
  }
  const range = /^(\d+)-(\d+)$/.exec(raw.ELASTICSEARCH_REPLICAS as string);
  if (range && Number(range[1]) > Number(range[2]))
    throw new ConfigError(`invalid configuration: ELASTICSEARCH_REPLICAS: the range ${range[0]} runs backwards`);
  return Object.freeze(raw as Config);
}

/** A share of a budget, the budget, and who holds the share: each share must leave room for another holder. */
const SHARES: readonly (readonly [keyof Config, keyof Config, string])[] = [
  ['WEBHOOK_CONCURRENCY_PER_WATCH', 'WEBHOOK_CONCURRENCY', 'watch'],
  ['WEBHOOK_CONCURRENCY_PER_ACCOUNT', 'WEBHOOK_CONCURRENCY', 'account'],
  ['SEARCH_CONCURRENCY_PER_ACCOUNT', 'SEARCH_SLOTS', 'account'],
];

/** The secrets generated outside production when the environment does not set them. */
export const GENERATED_SECRETS = ['JWT_SECRET', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'] as const;

const pick = (from: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((k) => (from[k] === undefined ? [] : [[k, from[k]]])));

function secretsFile(raw: Record<string, unknown>): string {
  const file = raw.SECRETS_FILE ?? CONFIG_DEFAULTS.SECRETS_FILE;
  if (typeof file !== 'string' || file === '')
    throw new ConfigError('invalid configuration: SECRETS_FILE: must name a file');
  return resolve(file);
}

/**
 * Every generated secret: those `file` keeps, and any it lacks generated and added to it. The first
 * process to create the file wins (written aside, then linked into place, which fails if another
 * process linked first: everyone then reads the winner's). Without a file, generated here and lost
 * with the process.
 */
function keptSecrets(file: string | undefined): Record<string, string> {
  const generate = () =>
    Object.fromEntries(GENERATED_SECRETS.map((key) => [key, randomBytes(32).toString('base64url')]));
  if (!file) return generate();
  try {
    const kept = readSecrets(file) ?? createSecrets(file, generate());
    if (GENERATED_SECRETS.every((key) => typeof kept[key] === 'string')) return kept;
    const whole = { ...generate(), ...kept };
    writeAside(file, whole, (aside) => renameSync(aside, file));
    return whole;
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`invalid configuration: SECRETS_FILE: ${file} cannot be used (${(err as Error).message})`);
  }
}

function readSecrets(file: string): Record<string, string> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const kept: unknown = JSON.parse(text);
  if (typeof kept !== 'object' || kept === null || Array.isArray(kept))
    throw new ConfigError(`invalid configuration: SECRETS_FILE: ${file} is not a JSON object`);
  return kept as Record<string, string>;
}

function createSecrets(file: string, secrets: Record<string, string>): Record<string, string> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeAside(file, secrets, (aside) => linkSync(aside, file));
    return secrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readSecrets(file)!;
  }
}

/** Writes `secrets` to a file of its own beside `file` (mode 0600), hands it to `place`, and removes what is left. */
function writeAside(file: string, secrets: Record<string, string>, place: (aside: string) => void): void {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    place(aside);
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // renamed into place: nothing left aside
    }
  }
}

/** The database named in the MongoDB URI's path, `pds` when it names none. */
export function mongoDatabaseName(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(uri);
  return match ? decodeURIComponent(match[1]) : 'pds';
}
