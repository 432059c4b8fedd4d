// Password checks are scrypt on the libuv thread pool (~90 ms each), the pool that also serves gzip
// and file reads: how many run at once is bounded per client address and per instance. A check
// past the bound waits its turn in a short queue; past the queue it is a 429 before any scrypt.
import { AppError } from '../errors/app-error';
import { loginsInProgress } from '../errors/catalog';
import type { PasswordCheckSlots } from './accounts.routes';

const PER_ADDRESS = 2;
const WAITING_PER_ADDRESS = 8;
const WAITING_ON_INSTANCE = 64;

/** At most `max` at once, `maxWaiting` in line; `enter` says false when the line is full too. */
class Turns {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  get idle(): boolean {
    return this.running === 0;
  }

  async enter(): Promise<boolean> {
    if (this.running < this.max) {
      this.running += 1;
      return true;
    }
    if (this.line.length >= this.maxWaiting) return false;
    await new Promise<void>((resolve) => this.line.push(resolve));
    return true;
  }

  /** Hands the turn to the next in line, or frees it. */
  leave(): void {
    const next = this.line.shift();
    if (next) next();
    else this.running -= 1;
  }
}

export function passwordCheckSlots(perInstance: number): PasswordCheckSlots {
  const onInstance = new Turns(perInstance, WAITING_ON_INSTANCE);
  const byAddress = new Map<string, Turns>();
  const refused = (who: string) => new AppError(loginsInProgress(who));
  return {
    async within(address, work) {
      let own = byAddress.get(address);
      if (!own) byAddress.set(address, (own = new Turns(PER_ADDRESS, WAITING_PER_ADDRESS)));
      const turns = own;
      if (!(await turns.enter())) throw refused('This address');
      try {
        if (!(await onInstance.enter())) throw refused('This server');
        try {
          return await work();
        } finally {
          onInstance.leave();
        }
      } finally {
        turns.leave();
        // The map holds only addresses with a login in progress.
        if (turns.idle) byAddress.delete(address);
      }
    },
  };
}
