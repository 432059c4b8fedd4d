// @ts-check
// Search as you type: the query and every filter live in the URL; each change asks the API again
// (typing debounced, the stale request cancelled), shows how the words were read as removable
// chips, the facets with counts, ranges from the facet stats, and pages on by the cursor as the
// reader scrolls. "Save as watch" keeps the search as a watch of new matches.
import { h, fill, num, debounce } from './dom.mjs';
import { api, problemView, specLabel } from './api.mjs';
import { facetsView } from './facets.mjs';
import { card } from './card.mjs';
import { chipText, withoutPart } from './chips.mjs';
import { watchControl } from './watches.mjs';
import { savedSearchOf } from './watch-model.mjs';

const PAGE = 20;
/** Results once typing pauses this long, and at least this often while it goes on. */
const TYPING_MS = 200;
const TYPING_MAX_WAIT_MS = 600;
/** The URL parameters that are the page's own, not the search's. */
const PAGE_PARAMS = ['view'];

export function searchView(main, ctx) {
  const state = new URLSearchParams(ctx.params);
  for (const p of PAGE_PARAMS) state.delete(p);
  /** A click's change of the search: the state changes, the URL gets an entry, the results follow. */
  const change = (mutate) => {
    mutate();
    void search.run(true);
  };
  const view = searchLayout(main, state, {
    change,
    submit: () => void search.run(true),
    more: () => void search.page(),
  });
  const search = searchRequests(state, view, change);

  const typed = debounce(
    () => {
      if (view.q.value.trim()) state.set('q', view.q.value.trim());
      else state.delete('q');
      void search.run(false);
    },
    TYPING_MS,
    TYPING_MAX_WAIT_MS,
  );
  view.q.addEventListener('input', typed);

  // Scrolling near the end asks for the next page; the button does the same from the keyboard.
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void search.page(), {
    rootMargin: '400px',
  });
  observer.observe(view.more);
  ctx.onLeave(() => {
    observer.disconnect();
    search.abort();
  });
  view.q.focus();
  void search.run(false);
}

/**
 * The page's parts, laid out in `main`: the search box, the chips of how it was read, the filters,
 * and the results with their total, grouping chip, watch button and "More results".
 * @param {HTMLElement} main
 * @param {URLSearchParams} state
 * @param {{ change: (mutate: () => void) => void, submit: () => void, more: () => void }} actions
 */
function searchLayout(main, state, { change, submit, more: onMore }) {
  const q = h('input', {
    id: 'q',
    type: 'search',
    value: state.get('q') ?? '',
    autocomplete: 'off',
    placeholder: 'e.g. Trina 400W, SMA 7.7kW inverter, air to water heat pump',
    'aria-describedby': 'q-help',
  });
  const chips = h('div', { id: 'interpretation', className: 'chips', 'aria-live': 'polite' });
  const facets = h('div', { id: 'facets' });
  // On a phone the filters fold away above the results; the summary opens them.
  const filters = h(
    'details',
    { className: 'facets', open: !matchMedia('(max-width: 760px)').matches },
    h('summary', {}, 'Filters'),
    facets,
  );
  const total = h('p', { id: 'total', className: 'total', 'aria-live': 'polite' });
  const grouping = seriesChip(state, change);
  const list = h('ol', { id: 'results', className: 'results' });
  const more = h('button', { id: 'more', type: 'button', hidden: true, onclick: onMore }, 'More results');
  const problems = h('div', { className: 'problem-slot' });
  // The search as it stands when pressed (typing may have changed it since the page opened).
  const watch = watchControl({
    id: 'save-watch',
    label: 'Save as watch',
    kind: 'search',
    target: () => savedSearchOf(state),
    name: () => (state.get('q') ? `Search: ${state.get('q')}` : 'Search').slice(0, 100),
  });
  fill(
    main,
    h(
      'form',
      { role: 'search', className: 'searchbar', onsubmit: (e) => (e.preventDefault(), submit()) },
      h('label', { for: 'q' }, 'Search equipment'),
      q,
      h(
        'p',
        { id: 'q-help', className: 'muted' },
        'Results come as you type; words such as a maker, a kind or "550W" become filters you can remove.',
      ),
    ),
    chips,
    h(
      'div',
      { className: 'layout' },
      h('aside', { 'aria-label': 'Filters' }, filters),
      h(
        'section',
        { className: 'found', 'aria-label': 'Results' },
        problems,
        h('div', { className: 'found-head' }, total, grouping, watch.button),
        watch.region,
        list,
        more,
      ),
    ),
  );
  return { q, chips, facets, total, grouping, list, more, problems };
}

/** Writes the state into the URL: typing replaces the entry, a click adds one (Back undoes it). */
function remember(state, push) {
  const url = `?${state.toString()}`;
  if (`?${new URLSearchParams(location.search).toString()}` !== url)
    history[push ? 'pushState' : 'replaceState'](null, '', url);
}

/**
 * The requests behind the page: `run` asks the first page of the search as it stands (cancelling the
 * one before) and shows it whole; `page` appends the next page by the cursor.
 * @param {URLSearchParams} state
 * @param {ReturnType<typeof searchLayout>} view
 * @param {(mutate: () => void) => void} change
 */
