// A bounded hand-over of items from producers to one consumer that reads them as an async iterable:
// a push waits while `capacity` items are unread, so memory stays bounded whatever the counts. Several
// pushes may wait at once (the seed writes three batches at a time, and each hands its products on),
// and each is woken when room is made. A consumer that stops (or is abandoned) turns every later push
// into a no-op, so the producers can finish their own work.

export class Handover<T> {
  private readonly items: T[] = [];
  private wakeConsumer?: () => void;
  /** Every push waiting for room (one slot here lost all but the last, which hung the seed). */
  private readonly producers: (() => void)[] = [];
  private ended = false;
  private failure?: { readonly reason: unknown };
  private abandoned = false;

  constructor(private readonly capacity: number) {}

  /** Resolves once the item is queued (or dropped, the consumer having stopped). */
  async push(item: T): Promise<void> {
    while (this.items.length >= this.capacity && !this.abandoned)
      await new Promise<void>((resolve) => this.producers.push(resolve));
    if (this.abandoned) return;
    this.items.push(item);
    this.wake('consumer');
  }

  /** No more items; with `reason`, the consumer's iteration throws it after the items queued before. */
  end(reason?: unknown): void {
    this.ended = true;
    if (reason !== undefined) this.failure = { reason };
    this.wake('consumer');
  }

  /** The consumer is gone: what is queued is dropped and pushes return at once. */
  abandon(): void {
    this.abandoned = true;
    this.items.length = 0;
    this.wake('producer');
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      for (;;) {
        if (this.items.length > 0) {
          const item = this.items.shift()!;
          this.wake('producer');
          yield item;
        } else if (this.failure) throw this.failure.reason;
        else if (this.ended) return;
        else await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
      }
    } finally {
      this.abandon();
    }
  }

  /** The consumer, or every waiting push (each looks again for room; those that find none wait again). */
  private wake(side: 'consumer' | 'producer'): void {
    if (side === 'producer') {
      for (const wake of this.producers.splice(0)) wake();
      return;
    }
    const wake = this.wakeConsumer;
    this.wakeConsumer = undefined;
    wake?.();
  }
}
