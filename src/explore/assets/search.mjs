// Search as you type: the query and every filter live in the URL; each change asks the API again
// (typing debounced, the stale request cancelled), shows how the words were read as removable
// chips, the facets with counts, ranges from the facet stats, and pages on by the cursor as the
// reader scrolls.
import { h, fill, num, withUnit, debounce } from './dom.mjs';
import { api, doc, paramSchema, problemView, specInfo } from './api.mjs';
import { isPicked, togglePick } from './compare.mjs';

const PAGE = 20;
/** Results once typing pauses this long, and at least this often while it goes on. */
const TYPING_MS = 200;
const TYPING_MAX_WAIT_MS = 600;
/** The URL parameters that are the page's own, not the search's. */
const PAGE_PARAMS = ['view'];

export function searchView(main, ctx) {
  const state = new URLSearchParams(ctx.params);
  for (const p of PAGE_PARAMS) state.delete(p);
  let controller;
  let cursor;
  let loading = false;

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
  const list = h('ol', { id: 'results', className: 'results' });
  const more = h('button', { id: 'more', type: 'button', hidden: true, onclick: () => void page() }, 'More results');
  const problems = h('div', { className: 'problem-slot' });
  fill(
    main,
    h(
      'form',
      { role: 'search', className: 'searchbar', onsubmit: (e) => (e.preventDefault(), void run(true)) },
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
      h('section', { className: 'found', 'aria-label': 'Results' }, problems, total, list, more),
    ),
  );

  /** Writes the state into the URL: typing replaces the entry, a click adds one (Back undoes it). */
  function remember(push) {
    const url = `?${state.toString()}`;
    if (`?${new URLSearchParams(location.search).toString()}` !== url)
      history[push ? 'pushState' : 'replaceState'](null, '', url);
  }

  async function run(push = true) {
    remember(push);
    controller?.abort();
    controller = new AbortController();
    const signal = controller.signal;
    cursor = undefined;
    try {
      const res = await api('/search', { query: withLimit(state), signal });
      fill(problems);
      renderChips(res.meta.interpretation);
      renderFacets(res.meta.facets);
      total.textContent = `${num(res.meta.total)} product${res.meta.total === 1 ? '' : 's'}${res.meta.interpretation ? ` · ${res.meta.interpretation.summary}` : ''}`;
      fill(list, res.data.map(card));
      if (res.data.length === 0) fill(list, suggestions(res.meta.suggestions ?? []));
      // Which search the list shows: what a test (or a person's tooling) can wait on.
      list.dataset.for = state.toString();
      next(res.meta.next_cursor);
    } catch (err) {
      if (!signal.aborted) fill(problems, problemView(err));
    }
  }

  async function page() {
    if (!cursor || loading) return;
    loading = true;
    const signal = controller.signal;
    try {
      const query = withLimit(state);
      query.set('cursor', cursor);
      const res = await api('/search', { query, signal });
      list.append(...res.data.map(card));
      next(res.meta.next_cursor);
    } catch (err) {
      if (!signal.aborted) fill(problems, problemView(err));
    } finally {
      loading = false;
    }
  }

  function next(c) {
    cursor = c;
    more.hidden = !c;
  }

  const typed = debounce(
    () => {
      if (q.value.trim()) state.set('q', q.value.trim());
      else state.delete('q');
      void run(false);
    },
    TYPING_MS,
    TYPING_MAX_WAIT_MS,
  );
  q.addEventListener('input', typed);

  function change(mutate) {
    mutate();
    void run(true);
  }

  function renderChips(interpretation) {
    if (!interpretation || interpretation.parts.length === 0) return fill(chips);
    fill(
      chips,
      h('span', { className: 'muted' }, 'Read as:'),
      interpretation.parts.map((part, i) =>
        h(
          'span',
          { className: 'chip' },
          h('span', { className: 'chip-kind' }, part.kind),
          ` ${part.label} `,
          h(
            'button',
            {
              type: 'button',
              'aria-label': `Remove ${part.kind} ${part.label} (read from "${part.from}")`,
              // A part taken away: the words left as text, every other part as its ordinary parameters.
              onclick: () =>
                change(() => {
                  if (interpretation.text) state.set('q', interpretation.text);
                  else state.delete('q');
                  interpretation.parts.forEach((other, j) => {
                    if (j === i) return;
                    for (const [k, v] of Object.entries(other.parameters))
                      for (const item of [v].flat()) if (!state.getAll(k).includes(item)) state.append(k, item);
                  });
                  q.value = state.get('q') ?? '';
                }),
            },
            '×',
          ),
        ),
      ),
      interpretation.relaxed.length > 0
        ? h('span', { className: 'muted' }, ` (loosened: ${interpretation.relaxed.join(', ')})`)
        : null,
    );
  }

  function renderFacets(f) {
    if (!f) return;
    fill(
      facets,
      checkGroup(
        'Category',
        'category',
        f.category.map((b) => ({ value: b.value, label: b.value, count: b.count })),
      ),
      checkGroup(
        'Company',
        'manufacturer',
        f.manufacturer.map((b) => ({ value: b.id ?? b.value, label: b.value, count: b.count })),
      ),
      toggles(),
      sortSelect(f),
      ranges(f.specs ?? {}),
    );
  }

  function checkGroup(title, name, buckets) {
    // What the reader selected stays visible even when the results no longer count it.
    const shown = [...buckets];
    for (const v of state.getAll(name))
      if (!shown.some((b) => b.value === v)) shown.push({ value: v, label: v, count: 0 });
    return h(
      'fieldset',
      { className: `facet facet-${name}` },
      h('legend', {}, title),
      shown.map((b) => {
        const id = `f-${name}-${b.value}`.replace(/[^\w-]/g, '_');
        return h(
          'div',
          { className: 'check' },
          h('input', {
            id,
            type: 'checkbox',
            checked: state.getAll(name).includes(b.value),
            onchange: (e) => change(() => toggleParam(name, b.value, e.target.checked)),
          }),
          h('label', { for: id }, b.label, ' ', h('span', { className: 'count' }, num(b.count))),
        );
      }),
    );
  }

  function toggleParam(name, value, on) {
    const rest = state.getAll(name).filter((v) => v !== value);
    state.delete(name);
    for (const v of on ? [...rest, value] : rest) state.append(name, v);
  }

  function toggles() {
    const qualities = paramSchema('searchProducts', 'quality').items.enum;
    return h(
      'fieldset',
      { className: 'facet' },
      h('legend', {}, 'Listing and quality'),
      h(
        'div',
        { className: 'check' },
        h('input', {
          id: 'f-latest',
          type: 'checkbox',
          checked: state.get('in_latest_edition') === 'true',
          onchange: (e) =>
            change(() =>
              e.target.checked ? state.set('in_latest_edition', 'true') : state.delete('in_latest_edition'),
            ),
        }),
        h('label', { for: 'f-latest' }, 'Listed in the newest edition'),
      ),
      qualities.map((v) =>
        h(
          'div',
          { className: 'check' },
          h('input', {
            id: `f-quality-${v}`,
            type: 'checkbox',
            checked: state.getAll('quality').includes(v),
            onchange: (e) => change(() => toggleParam('quality', v, e.target.checked)),
          }),
          h('label', { for: `f-quality-${v}` }, `Quality checks: ${v}`),
        ),
      ),
    );
  }

  function sortSelect(f) {
    const allowed = paramSchema('searchProducts', 'sort').items.enum;
    const specs = Object.keys(f.specs ?? {}).filter((s) => decidingSpecs().includes(s));
    const keys = ['relevance', 'model', 'manufacturer', ...specs.map((s) => `specs.${s}`)];
    const options = keys.flatMap((k) => (k === 'relevance' ? [k] : [k, `-${k}`])).filter((k) => allowed.includes(k));
    return h(
      'div',
      { className: 'facet' },
      h('label', { for: 'f-sort' }, 'Sort by'),
      h(
        'select',
        {
          id: 'f-sort',
          onchange: (e) =>
            change(() => (e.target.value === 'relevance' ? state.delete('sort') : state.set('sort', e.target.value))),
        },
        options.map((k) => h('option', { value: k, selected: (state.get('sort') ?? 'relevance') === k }, sortLabel(k))),
      ),
    );
  }

  /** The specs that decide a substitution in the one category selected (x-substitution): the ranges worth a slider. */
  function decidingSpecs() {
    const categories = state.getAll('category');
    const rules = doc().paths['/api/v1/products/{id}/similar'].get['x-substitution'];
    return categories.length === 1 && rules[categories[0]] ? rules[categories[0]].near.map((n) => n.spec) : [];
  }

  function ranges(stats) {
    const specs = decidingSpecs().filter((s) => stats[s]);
    if (specs.length === 0) return h('p', { className: 'muted facet' }, 'Pick one category for ranges on its specs.');
    return h(
      'fieldset',
      { className: 'facet ranges' },
      h('legend', {}, 'Ranges'),
      specs.map((s) => range(s, stats[s])),
    );
  }

  function range(spec, stat) {
    const unit = specInfo(spec).unit ?? '';
    const lo = state.get(`specs.${spec}[gte]`);
    const hi = state.get(`specs.${spec}[lte]`);
    const low0 = Math.min(stat.min, lo === null ? Infinity : Number(lo));
    const high0 = Math.max(stat.max, hi === null ? -Infinity : Number(hi));
    const step = niceStep((high0 - low0) / 100);
    // Ends on whole steps, so round values (400 W) can be picked.
    const min = Math.floor(low0 / step) * step;
    const max = Math.ceil(high0 / step) * step;
    const shown = h(
      'output',
      { id: `r-${spec}-out` },
      `${withUnit(lo === null ? min : Number(lo), unit)} – ${withUnit(hi === null ? max : Number(hi), unit)}`,
    );
    const slider = (op, value, label) =>
      h('input', {
        id: `r-${spec}-${op}`,
        type: 'range',
        min: String(min),
        max: String(max),
        step: String(step),
        value: String(value),
        'aria-label': `${spec} ${label} (${unit || 'no unit'})`,
        oninput: () =>
          (shown.textContent = `${withUnit(Number(low.value), unit)} – ${withUnit(Number(high.value), unit)}`),
        onchange: (e) =>
          change(() => {
            const v = Number(e.target.value);
            const atEdge = op === 'gte' ? v <= min : v >= max;
            if (atEdge) state.delete(`specs.${spec}[${op}]`);
            else state.set(`specs.${spec}[${op}]`, String(v));
          }),
      });
    const low = slider('gte', lo ?? min, 'at least');
    const high = slider('lte', hi ?? max, 'at most');
    return h('div', { className: 'range' }, h('span', { className: 'range-name' }, `${spec} `, shown), low, high);
  }

  function suggestions(offered) {
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

  // Scrolling near the end asks for the next page; the button does the same from the keyboard.
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void page(), {
    rootMargin: '400px',
  });
  observer.observe(more);
  ctx.onLeave(() => {
    observer.disconnect();
    controller?.abort();
  });
  q.focus();
  void run(false);
}

