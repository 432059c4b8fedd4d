// @ts-check
// A product: every spec with its unit and, on demand, where it came from (source, edition, file,
// record, line, column); its listing; its quality checks; its revision timeline; its alternatives;
// and "Watch" to be told of its changes. A module or an inverter also gets its PVsyst file; an
// inverter its efficiency curves, a heat pump its COP curves. `?product=<id>&as_of=<revision or time>`
// shows the product, and makes its file, as it stood then.
import { h, fill, withUnit } from './dom.mjs';
import { api, creditCost, doc, problemView, specLabel, specTitle } from './api.mjs';
import { pickButton } from './card.mjs';
import { watchControl } from './watches.mjs';
import { pvsystKind, pvsystSection } from './pvsyst.mjs';
import { heatPumpCurvesView, inverterCurvesPanel } from './performance.mjs';

export async function productView(main, id, ctx) {
  const controller = new AbortController();
  ctx.onLeave(() => controller.abort());
  const signal = controller.signal;
  const asOf = ctx.params.get('as_of') || undefined;
  fill(main, h('p', { className: 'muted' }, 'Loading…'));
  let p;
  try {
    p = await api(`/products/${encodeURIComponent(id)}`, { query: { as_of: asOf }, signal });
  } catch (err) {
    if (!signal.aborted) fill(main, h('h1', {}, 'Product'), problemView(err));
    return;
  }
  const design = designLinks(p);
  const watch = watchControl({
    id: 'watch-product',
    label: 'Watch',
    kind: 'products',
    target: () => ({ products: [p.id] }),
    name: () => `${p.model}${p.variant ? ` ${p.variant}` : ''}`,
  });
  fill(
    main,
    h(
      'p',
      {},
      h(
        'a',
        { href: '?', 'data-nav': true, onclick: (e) => history.length > 1 && (e.preventDefault(), history.back()) },
        '← Back',
      ),
    ),
    h(
      'h1',
      { id: 'product-title', tabindex: '-1' },
      p.model,
      p.variant ? h('span', { className: 'muted' }, ` ${p.variant}`) : '',
    ),
    h(
      'p',
      {},
      p.company?.name ?? p.manufacturer,
      p.company && p.company.name !== p.manufacturer ? ` (as the source spells it: ${p.manufacturer})` : '',
      ' · ',
      p.category,
      ` · revision ${p.revision}`,
      asOf ? h('span', { className: 'badge old', id: 'as-of' }, ` as of ${asOf}`) : '',
    ),
    h('div', { className: 'actions' }, pickButton(p), watch.button, design),
    watch.region,
    listingView(p.listing),
    qualityView(p),
    pvsystKind(p.category) ? pvsystSection(p, { asOf, signal }) : null,
    performanceSection(p, signal),
    h('h2', {}, 'Specs'),
    h('p', { className: 'muted' }, 'Press "Evidence" beside a value to see the cell it was read from.'),
    specsTable(p, signal),
    h('h2', {}, 'Revision history'),
    lazySection('revisions', 'Show the revision timeline', () => revisionsView(p.id, signal)),
    h('h2', {}, 'Alternatives'),
    lazySection('alternatives', 'Show alternatives', () => alternativesView(p.id, signal)),
    h('p', { className: 'notice' }, p.notice),
  );
  document.getElementById('product-title')?.focus();
}

function designLinks(p) {
  if (p.category === 'pv-module')
    return [
      h(
        'a',
        { className: 'button', href: `?view=design&module=${encodeURIComponent(p.id)}`, 'data-nav': true, id: 'to-iv' },
        'IV curve and string sizing',
      ),
    ];
  if (p.category === 'inverter')
    return [
      h(
        'a',
        {
          className: 'button',
          href: `?view=design&inverter=${encodeURIComponent(p.id)}`,
          'data-nav': true,
          id: 'to-sizing',
        },
        'Size a string for this inverter',
      ),
    ];
  return [];
}

/** ` (2 credits)`: what pressing a button that calls this operation costs, from the document. */
const costs = (operationId) => {
  const n = creditCost(operationId);
  return n ? ` (${n} credit${n === 1 ? '' : 's'})` : '';
};

