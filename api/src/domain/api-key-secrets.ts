/**
 * API key secrets (spec 1 §4, issue 10): `ck_<8 hex>.<43 base64url>` — a visible prefix that
 * names the key in lists and finds it by an index, and 256 bits from the operating system's
 * secure random source. Only the prefix and a SHA-256 hash of the whole key are stored: a key
 * this random needs no slow hash, and a stolen table cannot be turned back into keys. The key
 * is answered once, when it is made, and never again.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `ck_` and 8 hex digits: what lists show and what finds the key. */
const PREFIX = /^ck_[0-9a-f]{8}$/;
/** The whole key: the prefix, a dot, and 32 random bytes in base64url. */
export const API_KEY = /^(ck_[0-9a-f]{8})\.([A-Za-z0-9_-]{43})$/;

export interface NewApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newApiKey(): NewApiKey {
  const prefix = `ck_${randomBytes(4).toString('hex')}`;
  const key = `${prefix}.${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

/** The prefix of a well-formed key, or undefined. */
export function prefixOf(key: string): string | undefined {
  const match = API_KEY.exec(key);
  return match && PREFIX.test(match[1]!) ? match[1] : undefined;
}

/** Whether `key` hashes to `storedHash`, in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
