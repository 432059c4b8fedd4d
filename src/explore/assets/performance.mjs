// @ts-check
// Pictures of a product's performance, as the service computes it (nothing here computes physics): an
// inverter's efficiency against output at Mppt_low, Vdco and Mppt_high with its weighted efficiencies
// per voltage (getInverterPerformance), and a heat pump's COP over the source temperature at 35, 45 and
// 55 °C flow, extrapolated points marked (getHeatPumpPerformance). Each chart has a table of the same
// numbers beside it; each cell keeps the exact value the API sent in `data-value`.
import { h, fill, num } from './dom.mjs';
import { api, paramSchema, problemView } from './api.mjs';
import { lineChart } from './chart.mjs';

const VOLTAGE = { mppt_low: 'Mppt_low', nominal: 'Vdco (nominal)', mppt_high: 'Mppt_high', any: 'any voltage' };
const STYLE = ['s1', 's2', 's3'];
/** Shown to two decimals; the exact value stays in the cell's `data-value`. */
const two = (x) => (x === null || x === undefined ? '—' : x.toFixed(2));
const cell = (x, attrs = {}) => h('td', { 'data-value': x ?? '', ...attrs }, two(x));
const caption = (text) => h('caption', {}, text);

/** The inverter's curves, by the model chosen in a select (the document's models, Sandia first). */
export function inverterCurvesPanel(id, signal) {
  const out = h('div', { id: 'inverter-curves-out', 'aria-live': 'polite' });
  const schema = paramSchema('getInverterPerformance', 'model');
  const model = h(
    'select',
    { id: 'inverter-model' },
    (schema.enum ?? []).map((m) => h('option', { value: m, selected: m === schema.default }, m)),
  );
  const draw = async () => {
    fill(out, h('p', { className: 'muted' }, 'Computing…'));
    try {
      const r = await api(`/products/${encodeURIComponent(id)}/inverter-performance`, {
        query: { model: model.value },
        signal,
      });
      fill(out, ...inverterView(r));
    } catch (err) {
      fill(out, problemView(err));
    }
  };
  const form = h(
    'form',
    { id: 'inverter-form', className: 'inline', onsubmit: (e) => (e.preventDefault(), void draw()) },
    h('label', { for: 'inverter-model' }, 'Model '),
    model,
    h('button', { type: 'submit' }, 'Draw'),
  );
  return { node: h('div', {}, form, out), draw };
}

const curveName = (c) => `${VOLTAGE[c.voltage]}${c.dc_voltage_v === null ? '' : `, ${num(c.dc_voltage_v)} V`}`;

function inverterView(r) {
  const series = r.curves.map((c, i) => ({
    label: curveName(c),
    className: STYLE[i],
    points: c.points
      .filter((p) => p.efficiency_pct !== null)
      .map((p) => ({ x: p.percent_of_rated, y: p.efficiency_pct })),
  }));
  const low = Math.min(...series.flatMap((se) => se.points.map((p) => p.y)));
  const said = r.curves.map((c) => {
    const ends = c.points.filter((p) => p.efficiency_pct !== null);
    return `at ${curveName(c)}: ${two(ends[0]?.efficiency_pct)} % at ${ends[0]?.percent_of_rated} % of rated output to ${two(ends.at(-1)?.efficiency_pct)} % at ${ends.at(-1)?.percent_of_rated} %, CEC weighted ${two(c.weighted_efficiency_pct.cec.value)} %`;
  });
  return [
    h(
      'div',
      { className: 'chart-with-table' },
      lineChart({
        id: 'inverter-chart',
        title: `Efficiency against AC output, ${r.curves.length === 1 ? 'one curve' : `at ${r.curves.length} DC voltages`} (${r.method.model})`,
        description: `Efficiency ${said.join('; ')}.`,
        xLabel: 'AC output (% of rated)',
        yLabel: 'Efficiency (%)',
        series,
        from: { y: Number.isFinite(low) ? Math.floor(low) - 1 : 0 },
      }),
      curvesTable(r.curves),
    ),
    weightedTable(r.curves),
    h(
      'p',
      { className: 'muted' },
      r.method.name,
      r.method.generic ? ' (a generic shape, not fitted to this inverter)' : '',
    ),
  ];
}

function curvesTable(curves) {
  const levels = curves[0]?.points ?? [];
  return h(
    'div',
    { className: 'scroll' },
    h(
      'table',
      { id: 'inverter-table', className: 'data' },
      caption('Efficiency (%) against AC output, per DC voltage'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, '% of rated'),
          h('th', { scope: 'col' }, 'AC output (W)'),
          curves.map((c) => h('th', { scope: 'col', 'data-voltage': c.voltage }, curveName(c))),
        ),
      ),
      h(
        'tbody',
        {},
        levels.map((level, i) =>
          h(
            'tr',
            { 'data-percent': level.percent_of_rated },
            h('th', { scope: 'row' }, num(level.percent_of_rated)),
            h('td', {}, num(level.ac_power_w)),
            curves.map((c) => cell(c.points[i]?.efficiency_pct, { 'data-voltage': c.voltage })),
          ),
        ),
      ),
    ),
  );
}

