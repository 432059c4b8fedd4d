// @ts-check
// Design tools: a module's IV and PV curves at chosen conditions (getModulePerformance with
// iv_points), and string sizing for a module and an inverter (checkCompatibility) with each bound,
// the binding one marked, and every worked line. Inputs and their bounds come from the document.
import { h, fill, num, withUnit, debounce } from './dom.mjs';
import { api, paramSchema, problemView } from './api.mjs';
import { lineChart } from './chart.mjs';

const REMEMBER = 'pds.explore.design';
const IV_POINTS = 80;
/** Computed values, shown to 5 significant digits (the inputs are given to about that). */
const approx = (x) => num(Number(x.toPrecision(5)));

/** The design tools page: the curves of a module and the sizing of a string, with the products last chosen. */
export function designView(main, ctx) {
  const chosen = rememberChoice(ctx.params);
  const controller = new AbortController();
  ctx.onLeave(() => controller.abort());
  const signal = controller.signal;
  const fields = designFields(ctx.params, chosen, signal);
  const { module, inverter } = fields;
  const ivOut = h('div', { id: 'iv-out', 'aria-live': 'polite' });
  const sizeOut = h('div', { id: 'sizing-out', 'aria-live': 'polite' });
  const drawCurves = () => curves({ fields, out: ivOut, signal });

  fill(
    main,
    h('h1', {}, 'Design tools'),
    h(
      'section',
      { 'aria-labelledby': 'iv-title', className: 'tool' },
      h('h2', { id: 'iv-title' }, 'IV and PV curves'),
      h(
        'form',
        { id: 'iv-form', onsubmit: (e) => (e.preventDefault(), void drawCurves()) },
        module.field,
        labelled(fields.irradiance, 'Irradiance (W/m²)'),
        labelled(fields.cellTemperature, 'Cell temperature (°C)'),
        labelled(fields.model, 'Model'),
        h('button', { type: 'submit' }, 'Draw the curves'),
      ),
      ivOut,
    ),
    h(
      'section',
      { 'aria-labelledby': 'sizing-title', className: 'tool' },
      h('h2', { id: 'sizing-title' }, 'String sizing'),
      h(
        'form',
        { id: 'sizing-form', onsubmit: (e) => (e.preventDefault(), void size({ fields, out: sizeOut, signal })) },
        h('p', { className: 'muted' }, 'The module above, and:'),
        inverter.field,
        labelled(fields.tMin, 'Coldest temperature (°C)'),
        labelled(fields.tMax, 'Hottest temperature (°C)'),
        labelled(fields.temperatures, 'The temperatures are'),
        h('button', { type: 'submit' }, 'Size the string'),
      ),
      sizeOut,
    ),
  );

  if (chosen.module && ctx.params.get('draw') !== 'no') void drawCurves();
}

/** The module and inverter last chosen in this tab, those in the URL taking their place; kept for next time. */
function rememberChoice(params) {
  const remembered = JSON.parse(sessionStorage.getItem(REMEMBER) ?? '{}');
  const chosen = { ...remembered };
  for (const k of ['module', 'inverter']) if (params.get(k)) chosen[k] = params.get(k);
  sessionStorage.setItem(REMEMBER, JSON.stringify(chosen));
  return chosen;
}

/** The inputs of both tools, their bounds and defaults from the document, their values from the URL. */
function designFields(params, chosen, signal) {
  const module = productInput({
    name: 'module',
    label: 'PV module (product id)',
    category: 'pv-module',
    value: chosen.module,
    signal,
  });
  const inverter = productInput({
    name: 'inverter',
    label: 'Inverter (product id)',
    category: 'inverter',
    value: chosen.inverter,
    signal,
  });
  const perf = (name) => numberInput(`iv-${name}`, paramSchema('getModulePerformance', name), params.get(name));
  const comp = (name, fallback) =>
    numberInput(`s-${name}`, { ...paramSchema('checkCompatibility', name), default: fallback }, params.get(name));
  return {
    module,
    inverter,
    irradiance: perf('irradiance'),
    cellTemperature: perf('cell_temperature'),
    model: select('iv-model', paramSchema('getModulePerformance', 'model')),
    tMin: comp('t_min', -10),
    tMax: comp('t_max', 40),
    temperatures: select('s-temperatures', paramSchema('checkCompatibility', 'temperatures')),
  };
}

