// A search result as a card, and the toggle that picks a product to compare (on results, a product
// page and its alternatives).
import { h, withUnit } from './dom.mjs';
import { doc, specInfo } from './api.mjs';
import { isPicked, togglePick } from './compare.mjs';

/** The specs a product is sold by (a module's STC power, an inverter's AC power...), as the document marks them. */
const nominalSpecs = () =>
  Object.entries(doc()['x-spec-catalog'])
    .filter(([, d]) => d.nominal)
    .map(([name]) => name);

/** One result: model, company, category, nominal power, listing and quality, open and pick. */
export function card(p) {
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
