/** Random tokens for links and codes; only their hashes are stored. */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A six-digit code for the two-factor e-mail. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const uuid = () => randomUUID();

/** A password that meets any reasonable policy: letters of both cases, digits and a symbol. */
export function generatePassword(length = 16): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '-_.!'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
