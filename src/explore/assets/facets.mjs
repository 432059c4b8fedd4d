// @ts-check
// The search's filters: category, company and series facets with counts, the listing and quality toggles,
// sort, and a pair of range sliders for each spec that decides a substitution in the one category
// selected, bounded by the facet stats. Each change goes through `change`, which updates the URL
// state and searches again.
import { h, num, withUnit } from './dom.mjs';
import { doc, paramSchema, specInfo, specLabel } from './api.mjs';

/** The filter controls for the `facets` of a first page, reading and changing `state` (the URL's search). */
export function facetsView(facets, state, change) {
  // Counts estimated from a sample of a broad query's matches say so.
  const page = { state, change, approx: facets.exact === false ? '≈' : '' };
  return [
    checkGroup(page, {
      title: 'Category',
      name: 'category',
      buckets: facets.category.map((b) => ({ value: b.value, label: b.value, count: b.count })),
    }),
    checkGroup(page, {
      title: 'Company',
      name: 'manufacturer',
      buckets: facets.manufacturer.map((b) => ({ value: b.id ?? b.value, label: b.value, count: b.count })),
      owns: (v) => !isGroup(v),
    }),
    // Parent brands (a group's id ends in -group): all their companies' products at once.
    ...(facets.group?.length || state.getAll('manufacturer').some(isGroup)
      ? [
          checkGroup(page, {
            title: 'Group',
            name: 'manufacturer',
            buckets: (facets.group ?? []).map((b) => ({ value: b.id, label: b.value, count: b.count })),
            kind: 'group',
            owns: isGroup,
          }),
        ]
      : []),
    // Product lines of the series table, shown once the results hold one (most searches hold none).
    ...(facets.series?.length || state.has('series')
      ? [
          checkGroup(page, {
            title: 'Series',
            name: 'series',
            buckets: (facets.series ?? []).map((b) => ({ value: b.id, label: b.value, count: b.count })),
          }),
        ]
      : []),
    toggles(page),
    sortSelect(page, facets),
    ranges(page, facets.specs ?? {}),
  ];
}

/**
 * A fieldset of checkboxes for the values of parameter `name`. `kind` names the control when two share
 * a parameter (companies and groups both set `manufacturer`); `owns` says which selected values it
 * shows when the results no longer count them.
 */
/**
 * @typedef {{ state: URLSearchParams, change: (mutate: () => void) => void, approx: string }} FacetPage
 * @param {FacetPage} page
 * @param {{ title: string, name: string, buckets: { value: string, label: string, count: number }[],
 *   kind?: string, owns?: (value: string) => boolean }} group
 */
function checkGroup({ state, change, approx }, { title, name, buckets, kind = name, owns = () => true }) {
  // What the reader selected stays visible even when the results no longer count it.
  const shown = [...buckets];
  for (const v of state.getAll(name))
    if (owns(v) && !shown.some((b) => b.value === v)) shown.push({ value: v, label: v, count: 0 });
  return h(
    'fieldset',
    { className: `facet facet-${kind}` },
    h('legend', {}, title),
    shown.map((b) => {
      const id = `f-${kind}-${b.value}`.replace(/[^\w-]/g, '_');
      return h(
        'div',
        { className: 'check' },
        h('input', {
          id,
          type: 'checkbox',
          checked: state.getAll(name).includes(b.value),
          onchange: (e) => change(() => toggleParam(state, { name, value: b.value, on: e.target.checked })),
        }),
        h('label', { for: id }, b.label, ' ', h('span', { className: 'count' }, approx + num(b.count))),
      );
    }),
  );
}

/** Adds (`on`) or removes `value` among the values of parameter `name`, keeping the others in order. */
function toggleParam(state, { name, value, on }) {
  const rest = state.getAll(name).filter((v) => v !== value);
  state.delete(name);
  for (const v of on ? [...rest, value] : rest) state.append(name, v);
}

/** The listing toggle (newest edition) and one checkbox per quality-check outcome. */
function toggles({ state, change }) {
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
          change(() => (e.target.checked ? state.set('in_latest_edition', 'true') : state.delete('in_latest_edition'))),
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
          onchange: (e) => change(() => toggleParam(state, { name: 'quality', value: v, on: e.target.checked })),
        }),
        h('label', { for: `f-quality-${v}` }, `Quality checks: ${v}`),
      ),
    ),
  );
}

/** The sort keys the operation allows: relevance, model, manufacturer and the deciding specs the results hold. */
function sortSelect({ state, change }, f) {
  const allowed = paramSchema('searchProducts', 'sort').items.enum;
  const specs = Object.keys(f.specs ?? {}).filter((s) => decidingSpecs(state).includes(s));
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
function decidingSpecs(state) {
  const categories = state.getAll('category');
  const rules = doc().paths['/api/v1/products/{id}/similar'].get['x-substitution'];
  return categories.length === 1 && rules[categories[0]] ? rules[categories[0]].near.map((n) => n.spec) : [];
}

function ranges(page, stats) {
  const specs = decidingSpecs(page.state).filter((s) => stats[s]);
  if (specs.length === 0) return h('p', { className: 'muted facet' }, 'Pick one category for ranges on its specs.');
  return h(
    'fieldset',
    { className: 'facet ranges' },
    h('legend', {}, 'Ranges'),
    specs.map((s) => range(page, s, stats[s])),
  );
}

/** Two sliders (at least, at most) for `spec`, on whole steps between the facet stats and the values asked. */
function range({ state, change }, spec, stat) {
  const unit = specInfo(spec).unit ?? '';
  const name = specLabel(spec) ?? spec;
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
      'aria-label': `${name} ${label} (${unit || 'no unit'})`,
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
  return h(
    'div',
    { className: 'range' },
    h('span', { className: 'range-name', title: spec }, `${name} `, shown),
    low,
    high,
  );
}

/** Group ids are `<brand>-group` (data.md, company groups). */
const isGroup = (v) => v.endsWith('-group');

/** @returns {number} 1, 2 or 5 times a power of ten: the first of them at least `raw` (10 × p always is). */
function niceStep(raw) {
  if (!(raw > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  return /** @type {number} */ ([1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw));
}

/** A sort key for people: a spec by its glossary label (`STC power (high to low)`), other keys as named. */
const keyLabel = (k) => (k.startsWith('specs.') ? (specLabel(k.slice(6)) ?? k.slice(6)) : k);
const sortLabel = (k) =>
  k.startsWith('-')
    ? `${keyLabel(k.slice(1))} (high to low)`
    : k === 'relevance'
      ? 'relevance'
      : `${keyLabel(k)} (low to high)`;
