// @ts-check
// A search result as a card, and the toggle that picks a product to compare (on results, a product
// page and its alternatives).
import { h, num, withUnit } from './dom.mjs';
import { specInfo, specLabel } from './api.mjs';
import { isPicked, togglePick } from './compare.mjs';

/**
 * The specs a person decides on within each category, in the order a card shows them (issue #43:
 * module: power, efficiency, size; inverter: AC power, voltage, MPPT window; heat pump: output, COP,
 * refrigerant; issue #44: home battery: usable capacity, charge and discharge power, efficiency; EV
 * charger: charging power, cable length). An entry of one spec is labelled by the glossary; an entry of two specs shown as one
 * (a window, a size) names itself, its specs' descriptions in its tooltip. The first entry whose
 * specs the product has is shown, so a module listed only by its area shows that.
 */
const DECIDING = new Map([
  [
    'pv-module',
    [
      // What a module is sold by.
      [{ specs: ['stc_power_w'] }],
      // Derived by the service from power and area: what "most efficient" sorts by.
      [{ specs: ['module_efficiency_pct'] }],
      // Whether it fits the roof: its sides where the list gives them, else its area.
      [{ specs: ['length_m', 'width_m'], label: 'Size', join: ' × ' }, { specs: ['area_m2'] }],
    ],
  ],
  [
    'inverter',
    [
      // What an inverter is sold by.
      [{ specs: ['ac_power_w'] }],
      // The grid it connects to (240 V split phase, 208 V three phase...).
      [{ specs: ['nominal_ac_voltage_v'] }],
      // The string voltages it tracks at: what string sizing checks against.
      [{ specs: ['mppt_low_v', 'mppt_high_v'], label: 'MPPT window', join: ' – ' }],
      // Derived by the service from the Sandia coefficients: what "most efficient inverter" sorts by.
      [{ specs: ['cec_weighted_efficiency_pct'] }],
    ],
  ],
  [
    'heat-pump',
    [
      // What a heat pump is sized by.
      [{ specs: ['heating_power_ref_w'] }],
      // Its efficiency at the same reference point.
      [{ specs: ['cop_ref'] }],
      // What local rules and installers ask first (R32, R290...).
      [{ specs: ['refrigerant'] }],
    ],
  ],
  [
    'home-battery',
    [
      // What it stores and gives back: the usable part, not the nominal one a name may carry.
      [{ specs: ['usable_capacity_kwh'] }],
      // How fast it fills from the panels and supplies the house; one of them where the list gives one.
      [
        { specs: ['max_charge_power_kw', 'max_discharge_power_kw'], label: 'Charge / discharge', join: ' / ' },
        { specs: ['max_discharge_power_kw'] },
        { specs: ['max_charge_power_kw'] },
      ],
      // Listed for few models (a fraction, as the table gives it).
      [{ specs: ['battery_efficiency'] }],
    ],
  ],
  [
    'ev-charger',
    [
      // What a charger is chosen by: 11 kW or 22 kW.
      [{ specs: ['charging_power_kw'] }],
      // Whether a cable comes fixed to it, and how long (0: a socket, bring your own cable).
      [{ specs: ['cable_lengths_m'] }],
    ],
  ],
]);

/** One deciding spec of a product: label and value with its unit, as the API gave it; null when it lacks it. */
function decidingSpec(p, choices) {
  const choice = choices.find((c) => c.specs.every((s) => p.specs?.[s] !== undefined && p.specs[s] !== null));
  if (!choice) return null;
  const [first] = choice.specs;
  const unit = specInfo(choice.specs.at(-1)).unit;
  const value =
    choice.specs.length === 1
      ? withUnit(p.specs[first], unit)
      : `${choice.specs.map((s) => num(p.specs[s])).join(choice.join)}${unit ? ` ${unit}` : ''}`;
  return h(
    'div',
    { 'data-spec': choice.specs.join(' '), title: choice.specs.map((s) => specInfo(s).description).join('; ') },
    h('dt', {}, choice.label ?? specLabel(first)),
    h('dd', {}, value),
  );
}

/** One result: model, company, category, the category's deciding specs, listing and quality, open and pick. */
export function card(p) {
  const deciding = (DECIDING.get(p.category) ?? []).map((choices) => decidingSpec(p, choices)).filter(Boolean);
  return h(
    'li',
    { className: 'card' },
    h('h3', {}, h('a', { href: `?product=${encodeURIComponent(p.id)}`, 'data-nav': true }, p.model)),
    h('p', {}, p.company?.name ?? p.manufacturer, ' · ', p.category),
    deciding.length > 0 ? h('dl', { className: 'deciding' }, deciding) : null,
    p.group?.series ? variants(p.group) : null,
    p.rank_basis ? rankBasis(p.rank_basis) : null,
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

/** A series row (group_by=series): its line, how many variants match and the range they span (`405–430 W`). */
function variants(g) {
  const r = g.range;
  const span = !r
    ? ''
    : r.min === r.max
      ? ` · ${specLabel(r.spec)} ${withUnit(r.min, r.unit ?? '')}`
      : ` · ${specLabel(r.spec)} ${num(r.min)}–${withUnit(r.max, r.unit ?? '')}`;
  return h(
    'p',
    { className: 'variants', 'data-series': g.series.id, 'data-variants': String(g.variants) },
    `${g.series.name}: ${num(g.variants)} variant${g.variants === 1 ? '' : 's'}${span}`,
  );
}

/** What a ranked hit was ranked on: the spec, its value and unit, and the source the value comes from. */
function rankBasis(b) {
  const source = b.provenance ? ` (${b.provenance.source_id}, ${b.provenance.method})` : '';
  return h(
    'p',
    { className: 'rank-basis', 'data-rank-spec': b.spec, title: specInfo(b.spec).description },
    `Ranked on ${specLabel(b.spec)}: `,
    b.value === null ? 'no value' : withUnit(b.value, b.unit ?? ''),
    source,
    b.at ? atVoltage(b.at) : '',
  );
}

/** Where a value that depends on the DC voltage was taken: an inverter's efficiency at its nominal voltage. */
function atVoltage(at) {
  const value = at.value === null ? 'a voltage the list does not give' : withUnit(at.value, at.unit ?? '');
  return h('span', { className: 'rank-at', title: at.statement }, `, at ${value} (${specLabel(at.spec)})`);
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
