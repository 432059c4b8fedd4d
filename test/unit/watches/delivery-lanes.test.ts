// The lanes a delivery sends in, on a clock the test moves: a per-watch cap, a main budget no
// watch can fill alone, and a slow lane for endpoints that timed out, left on an answer or in time.
import assert from 'node:assert/strict';
import { DeliveryLanes } from '../../../src/watches/delivery-lanes';

describe('delivery lanes', () => {
  let now = 0;
  const lanes = () => new DeliveryLanes({ main: 4, slow: 1, perWatch: 2, slowForMs: 1000 }, () => now);

  it('when one watch asks for more places than its cap, then it gets its cap and the others still find room', () => {
    const l = lanes();
    assert.deepEqual([l.take('a'), l.take('a'), l.take('a')], ['main', 'main', null]);
    assert.equal(l.take('b'), 'main');
    assert.equal(l.take('c'), 'main');
    assert.equal(l.take('d'), null, 'the main budget is full');
    assert.equal(l.anyRoom(), true, 'the slow lane is still free');
    l.release('b', 'main', 'answered');
    assert.equal(l.take('d'), 'main');
  });

  it('when an endpoint times out, then its watch sends from the slow lane until it answers in time, or the mark runs out', () => {
    now = 0;
    const l = lanes();
    const lane = l.take('silent')!;
    l.release('silent', lane, 'timed-out');
    assert.equal(l.laneOf('silent'), 'slow');
    assert.equal(l.take('silent'), 'slow');
    assert.equal(l.take('silent'), null, 'the slow lane holds one');
    assert.deepEqual(l.inFlight(), { main: 0, slow: 1 }, 'the main budget is untouched');
    l.release('silent', 'slow', 'answered');
    assert.equal(l.laneOf('silent'), 'main', 'an answer in time brings it back');
    l.release('silent', l.take('silent')!, 'timed-out');
    now = 1000;
    assert.equal(l.laneOf('silent'), 'main', 'the mark runs out');
  });
});
