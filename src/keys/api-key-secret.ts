// Secrets look like `pds_<id>_<43 base64url chars>`: a recognizable prefix, the key id for lookup,
// and 256 random bits. Only a SHA-256 of the whole secret is stored.
import { createHmac, hash, randomBytes } from 'node:crypto';
import { equalInConstantTime } from '../shared/constant-time';

const SECRET = /^pds_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** 80 random bits as 16 base-36 characters: URL-safe, and collisions are not a practical concern. */
export function newKeyId(): string {
  return idFrom(randomBytes(10));
}

export function newSecret(id: string): string {
  return `pds_${id}_${randomBytes(32).toString('base64url')}`;
}

/**
 * The id and secret of a key created with an Idempotency-Key: HMAC-SHA-256 of the account and that
 * key under a server secret, so a retry is given the very key the first attempt made (and whose
 * answer may have been lost), though only its hash was stored. Without the server secret they are
 * as unpredictable as random ones.
 */
export function idempotentKey(serverSecret: string, accountId: string, idempotencyKey: string) {
  const mac = (purpose: string) =>
    createHmac('sha256', serverSecret).update(`${purpose}\u0000${accountId}\u0000${idempotencyKey}`).digest();
  const id = idFrom(mac('api-key-id').subarray(0, 10));
  return { id, secret: `pds_${id}_${mac('api-key-secret').toString('base64url')}` };
}

const idFrom = (bytes: Buffer) =>
  BigInt(`0x${bytes.toString('hex')}`)
    .toString(36)
    .padStart(16, '0');

export function keyPrefix(id: string): string {
  return `pds_${id}`;
}

export function hashSecret(secret: string): string {
  // One-shot: no Hash object per request (the key's secret is hashed on every request).
  return hash('sha256', secret, 'hex');
}

/** The key id inside a secret, or undefined when it is not shaped like one of our keys. */
export function keyIdOf(secret: string): string | undefined {
  return SECRET.exec(secret)?.[1];
}

export function secretMatches(secret: string, storedHash: string): boolean {
  return equalInConstantTime(Buffer.from(hashSecret(secret), 'hex'), Buffer.from(storedHash, 'hex'));
}
