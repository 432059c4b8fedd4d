// @ts-check
// What the watch views say, without the DOM: the saved search a page's URL becomes, the events each
// kind of watch takes, a watch's state and a delivery's row. The unit test runs it in Node on the
// shapes the API answers; the browser test drives it through the page.

/**
 * URL parameters that are not part of a saved search, each with why: the service refuses the
 * paging and shaping ones (`limit`, `cursor`, `sort`, `fields`, `group_by`), and `view` is the page's own.
 */
const NOT_SAVED = new Map([
  ['view', 'the page view, not a search parameter'],
  ['limit', 'a page size: a watch is told of every match'],
  ['cursor', 'a position in one result list'],
  ['sort', 'an order: a watch is told of each new match, whatever its rank'],
  ['fields', 'the shape of an answer, not what matches'],
  ['group_by', 'rows of one series at a time: a watch is told of each new product'],
]);

/**
 * The saved search the page's search parameters make: each parameter once (a repeated one as an
 * array, as searchProducts takes it), without those a watch does not keep. `dropped` names those
 * left out, with why, so the page can say so.
 */
export function savedSearchOf(params) {
  const search = Object.create(null);
  const dropped = [];
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name).filter((v) => v !== '');
    if (values.length === 0) continue;
    if (NOT_SAVED.has(name)) {
      if (name !== 'view') dropped.push({ name, why: NOT_SAVED.get(name) });
      continue;
    }
    search[name] = values.length === 1 ? values[0] : values;
  }
  return { search: { ...search }, dropped };
}

/** The event types a product watch (`products`) or a saved search (`search`) takes, of the document's. */
export function eventsFor(kind, all) {
  // A product watch takes the product's own events; a saved search only news of a new match.
  return kind === 'products' ? all.filter((e) => e.startsWith('product.')) : all.filter((e) => e === 'watch.matched');
}

/** A moment as people read it, in UTC to the second: `2026-11-25 23:41:07 UTC`. */
export function when(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—';
}

/** What a watch looks at: its products, or its saved search's reading. */
export function watchTarget(w) {
  if (w.products) return `${w.products.length} product${w.products.length === 1 ? '' : 's'}`;
  const reading = w.search?.interpretation?.summary;
  const params = Object.entries(w.search?.params ?? {})
    .map(([k, v]) => `${k}=${[v].flat().join(',')}`)
    .join(' ');
  return `saved search ${params}${reading ? ` (read as: ${reading})` : ''}`;
}

/** A watch's state and, when the service stopped or is struggling, why. */
export function watchState(w) {
  if (w.status === 'disabled') return `disabled: ${w.disabled_reason ?? 'no reason recorded'}`;
  if (w.status === 'paused') return 'paused: no new deliveries until resumed';
  if (w.failing_since) return `active, every attempt failing since ${when(w.failing_since)}`;
  return 'active';
}

/**
 * One delivery as a row of the log: when it was made, its event, its state (with the last answer's
 * status, or when it is tried next), the last attempt's latency, how many attempts, and the first
 * bytes of the last answer.
 */
export function deliveryRow(d) {
  const last = d.attempts.at(-1);
  const answered = last ? (last.status === null ? 'no answer' : `HTTP ${last.status}`) : 'not tried yet';
  let status = `${d.status} (${answered})`;
  if (d.status === 'pending' && d.next_attempt_at) status += `, next attempt ${when(d.next_attempt_at)}`;
  return {
    id: d.id,
    time: when(d.created_at),
    event: d.event_type,
    state: d.status,
    status,
    latency: last ? `${last.latency_ms} ms` : '—',
    attempts: String(d.attempts.length),
    answer: last ? last.response.slice(0, 120) : '',
  };
}
