// Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix seconds) and
// `webhook-signature`, a space-separated list of `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
// one per secret in force (two while a rotation overlaps), keyed by the bytes the `whsec_` secret
// encodes in base64. Receivers verify with any Standard Webhooks library.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64 (shown once, at creation or rotation). */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function signatureHeaders(id: string, timestampSeconds: number, body: string, secrets: readonly string[]) {
  const signed = `${id}.${timestampSeconds}.${body}`;
  const signatures = secrets.map(
    (s) =>
      `v1,${createHmac('sha256', Buffer.from(s.slice(PREFIX.length), 'base64'))
        .update(signed)
        .digest('base64')}`,
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * Secrets are kept so that they can sign: sealed with AES-256-GCM under a key derived from
 * WEBHOOK_SECRET_KEY (a hash of the database alone would not let us sign). A copy of the database
 * without the key yields no secret. The text is `v1.<iv>.<tag>.<ciphertext>`, base64url each.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = createHash('sha256').update(`webhook-secrets\u0000${keyMaterial}`).digest();
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when it was sealed under another key (WEBHOOK_SECRET_KEY changed). */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
