// The explorer's watch text, in Node on the shapes the API answers (listWatches, listWatchDeliveries):
// a delivery's row, a watch's state and target, the events each kind takes, and the saved search a
// page's URL becomes. The browser test drives the same code through the page.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../../src/shared/paths';
import { EVENT_TYPES } from '../../../src/catalog/watch.types';

interface Row {
  id: string;
  time: string;
  event: string;
  state: string;
  status: string;
  latency: string;
  attempts: string;
  answer: string;
}
interface Model {
  deliveryRow(d: unknown): Row;
  watchState(w: unknown): string;
  watchTarget(w: unknown): string;
  eventsFor(kind: 'products' | 'search', all: readonly string[]): string[];
  savedSearchOf(params: URLSearchParams): {
    search: Record<string, string | string[]>;
    dropped: { name: string; why: string }[];
  };
}

const attempt = (status: number | null, latency_ms: number, response: string, at = '2026-11-25T23:41:07.123Z') => ({
  at,
  status,
  latency_ms,
  response,
});
const delivery = (status: string, attempts: unknown[], next_attempt_at: string | null = null) => ({
  id: 'msg_abc',
  event_id: 'evt_1',
  event_type: 'product.revised',
  status,
  created_at: '2026-11-25T23:41:05.000Z',
  next_attempt_at,
  attempts,
});
const watch = (extra: Record<string, unknown>) => ({
  id: 'wh_0000000000000001',
  name: 'w',
  events: ['product.revised'],
  url: 'https://hooks.example.com/pds',
  status: 'active',
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-25T23:00:00.000Z',
  updated_at: '2026-11-25T23:00:00.000Z',
  ...extra,
});

describe('explorer watch text (watch-model.mjs)', () => {
  let model: Model;
  before(async () => {
    model = (await import(pathToFileURL(path.join(PROJECT_ROOT, 'src/explore/assets/watch-model.mjs')).href)) as Model;
  });

  it('when a delivery was acknowledged, then its row says when, what, the status, the latency, the attempts and the answer', () => {
    const row = model.deliveryRow(
      delivery('delivered', [attempt(500, 40, 'not yet'), attempt(204, 12, '', '2026-11-25T23:41:09.000Z')]),
    );
    assert.deepEqual(row, {
      id: 'msg_abc',
      time: '2026-11-25 23:41:05 UTC',
      event: 'product.revised',
      state: 'delivered',
      status: 'delivered (HTTP 204)',
      latency: '12 ms',
      attempts: '2',
      answer: '',
    });
  });

  it('when a delivery waits for a retry, then its row says the last answer and when it is tried next', () => {
    const row = model.deliveryRow(
      delivery('pending', [attempt(null, 15000, 'timed out after 15000 ms')], '2026-11-26T00:11:05.000Z'),
    );
    assert.equal(row.status, 'pending (no answer), next attempt 2026-11-26 00:11:05 UTC');
    assert.equal(row.answer, 'timed out after 15000 ms');
    const fresh = model.deliveryRow(delivery('pending', [], '2026-11-25T23:41:05.000Z'));
    assert.equal(fresh.status, 'pending (not tried yet), next attempt 2026-11-25 23:41:05 UTC');
    assert.equal(fresh.latency, '—');
    assert.equal(fresh.attempts, '0');
  });

  it('when an answer is long, then the row keeps its first 120 characters', () => {
    const row = model.deliveryRow(delivery('failed', [attempt(500, 3, 'x'.repeat(1024))]));
    assert.equal(row.answer.length, 120);
    assert.equal(row.status, 'failed (HTTP 500)');
  });

  it('when a watch is paused, disabled or failing, then its state says so and why', () => {
    assert.equal(model.watchState(watch({})), 'active');
    assert.equal(model.watchState(watch({ status: 'paused' })), 'paused: no new deliveries until resumed');
    assert.equal(
      model.watchState(watch({ status: 'disabled', disabled_reason: 'the endpoint answered 410 Gone' })),
      'disabled: the endpoint answered 410 Gone',
    );
    assert.equal(
      model.watchState(watch({ failing_since: '2026-11-24T10:00:00.000Z' })),
      'active, every attempt failing since 2026-11-24 10:00:00 UTC',
    );
  });

  it('when a watch is shown, then its target is its product count or its saved search with the reading', () => {
    assert.equal(model.watchTarget(watch({ products: ['a', 'b'] })), '2 products');
    assert.equal(
      model.watchTarget(
        watch({
          search: {
            params: { q: 'trina', category: ['pv-module', 'inverter'] },
            interpretation: { summary: 'Trina Solar' },
          },
        }),
      ),
      'saved search q=trina category=pv-module,inverter (read as: Trina Solar)',
    );
  });

  it("when a form offers events, then a product watch gets the product's events and a saved search watch.matched", () => {
    assert.deepEqual(model.eventsFor('products', EVENT_TYPES), [
      'product.created',
      'product.revised',
      'product.delisted',
      'product.relisted',
    ]);
    assert.deepEqual(model.eventsFor('search', EVENT_TYPES), ['watch.matched']);
  });

  it('when a search is saved, then each parameter is kept once (repeated ones as a list) and the paging and order are left out, said why', () => {
    const { search, dropped } = model.savedSearchOf(
      new URLSearchParams(
        'q=trina&category=pv-module&category=inverter&specs.stc_power_w%5Bgte%5D=400&sort=relevance&view=x&limit=5&quality=',
      ),
    );
    assert.deepEqual(search, {
      q: 'trina',
      category: ['pv-module', 'inverter'],
      'specs.stc_power_w[gte]': '400',
    });
    assert.deepEqual(
      dropped.map((d) => d.name),
      ['sort', 'limit'],
      'the page view is not mentioned, an empty value is not a parameter',
    );
    assert.ok(dropped.every((d) => d.why.length > 0));
    // A parameter named like an object's own member is a parameter like any other (the API refuses it).
    assert.deepEqual(model.savedSearchOf(new URLSearchParams('constructor=1')), {
      search: { constructor: '1' },
      dropped: [],
    });
  });
});
