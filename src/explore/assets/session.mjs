// @ts-check
// The reader's key for this browser tab only (sessionStorage: gone when the tab closes, never in a
// URL). Signing in logs in, then creates a key for the page (the read scopes and `watches:write`,
// see PAGE_SCOPES) that expires within
// KEY_HOURS; the login token is used for that and then dropped. Signing out revokes the page's key
// with the key itself (DELETE /auth/key), so it works however long the tab was open, and says so
// when it fails. A key pasted in is kept the same way and never revoked here.
import { h, fill } from './dom.mjs';

const KEY = 'pds.explore.key';
const KEY_ID = 'pds.explore.key_id';
/** A key made for the page stops working after this even if the tab is never closed. */
const KEY_HOURS = 8;
/** Page keys are named so: a sign-in can tell them from the account's other keys. */
const PAGE_KEY_NAME = 'equipment explorer';
/**
 * Which of the document's scopes a page key gets: every read scope, and `watches:write` so a person
 * can watch a product or a search and see its deliveries (the page never holds the login token,
 * which would also manage keys and the account). Any scope added later stays out until named here.
 */
export const pageScopes = (all) => all.filter((s) => s.endsWith(':read') || s === 'watches:write');
/** What a sign-in has to tell, shown once beside the signed-in line. */
const NOTE = 'pds.explore.note';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  /** Whether the key was made here (and so is revoked on sign-out). */
  ownKey: () => sessionStorage.getItem(KEY_ID) !== null,
  clear() {
    for (const k of [KEY, KEY_ID]) sessionStorage.removeItem(k);
  },
};

async function call(method, path, body, bearer) {
  const res = await fetch(`/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (!res.ok)
    throw Object.assign(new Error(parsed?.detail ?? `HTTP ${res.status}`), { problem: parsed, status: res.status });
  return parsed;
}

/**
 * Logs in and creates the page's key with `scopes` (pageScopes of the document's). When the account
 * already holds its most live keys, the live page keys of other sign-ins (tabs closed without
 * signing out) are revoked and the key is made again; the account's other keys are never touched.
 * Resolves with what the reader should be told, if anything.
 */
async function signIn(email, password, scopes) {
  const { access_token: token } = await call('POST', '/auth/login', { email, password });
  const expires_at = new Date(Date.now() + KEY_HOURS * 3600 * 1000).toISOString();
  const body = { name: `${PAGE_KEY_NAME} ${new Date().toISOString().slice(0, 16)}`, scopes, expires_at };
  let created;
  let note = '';
  try {
    created = await call('POST', '/developer/keys', body, token);
  } catch (err) {
    if (err.problem?.type !== '/problems/key-limit-reached') throw err;
    const { data } = await call('GET', '/developer/keys', undefined, token);
    const now = Date.now();
    const stale = data.filter(
      (k) => k.name.startsWith(PAGE_KEY_NAME) && !k.revoked_at && !(k.expires_at && Date.parse(k.expires_at) <= now),
    );
    if (stale.length === 0) throw err;
    for (const k of stale) await call('DELETE', `/developer/keys/${encodeURIComponent(k.id)}`, undefined, token);
    created = await call('POST', '/developer/keys', body, token);
    note = `The account held its most keys: ${stale.length} earlier explorer ${stale.length === 1 ? 'key was' : 'keys were'} revoked (other tabs signed in with them will ask to sign in again).`;
  }
  sessionStorage.setItem(KEY, created.secret);
  sessionStorage.setItem(KEY_ID, created.id);
  return note;
}

/** Revokes the page's own key with the key itself, then forgets it; a key already dead is forgotten too. */
async function signOut() {
  if (session.ownKey()) {
    try {
      await call('DELETE', '/auth/key', undefined, session.key());
    } catch (err) {
      if (err.status !== 401) throw err;
    }
  }
  session.clear();
}

/** The note a sign-in left, once: as a status line. */
function takeNote() {
  const note = sessionStorage.getItem(NOTE);
  sessionStorage.removeItem(NOTE);
  return note ? [' ', h('span', { role: 'status', id: 'sign-in-note' }, note)] : [];
}

/** The sign-in panel (login, or a pasted key), or who is signed in with a sign-out button. */
export function renderSession(el, onChange) {
  const key = session.key();
  if (key) {
    const shown = `${key.slice(0, 12)}…`;
    fill(
      el,
      h('span', { className: 'muted' }, session.ownKey() ? `Signed in (page key ${shown})` : `Using key ${shown}`),
      ...takeNote(),
      ' ',
      h(
        'button',
        {
          type: 'button',
          id: 'sign-out',
          onclick: () =>
            signOut().then(onChange, (err) =>
              fill(
                el,
                h(
                  'span',
                  { className: 'problem', role: 'alert' },
                  `Sign-out failed: ${err.message} The page key is still live; try again.`,
                ),
                ' ',
                h(
                  'button',
                  { type: 'button', id: 'sign-out-back', onclick: () => renderSession(el, onChange) },
                  'Back',
                ),
              ),
            ),
        },
        'Sign out',
      ),
    );
    return;
  }
  fill(el);
}

/** The full sign-in form shown in place of the page while no key is held. */
export function signInView(scopes, onChange) {
  const error = h('div', { className: 'problem-slot', 'aria-live': 'assertive' });
  const email = h('input', { id: 'email', type: 'email', autocomplete: 'username', required: true });
  const password = h('input', { id: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const pasted = h('input', { id: 'pasted-key', type: 'password', autocomplete: 'off', spellcheck: 'false' });
  // The API's problem as it came: title, status and detail.
  const fail = (err) =>
    fill(
      error,
      h(
        'div',
        { className: 'problem', role: 'alert' },
        h(
          'strong',
          {},
          `${err.problem?.title ?? 'Sign-in failed'}${err.problem?.status ? ` (${err.problem.status})` : ''}`,
        ),
        h('p', {}, err.message),
      ),
    );
  return h(
    'section',
    { className: 'signin', 'aria-labelledby': 'signin-title' },
    h('h1', { id: 'signin-title' }, 'Sign in to explore'),
    h(
      'p',
      {},
      'The explorer works with a key of your account. Signing in creates a key for this tab that reads the catalog and manages your watches (never your keys or account); it is kept only while the tab is open, expires within ',
      String(KEY_HOURS),
      ' hours and is revoked when you sign out.',
    ),
    error,
    h(
      'form',
      {
        id: 'signin-form',
        onsubmit: (e) => {
          e.preventDefault();
          signIn(email.value.trim(), password.value, scopes).then((note) => {
            if (note) sessionStorage.setItem(NOTE, note);
            onChange();
          }, fail);
        },
      },
      h('label', { for: 'email' }, 'Email'),
      email,
      h('label', { for: 'password' }, 'Password'),
      password,
      h('button', { type: 'submit' }, 'Sign in'),
    ),
    h(
      'form',
      {
        id: 'key-form',
        onsubmit: (e) => {
          e.preventDefault();
          if (!pasted.value.trim()) return;
          sessionStorage.setItem(KEY, pasted.value.trim());
          onChange();
        },
      },
      h('label', { for: 'pasted-key' }, 'Or paste an API key'),
      pasted,
      h('button', { type: 'submit' }, 'Use this key'),
    ),
  );
}