/** An inverter's efficiency curves, a heat pump's COP curves: loaded when asked (each costs a read). */
function performanceSection(p, signal) {
  if (p.category === 'inverter')
    return h(
      'section',
      { 'aria-labelledby': 'inverter-curves-title' },
      h('h2', { id: 'inverter-curves-title' }, 'Efficiency curves'),
      lazySection('inverter-curves', `Show the efficiency curves${costs('getInverterPerformance')}`, async () => {
        const panel = inverterCurvesPanel(p.id, signal);
        await panel.draw();
        return panel.node;
      }),
    );
  if (p.category === 'heat-pump')
    return h(
      'section',
      { 'aria-labelledby': 'heat-pump-curves-title' },
      h('h2', { id: 'heat-pump-curves-title' }, 'COP curves'),
      lazySection('heat-pump-curves', `Show the COP curves${costs('getHeatPumpPerformance')}`, () =>
        heatPumpCurvesView(p.id, signal),
      ),
    );
  return null;
}

function listingView(listing) {
  return h(
    'section',
    { className: 'listing', 'aria-labelledby': 'listing-title' },
    h('h2', { id: 'listing-title' }, 'Listing'),
    h(
      'p',
      {},
      h(
        'span',
        { className: listing.in_latest_edition ? 'badge ok' : 'badge old' },
        listing.in_latest_edition
          ? 'Listed in the newest edition'
          : `No longer listed; last in ${listing.last_edition}`,
      ),
    ),
    h(
      'ul',
      {},
      listing.editions.map((e) =>
        h(
          'li',
          {},
          `${e.list}, edition ${e.edition} (${e.source_id}), record ${e.records.join(', ')}`,
          e.match ? ` — matched: ${e.match.rule}` : '',
        ),
      ),
    ),
  );
}

function qualityView(p) {
  const rules = doc()['x-quality-checks'][p.category] ?? {};
  const { status, checked, failed } = p.quality;
  return h(
    'section',
    { 'aria-labelledby': 'quality-title' },
    h('h2', { id: 'quality-title' }, 'Quality checks: ', h('span', { className: `badge q-${status}` }, status)),
    checked.length === 0
      ? h('p', { className: 'muted' }, 'No check had its inputs.')
      : h(
          'ul',
          { id: 'quality' },
          checked.map((name) =>
            h(
              'li',
              {},
              failed.includes(name) ? '✗ fails: ' : '✓ passes: ',
              h('code', {}, rules[name]?.rule ?? name),
              ` (${name})`,
            ),
          ),
        ),
  );
}

function specsTable(p, signal) {
  const editionOf = (sourceId) => p.listing.editions.find((e) => e.source_id === sourceId)?.edition;
  const rows = Object.entries(p.specs).flatMap(([spec, value]) => {
    const prov = p.provenance[spec];
    const evidence = h(
      'tr',
      { className: 'evidence', hidden: true },
      h(
        'td',
        { colspan: '3' },
        prov ? provenanceView(prov, editionOf(prov.source_id), signal) : 'No provenance recorded.',
      ),
    );
    const button = h(
      'button',
      { type: 'button', className: 'link', 'aria-expanded': 'false', 'aria-label': `Evidence for ${spec}` },
      'Evidence',
    );
    button.addEventListener('click', () => {
      evidence.hidden = !evidence.hidden;
      button.setAttribute('aria-expanded', String(!evidence.hidden));
    });
    return [
      h(
        'tr',
        {},
        h('th', { scope: 'row', title: specTitle(spec) }, specLabel(spec) ?? spec),
        h('td', {}, withUnit(value, p.units[spec])),
        h('td', {}, button),
      ),
      evidence,
    ];
  });
  return h(
    'div',
    { className: 'scroll' },
    h(
      'table',
      { id: 'specs', className: 'specs' },
      h('caption', { className: 'sr-only' }, 'Specs with unit and evidence'),
      h('tbody', {}, rows),
    ),
  );
}

