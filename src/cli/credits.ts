// npm run credits -- grant <email> <n>
import { openOperator, runCommand } from './operator';
import { grant } from '../credits/credits.service';
import { AccountRepository } from '../adapters/mongo/account.repository';
import { createRedis, redisReady } from '../adapters/redis/client';
import { buildCreditLock } from '../wiring';
import { createLogger } from '../shared/logger';

const USAGE = 'usage: npm run credits -- grant <email> <positive whole number>';

runCommand('credits', async () => {
  const [command, email, amount] = process.argv.slice(2);
  const n = Number(amount);
  if (command !== 'grant' || !email || !Number.isInteger(n) || n <= 0) throw new Error(USAGE);
  const op = await openOperator();
  // The same account lock the service takes, so a grant never races a debit (see keyed-lock.ts).
  const redis = op.config.REDIS_URL ? createRedis(op.config.REDIS_URL) : undefined;
  try {
    // Commands fail fast until connected; without the connection the lock refuses the grant.
    if (redis) await redisReady(redis, op.config.REQUEST_TIMEOUT_MS);
    const lock = buildCreditLock({ config: op.config, mongo: op.mongo, redis, logger: createLogger('warn') });
    const balance = await grant(email, n, { accounts: new AccountRepository(op.mongo.db), lock });
    process.stdout.write(`granted ${n} credits to ${email.trim().toLowerCase()}; balance ${balance}\n`);
  } finally {
    redis?.disconnect();
    await op.close();
  }
});
