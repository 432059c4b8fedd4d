// A bounded hand-over of items from one producer to one consumer that reads them as an async
// iterable: the producer waits while `capacity` items are unread, so memory stays bounded whatever
// the counts. A consumer that stops (or is abandoned) turns every later push into a no-op, so the
// producer can finish its own work.

export class Handover<T> {
  private readonly items: T[] = [];
  private wakeConsumer?: () => void;
  private wakeProducer?: () => void;
  private ended = false;
  private failure?: { readonly reason: unknown };
  private abandoned = false;

  constructor(private readonly capacity: number) {}

  /** Resolves once the item is queued (or dropped, the consumer having stopped). */
  async push(item: T): Promise<void> {
    while (this.items.length >= this.capacity && !this.abandoned)
      await new Promise<void>((resolve) => (this.wakeProducer = resolve));
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

  private wake(side: 'consumer' | 'producer'): void {
    const wake = side === 'consumer' ? this.wakeConsumer : this.wakeProducer;
    if (side === 'consumer') this.wakeConsumer = undefined;
    else this.wakeProducer = undefined;
    wake?.();
  }
}
