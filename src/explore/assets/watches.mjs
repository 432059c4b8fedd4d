// @ts-check
// Watches in the explorer: "Watch" on a product and "Save as watch" on a search open a form (name,
// events, endpoint), whose answer shows the signing secret once; the Watches view lists the account's
// watches with pause/resume, delete, a test event and each one's recent deliveries, redelivered on
// demand. Everything is the API's watches operations with the page's key (scope `watches:write`).
import { h, fill } from './dom.mjs';
import { api, doc, problemView, specLabel } from './api.mjs';
import { chipText } from './chips.mjs';
import { deliveryRow, eventsFor, watchState, watchTarget, when } from './watch-model.mjs';

/** While a delivery shown is pending, its log is read again this often, at most POLLS times. */
const POLL_MS = 1000;
const POLLS = 30;
/** Deliveries a watch's log shows (the operation's default page). */
const LOG_LIMIT = 20;

const allEvents = () => doc().components.schemas.EventType.enum;
const announce = (text) => {
  const status = /** @type {HTMLElement} */ (document.getElementById('status'));
  status.textContent = text;
};

/**
 * The endpoint of the account's newest watch, so a person gives it once: read from the API (the page
 * stores no endpoint). Undefined when there is none; a failure is left to the form's own call.
 */
async function lastEndpoint() {
  try {
    const { data } = await api('/watches');
    return data.toSorted((a, b) => b.created_at.localeCompare(a.created_at))[0]?.url;
  } catch {
    return undefined;
  }
}

/**
 * A "Watch" (products) or "Save as watch" (search) button and the region its form opens in, for the
 * caller to place. `target()` gives `{products}` or `{search, dropped}` when pressed; `name` the
 * watch's default name.
 */
export function watchControl({ id, label, kind, target, name }) {
  const region = h('div', { id: `${id}-region`, className: 'watch-region', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', id, 'aria-controls': region.id, 'aria-expanded': 'false' }, label);
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-expanded') === 'true') {
      button.setAttribute('aria-expanded', 'false');
      return void fill(region);
    }
    button.setAttribute('aria-expanded', 'true');
    fill(region, h('p', { className: 'muted' }, 'Loading…'));
    fill(region, watchForm({ kind, target: target(), defaultName: name(), endpoint: await lastEndpoint(), region }));
    region.querySelector('input')?.focus();
  });
  return { button, region };
}

/**
 * The form that creates a watch of `kind` on `target`, prefilled with `defaultName` and the account's
 * last `endpoint`; on success it replaces itself in `region` with the created watch and its secret.
 */
function watchForm({ kind, target, defaultName, endpoint, region }) {
  const problems = h('div', { className: 'problem-slot' });
  const name = h('input', { id: 'w-name', type: 'text', maxlength: '100', value: defaultName });
  const url = h('input', {
    id: 'w-url',
    type: 'url',
    required: true,
    placeholder: 'https://hooks.example.com/pds',
    value: endpoint ?? '',
    'aria-describedby': 'w-url-help',
  });
  const events = eventsFor(kind, allEvents()).map((e) =>
    h('label', { className: 'check' }, h('input', { type: 'checkbox', name: 'event', value: e, checked: true }), e),
  );
  const submit = async (e) => {
    e.preventDefault();
    const chosen = events.map((l) => l.querySelector('input')).filter((i) => i.checked);
    const body = {
      name: name.value.trim(),
      ...(kind === 'products' ? { products: target.products } : { search: target.search }),
      events: chosen.map((i) => i.value),
      url: url.value.trim(),
    };
    try {
      const created = await api('/watches', { method: 'POST', body });
      announce(`Watch ${created.name || created.id} created.`);
      fill(region, createdView(created));
      document.getElementById('watch-secret-value')?.focus();
    } catch (err) {
      fill(problems, problemView(err));
    }
  };
  return h(
    'form',
    { id: 'watch-form', className: 'watch-form', onsubmit: submit },
    h(
      'p',
      {},
      kind === 'products'
        ? 'Be told when this product is revised, created, delisted or listed again.'
        : 'Be told of each new product that matches this search. The service reads it now and stores its reading:',
    ),
    kind === 'search' ? savedSearchSummary(target) : null,
    h('label', { for: 'w-name' }, 'Name'),
    name,
    h('fieldset', {}, h('legend', {}, 'Events'), events),
    h('label', { for: 'w-url' }, 'Endpoint URL'),
    url,
    h(
      'p',
      { id: 'w-url-help', className: 'muted' },
      endpoint ? 'The endpoint your newest watch uses; change it here for this watch only. ' : 'Where deliveries go. ',
      'https to a public address only: the service checks it now and before every delivery.',
    ),
    problems,
    h('button', { type: 'submit' }, 'Create watch'),
  );
}