/** Remembers the products in the fields for the next visit of this tab. */
function keep({ module, inverter }) {
  sessionStorage.setItem(
    REMEMBER,
    JSON.stringify({ module: module.input.value.trim(), inverter: inverter.input.value.trim() }),
  );
}

/** Draws the module's IV and PV curves at the conditions in the fields into `out`, or the problem. */
async function curves({ fields, out, signal }) {
  keep(fields);
  fill(out, h('p', { className: 'muted' }, 'Computing…'));
  try {
    const r = await api(`/products/${encodeURIComponent(fields.module.input.value.trim())}/performance`, {
      query: {
        irradiance: fields.irradiance.value,
        cell_temperature: fields.cellTemperature.value,
        model: fields.model.value,
        iv_points: IV_POINTS,
      },
      signal,
    });
    fill(out, ...curvesView(r));
  } catch (err) {
    fill(out, problemView(err));
  }
}

/** Sizes a string of the module on the inverter at the temperatures in the fields, into `out`, or the problem. */
async function size({ fields, out, signal }) {
  keep(fields);
  fill(out, h('p', { className: 'muted' }, 'Computing…'));
  try {
    const r = await api('/compatibility', {
      query: {
        module: fields.module.input.value.trim(),
        inverter: fields.inverter.input.value.trim(),
        t_min: fields.tMin.value,
        t_max: fields.tMax.value,
        temperatures: fields.temperatures.value,
      },
      signal,
    });
    fill(out, ...sizingView(r));
  } catch (err) {
    fill(out, problemView(err));
  }
}

/** The answer of getModulePerformance: its key figures, the IV and PV charts and the model's name. */
function curvesView(r) {
  const iv = r.iv_curve.map((p) => ({ x: p.v, y: p.i }));
  const pv = r.iv_curve.map((p) => ({ x: p.v, y: p.v * p.i }));
  const { isc_a, voc_v, imp_a, vmp_v, pmp_w } = r.results;
  const at = `${approx(r.conditions.irradiance_w_m2)} W/m² and ${approx(r.conditions.cell_temperature_c)} °C`;
  return [
    h(
      'p',
      {},
      `${r.product.model ?? r.product.id} at ${at}: Isc ${approx(isc_a)} A, Voc ${approx(voc_v)} V, maximum power ${approx(pmp_w)} W at ${approx(vmp_v)} V and ${approx(imp_a)} A.`,
    ),
    h(
      'div',
      { className: 'charts' },
      lineChart({
        id: 'iv-chart',
        title: `IV curve at ${at}`,
        description: `Current falls from ${approx(isc_a)} A at 0 V to 0 A at ${approx(voc_v)} V; the maximum power point is at ${approx(vmp_v)} V, ${approx(imp_a)} A.`,
        xLabel: 'Voltage (V)',
        yLabel: 'Current (A)',
        series: [{ label: 'I(V)', points: iv, className: 'iv' }],
        marks: [{ x: vmp_v, y: imp_a, label: 'MPP' }],
      }),
      lineChart({
        id: 'pv-chart',
        title: `PV curve at ${at}`,
        description: `Power peaks at ${approx(pmp_w)} W at ${approx(vmp_v)} V.`,
        xLabel: 'Voltage (V)',
        yLabel: 'Power (W)',
        series: [{ label: 'P(V)', points: pv, className: 'pv' }],
        marks: [{ x: vmp_v, y: pmp_w, label: `${approx(pmp_w)} W` }],
      }),
    ),
    h('p', { className: 'muted' }, r.method.name),
  ];
}

