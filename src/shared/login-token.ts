// Login tokens: short-lived HS256 JWTs for key management only. The algorithm is pinned when
// verifying, so `alg: none` or an RS/HS confusion token is refused.
import jwt from 'jsonwebtoken';

const ISSUER = 'product-data-service';
const AUDIENCE = 'developer-keys';

export function issueLoginToken(accountId: string, secret: string, ttlSeconds: number): string {
  return jwt.sign({ typ: 'login' }, secret, {
    algorithm: 'HS256',
    subject: accountId,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/** The account id the token speaks for, or undefined when the token is invalid or expired. */
export function verifyLoginToken(token: string, secret: string): string | undefined {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    }) as jwt.JwtPayload;
    return claims.typ === 'login' && typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a bearer credential has the shape of a JWT (three base64url parts, a JSON header). */
export function looksLikeJwt(token: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(token);
}
