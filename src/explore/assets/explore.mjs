// @ts-check
// The explorer's entry: reads the OpenAPI document, then shows the view the URL names. The URL is
// the state (`?q=...&category=...` a search, `?product=<id>`, `?view=compare&ids=...`,
// `?view=design&module=...&inverter=...`, `?view=watches`), so any view can be shared and reloaded.
import { h, fill } from './dom.mjs';
import { loadContract, problemView } from './api.mjs';
import { session, renderSession, signInView, pageScopes } from './session.mjs';
import { searchView } from './search.mjs';
import { productView } from './product.mjs';
import { compareView, renderTray } from './compare.mjs';
import { designView } from './design.mjs';
import { watchesView } from './watches.mjs';

const main = document.getElementById('main');
let scopes = [];
/** Ends what the view on screen started (pending requests, observers) before another replaces it. */
let leave = () => undefined;

/** Moves to `url` (same page) and shows its view. */
function go(url) {
  const target = new URL(url, location.href);
  if (target.href !== location.href) history.pushState(null, '', target);
  return show();
}

function show() {
  leave();
  leave = () => undefined;
  renderSession(document.getElementById('session'), show);
  renderTray(document.getElementById('tray'));
  if (!session.key()) {
    fill(main, signInView(scopes, show));
    document.getElementById('email')?.focus();
    return;
  }
  const params = new URLSearchParams(location.search);
  const view = params.get('view') ?? (params.has('product') ? 'product' : 'search');
  const ctx = { params, onLeave: (fn) => (leave = fn) };
  if (view === 'product') return productView(main, params.get('product'), ctx);
  if (view === 'compare') return compareView(main, ctx);
  if (view === 'design') return designView(main, ctx);
  if (view === 'watches') return watchesView(main, ctx);
  return searchView(main, ctx);
}

window.addEventListener('popstate', () => void show());
// Links inside the page move without a reload; ctrl/cmd-click still opens a tab.
document.addEventListener('click', (e) => {
  /** @type {HTMLAnchorElement | null} */
  const a = e.target instanceof Element ? e.target.closest('a[data-nav]') : null;
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  void go(a.href);
});

try {
  const contract = await loadContract();
  scopes = pageScopes(contract.components.schemas.Scope.enum);
  await show();
} catch (err) {
  fill(main, h('h1', {}, 'Equipment explorer'), problemView(err));
}
