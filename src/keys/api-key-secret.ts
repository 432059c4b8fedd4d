// Secrets look like `pds_<id>_<43 base64url chars>`: a recognizable prefix, the key id for lookup,
// and 256 random bits. Only a SHA-256 of the whole secret is stored.
import { hash, randomBytes } from 'node:crypto';
import { equalInConstantTime } from '../shared/constant-time';

const SECRET = /^pds_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** 80 random bits as 16 base-36 characters: URL-safe, and collisions are not a practical concern. */
export function newKeyId(): string {
  return BigInt(`0x${randomBytes(10).toString('hex')}`)
    .toString(36)
    .padStart(16, '0');
}

export function newSecret(id: string): string {
  return `pds_${id}_${randomBytes(32).toString('base64url')}`;
}

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