function withLimit(state) {
  const query = new URLSearchParams(state);
  query.set('limit', String(PAGE));
  return query;
}

function niceStep(raw) {
  if (!(raw > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

const sortLabel = (k) =>
  k.startsWith('-')
    ? `${k.slice(1).replace(/^specs\./, '')} (high to low)`
    : k === 'relevance'
      ? 'relevance'
      : `${k.replace(/^specs\./, '')} (low to high)`;

/** The specs a product is sold by (a module's STC power, an inverter's AC power...), as the document marks them. */
const nominalSpecs = () =>
  Object.entries(doc()['x-spec-catalog'])
    .filter(([, d]) => d.nominal)
    .map(([name]) => name);

/** One result: model, company, category, nominal power, listing and quality, open and pick. */
function card(p) {
  const nominal = nominalSpecs().find((s) => p.specs?.[s] !== undefined);
  return h(
    'li',
    { className: 'card' },
    h('h3', {}, h('a', { href: `?product=${encodeURIComponent(p.id)}`, 'data-nav': true }, p.model)),
    h(
      'p',
      {},
      p.company?.name ?? p.manufacturer,
      ' · ',
      p.category,
      nominal ? ` · ${withUnit(p.specs[nominal], specInfo(nominal).unit)}` : '',
    ),
    h(
      'p',
      { className: 'badges' },
      p.listing
        ? h(
            'span',
            { className: p.listing.in_latest_edition ? 'badge ok' : 'badge old' },
            p.listing.in_latest_edition ? 'listed now' : `last listed ${p.listing.last_edition}`,
          )
        : null,
      p.quality ? h('span', { className: `badge q-${p.quality.status}` }, `checks: ${p.quality.status}`) : null,
    ),
    pickButton(p),
  );
}

/** A toggle that adds the product to (or takes it from) the products picked to compare. */
export function pickButton(p) {
  const button = h('button', { type: 'button', className: 'pick', 'aria-pressed': String(isPicked(p.id)) });
  const label = () => (button.textContent = isPicked(p.id) ? 'Picked to compare' : 'Pick to compare');
  label();
  button.addEventListener('click', () => {
    togglePick({ id: p.id, model: p.model });
    button.setAttribute('aria-pressed', String(isPicked(p.id)));
    label();
  });
  return button;
}
