// Passwords: scrypt from node:crypto (N=2^15, r=8, p=1, 64-byte key, 16-byte salt), compared in
// constant time. Unknown emails are checked against a dummy hash so both answers take as long.
import { randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';
import { equalInConstantTime } from '../shared/constant-time';
import { COMMON_PASSWORDS } from './common-passwords';

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;
export const MIN_PASSWORD_LENGTH = 12;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return equalInConstantTime(actual, expected);
}

/** A hash of a random password, to spend the same time when the email is unknown. */
export const DUMMY_HASH = hashPassword(randomBytes(24).toString('base64'));

/** Why a password is too weak, or undefined when it is acceptable. */
export function passwordWeakness(password: string, email: string): string | undefined {
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) return `must have at least ${MIN_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'is one of the most common passwords';
  if (new Set(lower).size <= 2) return 'repeats too few characters';
  if (lower.includes(email.split('@')[0]) && email.split('@')[0].length >= 4) return 'must not contain the email name';
  return undefined;
}