/** The search a watch will keep, and what of the page's parameters it leaves out (and why). */
function savedSearchSummary({ search, dropped }) {
  const entries = Object.entries(search);
  return h(
    'div',
    { className: 'saved-search' },
    h(
      'p',
      {},
      entries.length === 0
        ? 'No words or filters: every new product matches.'
        : entries.map(([k, v]) => h('code', {}, `${k}=${[v].flat().join(',')}`)).flatMap((c) => [c, ' ']),
    ),
    dropped.length > 0
      ? h('p', { className: 'muted' }, 'Not kept: ', dropped.map((d) => `${d.name} (${d.why})`).join('; '), '.')
      : null,
  );
}

/** A watch just made: its secret, once, and for a saved search the reading the service stored. */
function createdView(w) {
  const out = h('div', { id: 'watch-created' });
  fill(
    out,
    secretView(w, () => {
      out.querySelector('#watch-secret')?.remove();
      out.querySelector('#to-watches')?.focus();
    }),
    w.search ? interpretationView(w.search) : null,
    h('p', {}, h('a', { id: 'to-watches', href: '?view=watches', 'data-nav': true }, 'See it in Watches')),
  );
  return out;
}

/**
 * The `whsec_` secret, shown this once: the page keeps it nowhere (not in storage, and "I have
 * copied it" takes it off the page), since the service never shows it again.
 */
function secretView(w, onDone) {
  const value = h('input', { id: 'watch-secret-value', type: 'text', readonly: true, value: w.secret });
  const copied = h('span', { role: 'status' });
  return h(
    'section',
    { id: 'watch-secret', className: 'secret', 'aria-labelledby': 'watch-secret-title' },
    h('h3', { id: 'watch-secret-title' }, `Watch "${w.name || w.id}" created: copy its signing secret now`),
    h(
      'p',
      {},
      h('strong', {}, 'It is shown only this once. '),
      'Your receiver verifies each delivery with it (Standard Webhooks). The explorer does not keep it; if it is lost, rotate it with the API (rotateWatchSecret).',
    ),
    h('label', { for: 'watch-secret-value' }, 'Signing secret'),
    value,
    ' ',
    h(
      'button',
      {
        type: 'button',
        id: 'watch-secret-copy',
        onclick: () =>
          navigator.clipboard.writeText(w.secret).then(
            () => (copied.textContent = 'Copied.'),
            () => {
              value.select();
              copied.textContent = 'The browser refused to copy: it is selected, press Ctrl+C.';
            },
          ),
      },
      'Copy',
    ),
    ' ',
    h('button', { type: 'button', id: 'watch-secret-done', onclick: onDone }, 'I have copied it'),
    ' ',
    copied,
  );
}

/** A saved search's stored reading: its summary and each part, named as the search's chips name them. */
function interpretationView(search) {
  const reading = search.interpretation;
  return h(
    'section',
    { className: 'stored-reading', 'aria-label': 'The saved search as the service read it' },
    h('h3', {}, 'Stored reading'),
    reading
      ? [
          h('p', { className: 'reading-summary' }, reading.summary),
          h(
            'ul',
            { className: 'chips' },
            reading.parts.map((part) =>
              h(
                'li',
                { className: `chip chip-${part.kind}`, 'data-kind': part.kind },
                h('span', { className: 'chip-kind' }, part.kind),
                ` ${chipText(part, specLabel)}`,
              ),
            ),
          ),
          reading.text ? h('p', { className: 'muted' }, `Words kept as text: ${reading.text}`) : null,
        ]
      : h('p', { className: 'muted' }, 'No words to read: the filters are the search.'),
  );
}

