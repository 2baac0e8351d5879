/**
 * Session tokens: HS256 JWTs with exp in seconds, refused after it. The server also keeps
 * the session row, so logging out revokes a token before its exp.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

const ISSUER = 'admin-console';

export interface SessionClaims {
  userId: number;
  userName: string;
  licenseId: number;
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: SessionClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, expiresAt) {
      const now = clock.now();
      return new SignJWT({ name: claims.userName, lic: claims.licenseId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock.now(),
          clockTolerance: 0,
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.name !== 'string' || typeof payload.lic !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          exp: payload.exp!,
          claims: { userId, userName: payload.name, licenseId: payload.lic, sessionId: payload.sid },
        };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
