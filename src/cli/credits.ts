// npm run credits -- grant <email> <n>
import { openOperator, runCommand } from './operator';
import { grant } from '../credits/credits.service';
import { redisReady } from '../adapters/redis/client';
import { buildCreditLock } from '../wiring/locks';

const USAGE = 'usage: npm run credits -- grant <email> <positive whole number>';

runCommand('credits', async () => {
  const [command, email, amount] = process.argv.slice(2);
  const n = Number(amount);
  if (command !== 'grant' || !email || !Number.isInteger(n) || n <= 0) throw new Error(USAGE);
  const op = await openOperator();
  const { config, mongo, redis, logger, accounts } = op.stores;
  try {
    // The same account lock the service takes, so a grant never races a debit (see keyed-lock.ts).
    // Commands fail fast until connected; without the connection the lock refuses the grant.
    if (redis) await redisReady(redis, config.REQUEST_TIMEOUT_MS);
    const lock = buildCreditLock({ config, mongo, redis, logger });
    const balance = await grant(email, n, { accounts, lock });
    process.stdout.write(`granted ${n} credits to ${email.trim().toLowerCase()}; balance ${balance}\n`);
  } finally {
    await op.close();
  }
});