function searchRequests(state, view, change) {
  /** @type {AbortController | undefined} */
  let controller;
  /** @type {string | undefined} */
  let cursor;
  let loading = false;
  const next = (c) => {
    cursor = c;
    view.more.hidden = !c;
  };
  const show = (res) => {
    const { meta } = res;
    fill(view.problems);
    view.grouping.setAttribute('aria-pressed', String(state.get('group_by') === 'series'));
    fill(view.chips, interpretationChips(meta.interpretation, state, view.q, change));
    if (meta.facets) fill(view.facets, facetsView(meta.facets, state, change));
    view.total.textContent = `${totalText(meta)}${meta.interpretation ? ` · ${meta.interpretation.summary}` : ''}`;
    fill(view.list, res.data.map(card));
    if (res.data.length === 0) fill(view.list, suggestions(meta.suggestions ?? [], state, view.q, change));
    // Which search the list shows: what a test (or a person's tooling) can wait on.
    view.list.dataset.for = state.toString();
    next(meta.next_cursor);
  };
  async function run(push = true) {
    remember(state, push);
    controller?.abort();
    controller = new AbortController();
    const signal = controller.signal;
    cursor = undefined;
    try {
      show(await api('/search', { query: withLimit(state), signal }));
    } catch (err) {
      if (!signal.aborted) fill(view.problems, problemView(err));
    }
  }
  async function page() {
    if (!cursor || loading) return;
    loading = true;
    // A cursor comes only from a run, which made the controller.
    const signal = /** @type {AbortController} */ (controller).signal;
    try {
      const query = withLimit(state);
      query.set('cursor', cursor);
      const res = await api('/search', { query, signal });
      view.list.append(...res.data.map(card));
      next(res.meta.next_cursor);
    } catch (err) {
      if (!signal.aborted) fill(view.problems, problemView(err));
    } finally {
      loading = false;
    }
  }
  return { run, page, abort: () => controller?.abort() };
}

/** How the words were read, a chip a part, each with a button that removes it (and its words from the box). */
function interpretationChips(interpretation, state, q, change) {
  if (!interpretation || interpretation.parts.length === 0) return [];
  return [
    h('span', { className: 'muted' }, 'Read as:'),
    interpretation.parts.map((part, i) => {
      const said = chipText(part, specLabel);
      return h(
        'span',
        { className: `chip chip-${part.kind}`, 'data-kind': part.kind },
        h('span', { className: 'chip-kind' }, part.kind),
        ` ${said} `,
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Remove ${part.kind} ${said} (read from "${part.from}")`,
            onclick: () =>
              change(() => {
                withoutPart(interpretation, i, state);
                q.value = state.get('q') ?? '';
              }),
          },
          '×',
        ),
      );
    }),
    interpretation.relaxed.length > 0
      ? h(
          'span',
          { className: 'muted relaxed' },
          ` (loosened: ${interpretation.relaxed.join(', ')}${
            interpretation.unmet ? `; none meets ${interpretation.unmet.map((u) => u.from).join(', ')}` : ''
          })`,
        )
      : null,
  ];
}

/** The empty list: "No product matches", and the spellings offered instead, each a button that searches it. */
function suggestions(offered, state, q, change) {
  return h(
    'li',
    { className: 'empty' },
    h('p', {}, 'No product matches.'),
    offered.length > 0
      ? h(
          'p',
          {},
          'Try: ',
          offered.map((text) =>
            h(
              'button',
              {
                type: 'button',
                className: 'link',
                onclick: () =>
                  change(() => {
                    state.set('q', text);
                    q.value = text;
                  }),
              },
              text,
            ),
          ),
        )
      : null,
  );
}

/** One row per series (group_by=series): a chip that turns the grouping on and off, kept in the URL. */
function seriesChip(state, change) {
  return h(
    'button',
    {
      id: 'group-series',
      type: 'button',
      className: 'chip chip-toggle',
      title: 'Show each product line once, as its best match, with how many variants match and their range',
      onclick: () =>
        change(() => (state.get('group_by') === 'series' ? state.delete('group_by') : state.set('group_by', 'series'))),
    },
    'One row per series',
  );
}

function withLimit(state) {
  const query = new URLSearchParams(state);
  query.set('limit', String(PAGE));
  return query;
}

/**
 * "12 products", or "10,000+ products" when the service counted only up to its bound; grouped,
 * the rows first: "96 rows (2 series, 94 single products) of 341 products".
 */
function totalText(meta) {
  const more = meta.total_relation === 'gte' ? '+' : '';
  const products = `${num(meta.total)}${more} product${meta.total === 1 && !more ? '' : 's'}`;
  const g = meta.groups;
  if (!g) return products;
  const rows = `${num(g.total)}${g.total_relation === 'gte' ? '+' : ''} row${g.total === 1 ? '' : 's'}`;
  return `${rows} (${num(g.series)} series, ${num(g.total - g.series)} single products) of ${products}`;
}