/** Where one value came from, with the source's own record a press away. */
function provenanceView(prov, edition, signal) {
  const { file, record, line, column, pointer } = prov.locator;
  const detail = h('div', { className: 'source-detail' });
  const href = `/api/v1/sources/${encodeURIComponent(prov.source_id)}`;
  return h(
    'div',
    { className: 'locator' },
    h(
      'dl',
      {},
      [
        [
          'source',
          h(
            'a',
            { href, onclick: (e) => (e.preventDefault(), void showSource(prov.source_id, detail, signal)) },
            prov.source_id,
          ),
        ],
        ['edition', edition ?? '—'],
        ['file', file],
        ['record', record],
        ['line', line],
        ['column', column],
        // A JSON source's value by its JSON pointer (`/Battery/1/Capacity`).
        ...(pointer ? [['pointer', pointer]] : []),
        ['method', prov.method + (prov.derivation ? ` (${prov.derivation})` : '')],
        ['revision', prov.revision],
      ].map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v))),
    ),
    detail,
  );
}

async function showSource(id, el, signal) {
  try {
    const s = await api(`/sources/${encodeURIComponent(id)}`, { signal });
    fill(
      el,
      h(
        'p',
        {},
        `${s.title} — ${s.publisher}, edition ${s.edition}, licence ${s.licence}; sha256 ${s.sha256.slice(0, 16)}…`,
      ),
      // What the source is not (a hand-collected table), before anyone relies on its values.
      s.limits ? h('p', { className: 'source-limits' }, `Limits: ${s.limits}`) : null,
    );
  } catch (err) {
    fill(el, problemView(err));
  }
}

/** A section that loads when asked (each read costs credits). */
function lazySection(id, label, load) {
  const body = h('div', { id, 'aria-live': 'polite' });
  const button = h('button', { type: 'button', id: `${id}-open`, 'aria-controls': id }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    fill(body, h('p', { className: 'muted' }, 'Loading…'));
    fill(body, await load());
  });
  return h('div', {}, button, body);
}

async function revisionsView(id, signal) {
  try {
    const res = await api(`/products/${encodeURIComponent(id)}/revisions`, { query: { limit: 20 }, signal });
    return h(
      'ol',
      { className: 'timeline', reversed: true },
      res.data.map((r) =>
        h(
          'li',
          {},
          h('strong', {}, `Revision ${r.number}`),
          ` · ${r.created_at.slice(0, 10)} · ${r.summary}`,
          r.changes.length > 0
            ? h(
                'ul',
                {},
                r.changes.map((c) =>
                  h(
                    'li',
                    {},
                    h('code', {}, c.field),
                    ': ',
                    c.from === undefined ? 'new' : withUnit(c.from),
                    ' → ',
                    c.to === undefined ? 'removed' : withUnit(c.to),
                    h('span', { className: 'muted' }, ` (${c.source_id})`),
                  ),
                ),
              )
            : null,
        ),
      ),
    );
  } catch (err) {
    return problemView(err);
  }
}

async function alternativesView(id, signal) {
  try {
    const res = await api(`/products/${encodeURIComponent(id)}/similar`, { query: { limit: 5 }, signal });
    if (res.data.length === 0) return h('p', {}, 'No product of this category lies near enough.');
    return h(
      'div',
      {},
      h(
        'p',
        { className: 'muted' },
        `Compared on ${res.meta.decided_by.join(', ')}; listed products first, nearest first.`,
      ),
      h(
        'ol',
        { className: 'results alternatives' },
        res.data.map((s) =>
          h(
            'li',
            { className: 'card' },
            h('h3', {}, h('a', { href: `?product=${encodeURIComponent(s.id)}`, 'data-nav': true }, s.model)),
            h(
              'p',
              {},
              s.company?.name ?? s.manufacturer,
              ' · ',
              h(
                'span',
                { className: s.listing.in_latest_edition ? 'badge ok' : 'badge old' },
                s.listing.in_latest_edition ? 'listed now' : `last listed ${s.listing.last_edition}`,
              ),
            ),
            h('p', { className: 'explanation' }, s.explanation),
            pickButton(s),
          ),
        ),
      ),
    );
  } catch (err) {
    return problemView(err);
  }
}
