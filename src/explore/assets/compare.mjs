// @ts-check
// Compare: products picked from results, a product page or its alternatives (kept for the tab),
// then side by side from compareProducts, the rows that differ marked.
import { h, fill, withUnit } from './dom.mjs';
import { api, paramSchema, problemView, specLabel, specTitle } from './api.mjs';

const PICKED = 'pds.explore.picked';

/** The products picked so far, in the order picked: `{id, model}`. */
function picked() {
  try {
    return JSON.parse(sessionStorage.getItem(PICKED) ?? '[]');
  } catch {
    return [];
  }
}

export const isPicked = (id) => picked().some((p) => p.id === id);

/** Adds or removes a product; at most as many as compareProducts takes. */
export function togglePick(product) {
  const now = picked();
  const max = paramSchema('compareProducts', 'ids').maxItems;
  const next = now.some((p) => p.id === product.id)
    ? now.filter((p) => p.id !== product.id)
    : [...now, product].slice(-max);
  sessionStorage.setItem(PICKED, JSON.stringify(next));
  renderTray(document.getElementById('tray'));
}

const compareUrl = (ids) => `?view=compare&ids=${ids.map(encodeURIComponent).join(',')}`;

/** The picked products and the way to compare them, fixed at the bottom of the page. */
export function renderTray(el) {
  const now = picked();
  const min = paramSchema('compareProducts', 'ids').minItems;
  el.hidden = now.length === 0;
  fill(
    el,
    h('span', { className: 'muted' }, `Picked ${now.length}: `),
    now.map((p) =>
      h(
        'span',
        { className: 'chip' },
        p.model,
        ' ',
        h('button', { type: 'button', 'aria-label': `Unpick ${p.model}`, onclick: () => togglePick(p) }, '×'),
      ),
    ),
    now.length >= min
      ? h(
          'a',
          { id: 'compare-link', className: 'button', href: compareUrl(now.map((p) => p.id)), 'data-nav': true },
          `Compare ${now.length}`,
        )
      : h('span', { className: 'muted' }, ` pick ${min - now.length} more to compare`),
  );
}

export async function compareView(main, ctx) {
  const ids = (ctx.params.get('ids') ?? '').split(',').filter(Boolean);
  const slot = h('div', { className: 'problem-slot' });
  fill(main, h('h1', {}, 'Compare'), slot);
  if (ids.length === 0) {
    main.append(h('p', {}, 'Pick products from a search, a product page or its alternatives, then press Compare.'));
    return;
  }
  const controller = new AbortController();
  ctx.onLeave(() => controller.abort());
  try {
    const res = await api('/compare', { query: { ids: ids.join(',') }, signal: controller.signal });
    const differing = res.comparison.filter((row) => row.differs).length;
    main.append(
      h('p', { className: 'muted' }, `${res.comparison.length} specs, ${differing} of them differ (marked ≠).`),
      h(
        'div',
        { className: 'scroll' },
        h(
          'table',
          { id: 'comparison', className: 'compare' },
          h('caption', { className: 'sr-only' }, 'Specs side by side; rows that differ are marked'),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, 'Spec'),
              res.data.map((p) =>
                h(
                  'th',
                  { scope: 'col' },
                  h('a', { href: `?product=${encodeURIComponent(p.id)}`, 'data-nav': true }, p.model),
                  h('br'),
                  h('span', { className: 'muted' }, p.company?.name ?? p.manufacturer),
                ),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            res.comparison.map((row) =>
              h(
                'tr',
                { className: row.differs ? 'differs' : '' },
                h(
                  'th',
                  { scope: 'row', title: specTitle(row.spec) },
                  row.differs ? h('span', { 'aria-label': 'differs' }, '≠ ') : '',
                  specLabel(row.spec) ?? row.spec,
                ),
                row.values.map((v) => h('td', {}, withUnit(v, row.unit))),
              ),
            ),
          ),
        ),
      ),
    );
  } catch (err) {
    fill(slot, problemView(err));
  }
}