function weightedTable(curves) {
  return h(
    'div',
    { className: 'scroll' },
    h(
      'table',
      { id: 'weighted-table', className: 'data' },
      caption('Weighted efficiencies per DC voltage (derived from the curve at that voltage)'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['DC voltage', 'CEC weighted (%)', 'European weighted (%)'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        curves.map((c) => {
          const { cec, european } = c.weighted_efficiency_pct;
          return h(
            'tr',
            { 'data-voltage': c.voltage },
            h('th', { scope: 'row' }, curveName(c)),
            cell(cec.value, { title: cec.reason ?? cec.derivation, 'data-kind': 'cec' }),
            cell(european.value, { title: european.reason ?? european.derivation, 'data-kind': 'european' }),
          );
        }),
      ),
    ),
  );
}

/** The heat pump's COP curves at 35, 45 and 55 °C flow, read once. */
export async function heatPumpCurvesView(id, signal) {
  try {
    const r = await api(`/products/${encodeURIComponent(id)}/heat-pump-performance`, { signal });
    return h('div', {}, ...heatPumpView(r));
  } catch (err) {
    return problemView(err);
  }
}

const flowName = (c) => `${num(c.flow_temperature_c)} °C flow`;

function heatPumpView(r) {
  const series = r.curves.map((c, i) => ({
    label: flowName(c),
    className: STYLE[i],
    points: c.points.map((p) => ({
      x: p.source_temperature_c,
      y: p.cop,
      className: p.range === 'extrapolated' ? 'extrapolated' : 'tested',
    })),
  }));
  const xs = r.curves.flatMap((c) => c.points.map((p) => p.source_temperature_c));
  const outside = r.curves.flatMap((c) => c.points).filter((p) => p.range === 'extrapolated').length;
  return [
    h(
      'div',
      { className: 'chart-with-table' },
      h(
        'figure',
        {},
        lineChart({
          id: 'heat-pump-chart',
          title: `COP over the ${r.method.source} source temperature at ${r.curves.map(flowName).join(', ')}`,
          description: `${r.curves.map((c) => `At ${flowName(c)}: COP ${two(c.points[0]?.cop)} at ${num(c.points[0]?.source_temperature_c)} °C to ${two(c.points.at(-1)?.cop)} at ${num(c.points.at(-1)?.source_temperature_c)} °C`).join('; ')}. ${outside} of the points are extrapolated, outside the tested range (open circles).`,
          xLabel: `${r.method.source} source temperature (°C)`,
          yLabel: 'COP',
          series,
          from: { x: Math.min(...xs) },
        }),
        h(
          'figcaption',
          { className: 'muted' },
          'Filled dot: within the tested range. Open circle: extrapolated, outside the conditions the model was fitted to.',
        ),
      ),
      copTable(r.curves),
    ),
    h(
      'details',
      {},
      h('summary', {}, 'The model, its tested range and what the powers mean'),
      ['name', 'tested_range', 'power', 'uncertainty', 'flow', 'outdoor']
        .filter((k) => r.method[k])
        .map((k) => h('p', {}, r.method[k])),
    ),
  ];
}

function copTable(curves) {
  const rows = curves[0]?.points ?? [];
  const flag = (p) =>
    [p.range === 'extrapolated' ? 'extrapolated' : '', p.regime === 'electric_heater' ? 'electric heater' : '']
      .filter(Boolean)
      .join(', ');
  return h(
    'div',
    { className: 'scroll' },
    h(
      'table',
      { id: 'heat-pump-table', className: 'data' },
      caption('COP by source temperature and flow temperature; extrapolated points say so'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Source (°C)'),
          curves.map((c) => h('th', { scope: 'col', 'data-flow': c.flow_temperature_c }, `COP at ${flowName(c)}`)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((row, i) =>
          h(
            'tr',
            { 'data-source': row.source_temperature_c },
            h('th', { scope: 'row' }, num(row.source_temperature_c)),
            curves.map((c) => {
              const p = c.points[i];
              return h(
                'td',
                { 'data-value': p.cop, 'data-flow': c.flow_temperature_c, 'data-range': p.range, className: p.range },
                two(p.cop),
                flag(p) ? h('span', { className: 'flag' }, flag(p)) : null,
              );
            }),
          ),
        ),
      ),
    ),
  );
}
