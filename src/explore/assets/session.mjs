// The reader's key for this browser tab only (sessionStorage: gone when the tab closes, never in a
// URL). Signing in logs in, then creates a read-scoped key for the page that expires with the
// session's day; signing out revokes it. A key pasted in is kept the same way and never revoked here.
import { h, fill } from './dom.mjs';

const KEY = 'pds.explore.key';
const KEY_ID = 'pds.explore.key_id';
const TOKEN = 'pds.explore.token';
/** A key made for the page stops working after this even if the tab is never closed. */
const KEY_HOURS = 8;

export const session = {
  key: () => sessionStorage.getItem(KEY),
  /** Whether the key was made here (and so is revoked on sign-out). */
  ownKey: () => sessionStorage.getItem(KEY_ID) !== null,
  clear() {
    for (const k of [KEY, KEY_ID, TOKEN]) sessionStorage.removeItem(k);
  },
};

async function post(path, body, token) {
  const res = await fetch(`/api/v1${path}`, {
    method: path.startsWith('/developer/keys/') ? 'DELETE' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (!res.ok) throw Object.assign(new Error(parsed?.detail ?? `HTTP ${res.status}`), { problem: parsed });
  return parsed;
}

/** Logs in and creates the page's key with every read scope the document lists. */
async function signIn(email, password, scopes) {
  const login = await post('/auth/login', { email, password });
  const expires = new Date(Date.now() + KEY_HOURS * 3600 * 1000).toISOString();
  const created = await post(
    '/developer/keys',
    { name: `equipment explorer ${new Date().toISOString().slice(0, 16)}`, scopes, expires_at: expires },
    login.access_token,
  );
  sessionStorage.setItem(KEY, created.secret);
  sessionStorage.setItem(KEY_ID, created.id);
  sessionStorage.setItem(TOKEN, login.access_token);
}

/** Revokes the page's own key (while the login token lives), then forgets it. */
async function signOut() {
  const id = sessionStorage.getItem(KEY_ID);
  const token = sessionStorage.getItem(TOKEN);
  session.clear();
  if (id && token) await post(`/developer/keys/${encodeURIComponent(id)}`, undefined, token).catch(() => undefined);
}

/** The sign-in panel (login, or a pasted key), or who is signed in with a sign-out button. */
export function renderSession(el, onChange) {
  if (session.key()) {
    const shown = `${session.key().slice(0, 12)}…`;
    fill(
      el,
      h('span', { className: 'muted' }, session.ownKey() ? `Signed in (page key ${shown})` : `Using key ${shown}`),
      ' ',
      h('button', { type: 'button', id: 'sign-out', onclick: () => signOut().then(onChange) }, 'Sign out'),
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
      'The explorer reads with a key of your account. Signing in creates a read-only key for this tab; it is kept only while the tab is open, expires within ',
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
          signIn(email.value.trim(), password.value, scopes).then(onChange, fail);
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
