// The stores the limits count in, shared by every instance: Redis in production
// (adapters/redis/allowance-store.ts and throttle-store.ts, each declaring what it implements). Without
// one, or while it does not answer, a limit counts in this process alone.

/** What a rate-limit window granted. */
export interface Grant {
  /** How many requests were granted (0: the window's allowance is all taken). */
  readonly granted: number;
  /** The window's count over every instance, this grant included. */
  readonly taken: number;
  /** How long the window still runs. */
  readonly ttlMs: number;
  /** The window's identity: what is given back goes only to the window it came from. */
  readonly window: string;
}

/** Shared rate-limit windows (rate-allowance.ts takes its blocks from them). */
export interface AllowanceStore {
  /** Takes up to `wanted` of `limit` in `name`'s current window, opening one of `windowMs` if none runs. */
  take(name: string, wanted: number, limit: number, windowMs: number): Promise<Grant>;
  /** Gives `count` back to `name`'s window `window`; nothing when that window has ended. */
  giveBack(name: string, count: number, window: string): Promise<void>;
}

/** Where a throttle's count stands: how many in the window, and how long the window still runs. */
export interface Count {
  readonly count: number;
  readonly ttlMs: number;
}

/** Shared fixed-window counters (throttle.ts). */
export interface ThrottleStore {
  /** Adds one to `key`'s count, starting a window of `windowMs` if none runs. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** Takes one back from `key`'s count while its window runs. */
  release(key: string): Promise<void>;
}
