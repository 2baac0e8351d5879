/**
 * Encryption of second-factor secrets (issue 40): an authenticator app's TOTP secret must be
 * read back to check a code, so it cannot be a hash; it is kept AES-256-GCM encrypted with
 * FACTOR_ENCRYPTION_KEY (32 bytes, base64 or hex), which lives in the environment, not beside
 * the data. Production refuses to start without it (server.ts); the demo and the tests use
 * one generated and kept in the database.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface FactorCrypto {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

/** The 32-byte key of a FACTOR_ENCRYPTION_KEY value: 64 hex digits or base64 of 32 bytes; anything else is hashed to 32 bytes (the server-generated key). */
export function factorKey(value: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const decoded = Buffer.from(value, 'base64');
  if (decoded.length === 32) return decoded;
  return createHash('sha256').update(value).digest();
}

/** Whether a FACTOR_ENCRYPTION_KEY value is a 32-byte key written as 64 hex digits or base64. */
export function isFactorKey(value: string): boolean {
  return /^[0-9a-f]{64}$/i.test(value) || (/^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, 'base64').length === 32);
}

export function createFactorCrypto(key: Buffer): FactorCrypto {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown sealed secret format.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