/** The Watches view (`?view=watches`): the account's watches, what each does, and its deliveries. */
export async function watchesView(main, ctx) {
  const controller = new AbortController();
  const timers = new Set();
  ctx.onLeave(() => {
    controller.abort();
    for (const t of timers) clearTimeout(t);
  });
  const signal = controller.signal;
  const problems = h('div', { className: 'problem-slot' });
  const list = h('ol', { id: 'watches', className: 'watches' });
  fill(
    main,
    h('h1', { id: 'watches-title', tabindex: '-1' }, 'Watches'),
    h(
      'p',
      { className: 'muted' },
      'Your account\'s watches. Create one with "Watch" on a product or "Save as watch" on a search; each delivers signed webhooks to its endpoint (see ',
      h('a', { href: '/docs' }, 'the API reference'),
      ').',
    ),
    problems,
    list,
  );
  let data;
  try {
    ({ data } = await api('/watches', { signal }));
  } catch (err) {
    if (!signal.aborted) fill(problems, problemView(err));
    return;
  }
  if (data.length === 0) fill(list, h('li', { className: 'empty' }, 'No watches yet.'));
  else
    fill(
      list,
      data.map((w) => watchItem(w, { signal, timers })),
    );
  list.dataset.loaded = 'true';
  /** @type {HTMLElement} */ (document.getElementById('watches-title')).focus();
}

function watchItem(w, env) {
  const problems = h('div', { className: 'problem-slot' });
  const log = h('div', { className: 'delivery-log', 'aria-live': 'polite' });
  const deliveries = h('details', { className: 'deliveries' }, h('summary', {}, 'Recent deliveries'), log);
  deliveries.addEventListener('toggle', () => deliveries.open && void showLog(w, log, env, 0));
  const item = h('li', { className: 'watch', 'data-id': w.id, 'data-status': w.status });
  /** Runs an action; its problem shows on the watch, and what it answers is the watch's new state. */
  const act = (fn) => async () => {
    fill(problems);
    try {
      await fn();
    } catch (err) {
      fill(problems, problemView(err));
    }
  };
  const path = `/watches/${encodeURIComponent(w.id)}`;
  const paused = w.status !== 'active';
  const remove = h('button', { type: 'button', className: 'danger', hidden: true }, 'Delete for good');
  remove.addEventListener(
    'click',
    act(async () => {
      await api(path, { method: 'DELETE', signal: env.signal });
      announce(`Watch ${w.name || w.id} deleted.`);
      item.remove();
    }),
  );
  const actions = h(
    'div',
    { className: 'actions' },
    h(
      'button',
      {
        type: 'button',
        className: 'watch-pause',
        onclick: act(async () => {
          const changed = await api(path, { method: 'PATCH', body: { paused: !paused }, signal: env.signal });
          announce(`Watch ${w.name || w.id} ${changed.status}.`);
          item.replaceWith(watchItem(changed, env));
        }),
      },
      // A disabled watch is re-enabled the same way as a paused one is resumed.
      w.status === 'disabled' ? 'Re-enable' : paused ? 'Resume' : 'Pause',
    ),
    h(
      'button',
      {
        type: 'button',
        className: 'watch-test',
        onclick: act(async () => {
          await api(`${path}/test`, { method: 'POST', signal: env.signal });
          announce('Test event queued.');
          deliveries.open = true;
          await showLog(w, log, env, POLLS);
        }),
      },
      'Send test event',
    ),
    h(
      'button',
      {
        type: 'button',
        className: 'watch-delete',
        'aria-expanded': 'false',
        onclick: (e) => {
          remove.hidden = !remove.hidden;
          e.currentTarget.setAttribute('aria-expanded', String(!remove.hidden));
        },
      },
      'Delete…',
    ),
    remove,
  );
  fill(item, h('h2', {}, w.name || w.id), ...watchFacts(w), actions, problems, deliveries);
  return item;
}

