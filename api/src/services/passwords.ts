/**
 * Password hashing with scrypt (node:crypto). The stored form carries its own cost, so a
 * cost change applies to new hashes and old ones still verify.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));

const KEY_LENGTH = 64;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
}

/** `cost` is log2 of scrypt's N: 15 in production (32 MB and 60–160 ms a hash, by the machine: 160 on the bench's), less in tests. */
export function createPasswordHasher(cost = 15): PasswordHasher {
  const N = 2 ** cost;
  const r = 8;
  const p = 1;
  const options = (n: number, rr: number, pp: number): ScryptOptions => ({ N: n, r: rr, p: pp, maxmem: 256 * n * rr + 1024 * 1024 });
  // Unknown users are checked against this too, so a wrong user name takes as long as a wrong password.
  let dummy: Promise<string> | undefined;

  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, options(N, r, p));
    return `scrypt$${cost}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  };

  return {
    hash,
    async verify(password, stored) {
      if (!stored) {
        dummy ??= hash('not a password of anyone');
        await this.verify(password, await dummy);
        return false;
      }
      const [scheme, costText, rText, pText, saltText, keyText] = stored.split('$');
      if (scheme !== 'scrypt' || !saltText || !keyText) return false;
      const expected = Buffer.from(keyText, 'base64');
      const n = 2 ** Number(costText);
      const actual = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, options(n, Number(rText), Number(pText)));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
