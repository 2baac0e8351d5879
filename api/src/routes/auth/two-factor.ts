/** What the two-factor step's calls share: a challenge's limits and how its e-mailed code is kept. */
import { sha256 } from '../../services/secrets';

/** Wrong codes that end a challenge. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/** The e-mailed code's hash, salted with its challenge. */
export const codeHash = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`);
