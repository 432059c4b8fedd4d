// The seed's hand-over of written products to the index load: bounded (a slow load holds the writer
// back instead of filling memory), in order, a writer's failure reaching the load, and a load that
// stops never blocking the writer.
import assert from 'node:assert/strict';
import { Handover } from '../../../src/shared/handover';

/** Lets every queued promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Handover', () => {
  it('when the consumer does not read, then the producer waits at capacity and resumes as items are taken', async () => {
    const handover = new Handover<number>(2);
    const pushed: number[] = [];
    const producer = (async () => {
      for (let i = 1; i <= 5; i++) {
        await handover.push(i);
        pushed.push(i);
      }
      handover.end();
    })();
    await settle();
    assert.deepEqual(pushed, [1, 2], 'two queued, the third push waits');
    const read: number[] = [];
    for await (const item of handover) read.push(item);
    await producer;
    assert.deepEqual(read, [1, 2, 3, 4, 5], 'every item, in order');
  });

  it('when several pushes wait at capacity at once (the seed writes three batches at a time), then each is queued once room is made, none is lost', async () => {
    const handover = new Handover<number>(1);
    await handover.push(1);
    // Before, one waiting slot kept only the last push's wake-up: the others never resolved, and the
    // first seed hung with one batch of products written but never indexed.
    const waiting = [handover.push(2), handover.push(3), handover.push(4)];
    const read: number[] = [];
    const reading = (async () => {
      for await (const item of handover) read.push(item);
    })();
    await Promise.all(waiting);
    handover.end();
    await reading;
    assert.deepEqual(read, [1, 2, 3, 4], 'every item, in the order the pushes waited');
  });

  it('when the producer ends with an error, then the consumer reads what was queued and then gets the error', async () => {
    const handover = new Handover<string>(4);
    await handover.push('a');
    handover.end(new Error('the store went away'));
    const read: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const item of handover) read.push(item);
      })(),
      /the store went away/,
    );
    assert.deepEqual(read, ['a']);
  });

  it('when the consumer stops early, then a producer waiting at capacity is released and later pushes return', async () => {
    const handover = new Handover<number>(1);
    await handover.push(1);
    const waiting = handover.push(2);
    for await (const item of handover) {
      assert.equal(item, 1);
      break;
    }
    await waiting;
    await handover.push(3);
  });

  it('when abandoned while the producer waits, then the wait ends', async () => {
    const handover = new Handover<number>(1);
    await handover.push(1);
    const waiting = handover.push(2);
    handover.abandon();
    await waiting;
  });
});
