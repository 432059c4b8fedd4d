// Registration and login.
import { randomUUID } from 'node:crypto';
import { AppError, validationError } from '../errors/app-error';
import { hashPassword, verifyPassword, passwordWeakness, DUMMY_HASH } from './password';
import { issueLoginToken } from '../shared/login-token';
import type { AccountDoc } from '../catalog/account.types';

export interface AccountPorts {
  readonly accounts: {
    create(account: AccountDoc): Promise<boolean>;
    findByEmail(email: string): Promise<AccountDoc | null>;
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function register(body: { email: string; password: string }, signupCredits: number, ports: AccountPorts) {
  const email = normalizeEmail(body.email);
  const weakness = passwordWeakness(body.password, email);
  if (weakness) throw validationError([{ in: 'body', name: 'password', message: weakness }]);
  const account: AccountDoc = {
    _id: randomUUID(),
    email,
    password_hash: await hashPassword(body.password),
    credits: signupCredits,
    created_at: new Date(),
  };
  if (!(await ports.accounts.create(account)))
    throw new AppError('EMAIL_TAKEN', 'An account with this email exists; log in instead.');
  return { id: account._id, email, created_at: account.created_at.toISOString(), credits: account.credits };
}

export async function login(
  body: { email: string; password: string },
  jwt: { secret: string; ttlSeconds: number },
  ports: AccountPorts,
) {
  const account = await ports.accounts.findByEmail(normalizeEmail(body.email));
  // The same work whether or not the email exists, so timing tells nothing.
  const ok = await verifyPassword(body.password, account?.password_hash ?? (await DUMMY_HASH));
  if (!account || !ok) throw new AppError('INVALID_CREDENTIALS', 'The email or the password is wrong.');
  return {
    access_token: issueLoginToken(account._id, jwt.secret, jwt.ttlSeconds),
    token_type: 'Bearer' as const,
    expires_in: jwt.ttlSeconds,
  };
}
