// The lanes a delivery sends in, on a clock the test moves: a per-watch and a per-account cap, a
// main budget no watch or account can fill alone, and a slow lane for endpoints that timed out, left
// on an answer or in time.
import assert from 'node:assert/strict';
import { DeliveryLanes } from '../../../src/watches/delivery-lanes';

describe('delivery lanes', () => {
  let now = 0;
  const lanes = () => new DeliveryLanes({ main: 4, slow: 1, perWatch: 2, perAccount: 3, slowForMs: 1000 }, () => now);
  /** A watch of its own account, unless one is named. */
  const to = (watch: string, account = `of-${watch}`) => ({ watch, account });

  it('when one watch asks for more places than its cap, then it gets its cap and the others still find room', () => {
    const l = lanes();
    assert.deepEqual([l.take(to('a')), l.take(to('a')), l.take(to('a'))], ['main', 'main', null]);
    assert.equal(l.take(to('b')), 'main');
    assert.equal(l.take(to('c')), 'main');
    assert.equal(l.take(to('d')), null, 'the main budget is full');
    assert.equal(l.anyRoom(), true, 'the slow lane is still free');
    l.release(to('b'), 'main', 'answered');
    assert.equal(l.take(to('d')), 'main');
  });

  it('when an endpoint times out, then its watch sends from the slow lane until it answers in time, or the mark runs out', () => {
    now = 0;
    const l = lanes();
    const lane = l.take(to('silent'))!;
    l.release(to('silent'), lane, 'timed-out');
    assert.equal(l.laneOf('silent'), 'slow');
    assert.equal(l.take(to('silent')), 'slow');
    assert.equal(l.take(to('silent')), null, 'the slow lane holds one');
    assert.deepEqual(l.inFlight(), { main: 0, slow: 1 }, 'the main budget is untouched');
    l.release(to('silent'), 'slow', 'answered');
    assert.equal(l.laneOf('silent'), 'main', 'an answer in time brings it back');
    l.release(to('silent'), l.take(to('silent'))!, 'timed-out');
    now = 1000;
    assert.equal(l.laneOf('silent'), 'main', 'the mark runs out');
  });

  it('when one account has many watches at silent endpoints, then they hold its account cap and another account still sends', () => {
    now = 0;
    const l = lanes();
    const hostile = ['h1', 'h2', 'h3', 'h4'].map((w) => l.take(to(w, 'hostile')));
    assert.deepEqual(hostile, ['main', 'main', 'main', null], 'three places, whatever the number of its watches');
    assert.equal(l.take(to('healthy', 'tenant')), 'main', 'the budget still has room for another account');
    l.release(to('h1', 'hostile'), 'main', 'timed-out');
    assert.equal(l.take(to('h4', 'hostile')), 'main', 'a place given back is the account’s again');
  });
});