/** The answer of checkCompatibility: the range of string lengths, each bound, the worked lines, parallel strings and assumptions. */
function sizingView(r) {
  const st = r.string;
  return [
    h(
      'p',
      { id: 'sizing-answer', className: st.fits ? 'answer ok' : 'answer bad' },
      st.fits
        ? `${st.min_modules} to ${st.max_modules} modules in series.`
        : `No string length fits: at least ${st.min_modules}, at most ${st.max_modules}.`,
    ),
    h(
      'div',
      { className: 'scroll' },
      h(
        'table',
        { id: 'bounds', className: 'bounds' },
        h('caption', {}, 'Bounds on the modules in series (the binding ones set the answer)'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Bound', 'Rule', 'Worked', 'Modules', ''].map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        h(
          'tbody',
          {},
          st.bounds.map((b) =>
            h(
              'tr',
              { className: b.binding ? 'binding' : '' },
              h('th', { scope: 'row' }, b.name, h('br'), h('span', { className: 'muted' }, b.kind)),
              h('td', {}, b.rule, h('br'), h('code', {}, b.formula)),
              h('td', {}, h('code', {}, b.worked)),
              h('td', {}, String(b.modules)),
              h('td', {}, b.binding ? h('strong', {}, 'binding') : ''),
            ),
          ),
        ),
      ),
    ),
    h('h3', {}, 'Worked lines'),
    h(
      'ol',
      { className: 'worked' },
      r.quantities.map((q) =>
        h(
          'li',
          {},
          h('strong', {}, `${q.name} = ${withUnit(q.value, q.unit)}`),
          h('br'),
          h('code', {}, q.formula),
          h('br'),
          h('code', {}, q.worked),
        ),
      ),
    ),
    r.current.checked
      ? h(
          'p',
          {},
          `Strings in parallel: at most ${r.current.max_parallel_strings} (`,
          h('code', {}, r.current.worked),
          ')',
        )
      : h('p', { className: 'muted' }, `Parallel strings not checked: ${r.current.reason}`),
    h(
      'ul',
      { className: 'muted' },
      r.conditions.assumptions.map((a) => h('li', {}, a)),
    ),
  ];
}

function labelled(input, text) {
  return h('div', { className: 'field' }, h('label', { for: input.id }, text), input);
}

function numberInput(id, schema, value) {
  return h('input', {
    id,
    type: 'number',
    step: 'any',
    min: schema.minimum,
    max: schema.maximum,
    value: String(value ?? schema.default ?? ''),
    required: true,
  });
}

function select(id, schema) {
  return h(
    'select',
    { id },
    schema.enum.map((v) => h('option', { value: v, selected: v === schema.default }, v)),
  );
}

/**
 * A product id field (`d-<name>`, labelled `label`, starting at `value`) that offers matching products
 * of `category` as the reader types a name; `signal` ends its look-ups when the page is left.
 */
function productInput({ name, label, category, value, signal }) {
  const listId = `${name}-options`;
  const options = h('datalist', { id: listId });
  const input = h('input', {
    id: `d-${name}`,
    type: 'text',
    list: listId,
    value: value ?? '',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
  });
  input.addEventListener(
    'input',
    debounce(async () => {
      const text = input.value.trim();
      if (text.length < 3) return;
      try {
        const res = await api('/search', {
          query: { q: text, category, limit: 8, fields: 'id,model,manufacturer' },
          signal,
        });
        fill(
          options,
          res.data.map((p) => h('option', { value: p.id }, `${p.manufacturer} ${p.model}`)),
        );
      } catch {
        // Suggestions only: a failed look-up leaves the field as typed.
      }
    }, 300),
  );
  return { input, field: h('div', { className: 'field' }, h('label', { for: input.id }, label), input, options) };
}