/** What a watch is: its kind, target, events, endpoint, state and age, then the products or search it keeps. */
function watchFacts(w) {
  return [
    h(
      'dl',
      { className: 'watch-facts' },
      [
        ['kind', w.products ? 'product watch' : 'saved search'],
        ['watching', watchTarget(w)],
        ['events', w.events.join(', ')],
        ['endpoint', h('code', {}, w.url)],
        ['state', h('span', { className: `badge watch-${w.status}` }, watchState(w))],
        ['created', when(w.created_at)],
      ].map(([k, v]) => h('div', { 'data-fact': k }, h('dt', {}, k), h('dd', {}, v))),
    ),
    w.products
      ? h(
          'p',
          { className: 'watched-products' },
          w.products
            .slice(0, 10)
            .map((id) => h('a', { href: `?product=${encodeURIComponent(id)}`, 'data-nav': true }, id))
            .flatMap((a) => [a, ' ']),
          w.products.length > 10 ? `and ${w.products.length - 10} more` : null,
        )
      : interpretationView(w.search),
  ];
}

/**
 * The watch's delivery log as a table, each with "Redeliver". While a delivery shown is pending it is
 * read again after POLL_MS, `polls` more times at most (a test event or a redelivery lands within
 * seconds; a retry minutes away is left to "Refresh").
 */
async function showLog(w, el, env, polls) {
  const path = `/watches/${encodeURIComponent(w.id)}/deliveries`;
  let res;
  try {
    res = await api(path, { query: { limit: LOG_LIMIT }, signal: env.signal });
  } catch (err) {
    if (!env.signal.aborted) fill(el, problemView(err));
    return;
  }
  const again = (n) => () => void showLog(w, el, env, n);
  const rows = res.data.map(deliveryRow);
  const problems = h('div', { className: 'problem-slot' });
  fill(
    el,
    problems,
    rows.length === 0
      ? h('p', { className: 'muted' }, 'No deliveries yet.')
      : h(
          'div',
          { className: 'scroll' },
          h(
            'table',
            { className: 'deliveries-table' },
            h('caption', { className: 'sr-only' }, `Recent deliveries of ${w.name || w.id}, newest first`),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ['time', 'event', 'status', 'latency', 'attempts', 'answer', ''].map((c) =>
                  h('th', { scope: 'col' }, c),
                ),
              ),
            ),
            h(
              'tbody',
              {},
              rows.map((r) =>
                h(
                  'tr',
                  { 'data-id': r.id, 'data-state': r.state },
                  h('td', {}, r.time),
                  h('td', {}, h('code', {}, r.event)),
                  h('td', { className: `delivery-${r.state}` }, r.status),
                  h('td', {}, r.latency),
                  h('td', {}, r.attempts),
                  h('td', { className: 'answer-bytes' }, r.answer),
                  h(
                    'td',
                    {},
                    h(
                      'button',
                      {
                        type: 'button',
                        'aria-label': `Redeliver ${r.event} of ${r.time}`,
                        onclick: async () => {
                          fill(problems);
                          try {
                            await api(`${path}/${encodeURIComponent(r.id)}/redeliver`, {
                              method: 'POST',
                              signal: env.signal,
                            });
                            announce('Redelivery queued.');
                            await showLog(w, el, env, POLLS);
                          } catch (err) {
                            fill(problems, problemView(err));
                          }
                        },
                      },
                      'Redeliver',
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
    h('button', { type: 'button', className: 'log-refresh', onclick: again(0) }, 'Refresh'),
  );
  el.dataset.read = String(Date.now());
  if (polls > 0 && rows.some((r) => r.state === 'pending')) {
    const t = setTimeout(() => {
      env.timers.delete(t);
      again(polls - 1)();
    }, POLL_MS);
    env.timers.add(t);
  }
}
