// @ts-check
// Small DOM helpers: elements built from data, never from HTML strings, so nothing the API returns
// is ever parsed as markup.

/** An element: `attrs` sets properties (on*, className, value...) or attributes; children are nodes or text. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAll(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element; attributes only. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

function setAll(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'className' || k === 'value' || k === 'checked' || k === 'textContent') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces every child of `el`. */
export function fill(el, ...children) {
  // Results re-render the chips and facets while a keyboard user may be on one of them: the control
  // that had focus is found again in the new content (same element, same label), else focus stays
  // in the region, or it would drop to the page's body.
  const active = document.activeElement;
  const had = active && active !== el && el.contains(active) ? focusKey(active) : undefined;
  el.replaceChildren();
  append(el, children);
  if (had) {
    const same = [...el.querySelectorAll(/** @type {Element} */ (active).tagName)].find((e) => focusKey(e) === had);
    // Gone with the old content (a chip of the words just replaced): the keyboard stays in this
    // region, on its first control, or on the region itself, rather than dropping to the body.
    const first = same ?? el.querySelector('button, a[href], input, select, textarea, summary');
    if (first) first.focus();
    else {
      el.tabIndex = -1;
      el.focus();
    }
  }
  return el;
}

/** What makes a control the same one after a re-render: its id, else its label, name, value and text. */
function focusKey(e) {
  if (e.id) return `#${e.id}`;
  return [e.tagName, e.getAttribute('aria-label'), e.getAttribute('name'), e.value, e.textContent].join('|');
}

/**
 * A number as the source gave it, without float noise (10 significant digits): rounding further
 * would hide the differences compare marks and the changes a revision records.
 */
export function num(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e9)) return Number(value.toPrecision(10)).toExponential();
  return Number(value.toPrecision(10)).toLocaleString('en-US', { maximumFractionDigits: 12 });
}

/** A value with its unit (`400 W`), or a list, a boolean or text as is. */
export function withUnit(value, unit) {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(num).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return unit ? `${num(value)} ${unit}` : num(value);
}

/**
 * Calls `fn` once the calls have paused for `ms`, and, while they go on, at least every `maxWait`
 * ms (so a steady typist sees results before stopping).
 */
export function debounce(fn, ms, maxWait = Infinity) {
  let timer;
  let first;
  const fire = (args) => {
    clearTimeout(timer);
    first = undefined;
    fn(...args);
  };
  return (...args) => {
    first ??= Date.now();
    clearTimeout(timer);
    const wait = Math.min(ms, maxWait - (Date.now() - first));
    timer = setTimeout(() => fire(args), Math.max(0, wait));
  };
}
