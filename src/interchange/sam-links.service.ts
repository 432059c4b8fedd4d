// Signed links to a SAM list export, for readers that cannot send a header (pvlib's retrieve_sam
// reads a URL with urlopen). A key holder makes one for one export (list, edition, filters) and an
// expiry; the URL carries a random id and an HMAC of the link under a server secret, never the key.
// Each download is charged to the account that made the link, as the export would be with its key.
// The link lives in the database: a revocation holds at once on every instance.
import { createHmac, randomBytes } from 'node:crypto';
import { AppError, validationError } from '../errors/app-error';
import { samLinkNotFound, signedUrlExpired, signedUrlRevoked } from '../errors/catalog';
import { equalInConstantTime } from '../shared/constant-time';
import { SAM_LINK_DEFAULT_TTL_S, type SamLinkDoc } from '../catalog/sam-lists';
import type { KeyPrincipal } from '../catalog/api-key.types';

export interface SamLinkPorts {
  readonly links: {
    insert(link: SamLinkDoc): Promise<void>;
    get(id: string): Promise<SamLinkDoc | null>;
    revoke(id: string, at: Date): Promise<void>;
  };
  /** The key a link was made with, as stored (its revocation and expiry). */
  readonly keys: { findById(id: string): Promise<{ revoked_at: Date | null; expires_at: Date | null } | null> };
  /** Validates an export query as the export operation does; resolves with it as validated (defaults applied). */
  readonly validate: (list: string, query: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

export interface NewSamLink {
  readonly list: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly expires_in?: number;
}

/** The link as its owner sees it: the URL to hand to pvlib, what it exports, until when. */
export function linkView(link: SamLinkDoc, url: string) {
  return {
    id: link._id,
    url,
    list: link.list,
    query: link.query,
    created_at: link.created_at.toISOString(),
    expires_at: link.expires_at.toISOString(),
    revoked_at: link.revoked_at ? link.revoked_at.toISOString() : null,
  };
}

export class SamLinkService {
  private readonly key: Buffer;

  /** `secret`: the server secret links are signed under (a key derived from it, so it signs nothing else's way). */
  constructor(
    private readonly ports: SamLinkPorts,
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('sam-link/v1').digest();
  }

  /** The signature a link's URL carries: over everything the link is, so no part of it can be changed. */
  signature(link: SamLinkDoc): string {
    const signed = JSON.stringify([link._id, link.account_id, link.key_id, link.list, link.query, link.expires_at]);
    return createHmac('sha256', this.key).update(signed).digest('base64url');
  }

  /** The link's path and query, signed; the caller puts its own origin before it. */
  path(link: SamLinkDoc): string {
    return `/api/v1/sam-links/${link._id}?signature=${this.signature(link)}`;
  }

  /** The export query of a new link as exportSamList validates it; its failures named `query.<parameter>`. */
  validated(body: NewSamLink): Record<string, unknown> {
    try {
      return this.ports.validate(body.list, body.query ?? {});
    } catch (err) {
      if (err instanceof AppError && err.code === 'VALIDATION_FAILED' && err.errors)
        throw validationError(err.errors.map((e) => ({ ...e, in: 'body', name: `query.${e.name}` })));
      throw err;
    }
  }

  /** Makes a link to the export `query` (as `validated` gave it). */
  async create(principal: KeyPrincipal, body: NewSamLink, query = this.validated(body)): Promise<SamLinkDoc> {
    const now = this.now();
    const link: SamLinkDoc = {
      _id: randomBytes(16).toString('base64url'),
      account_id: principal.accountId,
      key_id: principal.id,
      list: body.list,
      query,
      created_at: new Date(now),
      expires_at: new Date(now + (body.expires_in ?? SAM_LINK_DEFAULT_TTL_S) * 1000),
      revoked_at: null,
    };
    await this.ports.links.insert(link);
    return link;
  }

  /** Revokes one of the account's links; another account's is answered as a missing one. */
  async revoke(accountId: string, id: string): Promise<void> {
    const link = await this.ports.links.get(id);
    if (!link || link.account_id !== accountId) throw new AppError(samLinkNotFound(id));
    if (!link.revoked_at) await this.ports.links.revoke(id, new Date(this.now()));
  }

  /**
   * The link a signed URL names, and who pays for its download; or why not. The signature is checked
   * before anything is said of the link, so a guessed id learns nothing (unknown and altered are one
   * answer).
   */
  async open(id: unknown, signature: unknown): Promise<{ link: SamLinkDoc; principal: KeyPrincipal }> {
    const invalid = () =>
      new AppError('SIGNED_URL_INVALID', 'This signed URL is not valid: its id or signature was altered.');
    if (typeof id !== 'string' || typeof signature !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw invalid();
    const link = await this.ports.links.get(id);
    if (!link || !equalInConstantTime(Buffer.from(signature), Buffer.from(this.signature(link)))) throw invalid();
    if (link.revoked_at) throw new AppError(signedUrlRevoked(link.revoked_at));
    if (link.expires_at.getTime() <= this.now()) throw new AppError(signedUrlExpired(link.expires_at));
    const key = await this.ports.keys.findById(link.key_id);
    if (!key || key.revoked_at || (key.expires_at && key.expires_at.getTime() <= this.now()))
      throw new AppError('SIGNED_URL_REVOKED', 'The API key this signed URL was made with no longer works.');
    return { link, principal: { id: link.key_id, accountId: link.account_id, scopes: ['products:read'] } };
  }
}
