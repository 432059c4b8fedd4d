// @ts-check
// A product's PVsyst file on its page: a module's .PAN or an inverter's .OND and its JSON twin, from one
// call (getPvsystFile, format=json: the twin carries the file's text byte for byte as format=pan|ond
// serves it), handed to the browser as Blob downloads (a link cannot send the key), with the fidelity
// certificate beside them and the keys the person must supply.
import { h, fill, num } from './dom.mjs';
import { api, creditCost, problemView } from './api.mjs';

/** The file a product of this category gets, or undefined (no PVsyst file for it). */
export const pvsystKind = (category) => ({ 'pv-module': 'PAN', inverter: 'OND' })[category];

/** The section: a button that makes the file (it costs credits), then the downloads and the certificate. */
export function pvsystSection(p, { asOf, signal }) {
  const kind = pvsystKind(p.category);
  const cost = creditCost('getPvsystFile');
  const body = h('div', { id: 'pvsyst', 'aria-live': 'polite' });
  const button = h(
    'button',
    { type: 'button', id: 'pvsyst-open', 'aria-controls': 'pvsyst' },
    `Make the .${kind} file${cost ? ` (${cost} credit${cost === 1 ? '' : 's'})` : ''}`,
  );
  button.addEventListener('click', async () => {
    button.disabled = true;
    fill(body, h('p', { className: 'muted' }, 'Making the file…'));
    try {
      const twin = await api(`/products/${encodeURIComponent(p.id)}/pvsyst`, {
        query: { format: 'json', as_of: asOf },
        signal,
      });
      button.hidden = true;
      fill(body, ...pvsystView(twin));
    } catch (err) {
      button.disabled = false;
      fill(body, problemView(err));
    }
  });
  return h(
    'section',
    { 'aria-labelledby': 'pvsyst-title' },
    h('h2', { id: 'pvsyst-title' }, `PVsyst file (.${kind})`),
    h(
      'p',
      { className: 'muted' },
      `For PVsyst, and the tools that import its files (HelioScope, PV*SOL, SolarFarmer); every key is classed sourced, mapped, derived or default${asOf ? `; as of ${asOf}` : ''}.`,
    ),
    button,
    body,
  );
}

/** A link that saves `text` as `name` (a Blob URL: the file is already in the page). */
function download({ id, name, text, type, label }) {
  const href = URL.createObjectURL(new Blob([text], { type }));
  return h('a', { id, className: 'button', href, download: name }, label);
}

function pvsystView(twin) {
  const { file, certificate } = twin;
  const jsonName = `${file.name}.json`;
  return [
    h(
      'div',
      { className: 'actions' },
      download({
        id: 'pvsyst-file',
        name: file.name,
        text: file.text,
        type: 'text/plain',
        label: `Download ${file.name}`,
      }),
      download({
        id: 'pvsyst-json',
        name: jsonName,
        text: `${JSON.stringify(twin, null, 2)}\n`,
        type: 'application/json',
        label: `Download its JSON twin (${jsonName})`,
      }),
    ),
    h('p', { className: 'muted' }, `Made from revision ${twin.revision}.`),
    certificateView(file.format, certificate),
    unknownView(twin.unknown),
  ];
}

/** The fidelity certificate: how far the file is from the model it came from, and a warning above 1 %. */
function certificateView(format, c) {
  const rows =
    format === 'pan'
      ? [
          ['max |ΔPmp|', `${num(c.max_abs_dpmp_pct)} %`, 'max'],
          ['RMS |ΔPmp|', `${num(c.rms_dpmp_pct)} %`, 'rms'],
          ['conditions compared', String(c.points.length), 'points'],
        ]
      : [
          ['max |ΔPac| (of the AC rating)', `${num(c.max_abs_dpac_pct_of_paco)} %`, 'max'],
          ['profile nodes compared', String(c.nodes), 'nodes'],
        ];
  const worst = format === 'pan' ? c.max_abs_dpmp_pct : c.max_abs_dpac_pct_of_paco;
  return h(
    'section',
    { id: 'pvsyst-certificate', 'aria-labelledby': 'certificate-title' },
    h('h3', { id: 'certificate-title' }, 'Fidelity certificate'),
    h('p', {}, `Against: ${c.against}.`),
    h(
      'table',
      { className: 'specs' },
      h('caption', { className: 'sr-only' }, 'Fidelity certificate'),
      h(
        'tbody',
        {},
        rows.map(([k, v, name]) => h('tr', { 'data-name': name }, h('th', { scope: 'row' }, k), h('td', {}, v))),
      ),
    ),
    c.over_1_pct || worst > 1
      ? h(
          'p',
          { id: 'pvsyst-warning', className: 'problem', role: 'alert' },
          `Warning: this file is more than 1 % off the model it came from (max ${num(worst)} %). PVsyst will give a different output than the model; check it before you rely on it.`,
        )
      : h(
          'p',
          { className: 'badge ok' },
          format === 'pan' && c.points.length === 1
            ? 'Within 1 % at its one reference point; no other condition could be compared.'
            : 'Within 1 % of the model at every condition compared.',
        ),
  );
}

/** The keys PVsyst wants that no source gives: the person supplies them in PVsyst. */
function unknownView(unknown) {
  return h(
    'section',
    { 'aria-labelledby': 'unknown-title' },
    h('h3', { id: 'unknown-title' }, 'Keys you must supply'),
    unknown.length === 0
      ? h('p', {}, 'None: every key PVsyst reads is in the file.')
      : h(
          'ul',
          { id: 'pvsyst-unknown' },
          unknown.map((u) => h('li', {}, h('code', {}, u.key), `: ${u.why}`)),
        ),
  );
}
