// A registered account with a login token and an API key of the scopes asked for.
import assert from 'node:assert/strict';
import type { Scope } from '../../src/catalog/api-key.types';
import { call } from './contract';
import { uniqueName } from './engines';

export interface Developer {
  readonly email: string;
  readonly password: string;
  readonly token: string;
  readonly accountId: string;
  key(scopes: Scope[], extra?: { expires_at?: string }): Promise<{ id: string; secret: string }>;
}

export async function newDeveloper(base: string): Promise<Developer> {
  const email = `${uniqueName('dev')}@example.com`;
  const password = 'panels-and-inverters-2026';
  const registered = await call(base, 'register', { body: { email, password } });
  assert.equal(registered.status, 201, registered.text);
  const login = await call(base, 'login', { body: { email, password } });
  assert.equal(login.status, 200, login.text);
  const token = login.body.access_token as string;
  return {
    email,
    password,
    token,
    accountId: registered.body.id,
    async key(scopes, extra = {}) {
      const created = await call(base, 'createApiKey', { token, body: { name: scopes.join('+'), scopes, ...extra } });
      assert.equal(created.status, 201, created.text);
      return { id: created.body.id, secret: created.body.secret };
    },
  };
}
