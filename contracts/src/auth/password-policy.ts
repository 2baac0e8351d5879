import { MAX_PASSWORD_LENGTH, passwordTooLong, passwordTooShort } from './auth.messages';

/**
 * The password policy: config `UserPassword` (root project 1 holds the default, a licence
 * config may override it). Every entry with a positive value except the login-attempt
 * limit is a requirement the reset screen lists. This is what the password forms read
 * (GET users/password/config); the config holds the lockout's other settings too.
 */
export interface PasswordPolicy {
  /** Minimum length; default 8. */
  RequiredLength: number;
  RequiredUppercase: number;
  RequiredLowercase: number;
  RequiredDigits: number;
  RequiredSpecialCharacters: number;
  /** Failed sign-ins (wrong passwords or two-factor codes) in a row before the account is locked; 0 turns lockout off. */
  MaxFailedAccessAttempts: number;
}

/**
 * The lockout's other settings, in the same config: the server's alone, never a requirement
 * of a password (issue 36; Keycloak's brute-force detection, mixed mode, is the model). After
 * MaxFailedAccessAttempts failed sign-ins the account is locked for LockoutWaitSeconds, and
 * each further round of failures doubles the wait, up to LockoutMaxWaitSeconds. After
 * MaxTemporaryLockouts such rounds without a successful sign-in, the next round locks it
 * permanently (the spec's Locked flag). Failures further apart than FailureResetSeconds
 * start the count again.
 */
export interface LockoutSettings {
  /** The first temporary lock, in seconds (Keycloak's waitIncrementSeconds); it doubles each round. 0: no temporary lock, the first lock is permanent. */
  LockoutWaitSeconds: number;
  /** The longest temporary lock, in seconds (Keycloak's maxFailureWaitSeconds). */
  LockoutMaxWaitSeconds: number;
  /** Temporary locks before the next one is permanent (Keycloak's maxTemporaryLockouts); 0: never permanent. */
  MaxTemporaryLockouts: number;
  /** Failures this many seconds after the last one start the count again (Keycloak's maxDeltaTimeSeconds); 0: never. */
  FailureResetSeconds: number;
}

/** Everything the UserPassword config holds: the password policy and the lockout's settings. */
export type UserPasswordConfig = PasswordPolicy & LockoutSettings;

export type PasswordPolicyKey = keyof UserPasswordConfig;

export const PASSWORD_CONFIG_NAME = 'UserPassword';

export const DEFAULT_PASSWORD_POLICY: UserPasswordConfig = {
  RequiredLength: 8,
  RequiredUppercase: 0,
  RequiredLowercase: 0,
  RequiredDigits: 0,
  RequiredSpecialCharacters: 0,
  MaxFailedAccessAttempts: 5,
  // Keycloak's defaults, but temporary only: a permanent lock is a denial of service anyone
  // who knows a user name can work, so a licence chooses it (MaxTemporaryLockouts > 0). A
  // guesser still gets at most 5 tries per quarter of an hour once the wait has grown.
  LockoutWaitSeconds: 60,
  LockoutMaxWaitSeconds: 900,
  MaxTemporaryLockouts: 0,
  FailureResetSeconds: 43_200,
};

/** The longest wait either lockout setting may hold: a day (86,400 seconds). */
export const MAX_LOCKOUT_WAIT_SECONDS = 86_400;

/** The policy as the password forms read it (GET users/password/config): without the lockout's waits and rounds. */
export function formPolicy(config: UserPasswordConfig): Omit<UserPasswordConfig, keyof LockoutSettings> {
  const { LockoutWaitSeconds: _wait, LockoutMaxWaitSeconds: _max, MaxTemporaryLockouts: _rounds, FailureResetSeconds: _reset, ...form } = config;
  return form;
}

/** The label of each entry, as the config screen and the requirements panel show it. */
export const PASSWORD_POLICY_LABELS: Record<PasswordPolicyKey, string> = {
  RequiredLength: 'Minimum length',
  RequiredUppercase: 'Uppercase letters',
  RequiredLowercase: 'Lowercase letters',
  RequiredDigits: 'Digits',
  RequiredSpecialCharacters: 'Special characters',
  MaxFailedAccessAttempts: 'Login attempts before lockout',
  LockoutWaitSeconds: 'First lockout in seconds (doubles each time; 0: lock until unlocked)',
  LockoutMaxWaitSeconds: 'Longest lockout in seconds',
  MaxTemporaryLockouts: 'Lockouts before the account stays locked (0: never)',
  FailureResetSeconds: 'Seconds after which failed attempts are forgotten (0: never)',
};

const COUNTERS: Record<Exclude<keyof PasswordPolicy, 'RequiredLength' | 'MaxFailedAccessAttempts'>, [RegExp, string]> = {
  RequiredUppercase: [/\p{Lu}/gu, 'uppercase letter'],
  RequiredLowercase: [/\p{Ll}/gu, 'lowercase letter'],
  RequiredDigits: [/\p{Nd}/gu, 'digit'],
  RequiredSpecialCharacters: [/[^\p{L}\p{Nd}\s]/gu, 'special character'],
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The requirements to list (positive entries, without the login-attempt limit), and whether `password` meets each. */
export function passwordRequirementStatus(password: string, policy: PasswordPolicy): { label: string; met: boolean }[] {
  const out: { label: string; met: boolean }[] = [];
  if (policy.RequiredLength > 0)
    out.push({ label: `At least ${plural(policy.RequiredLength, 'character')}`, met: [...password].length >= policy.RequiredLength });
  for (const [key, [pattern, word]] of Object.entries(COUNTERS) as [keyof typeof COUNTERS, [RegExp, string]][]) {
    if (policy[key] > 0) out.push({ label: `At least ${plural(policy[key], word)}`, met: (password.match(pattern)?.length ?? 0) >= policy[key] });
  }
  return out;
}

/** The requirements to list: positive entries, without the login-attempt limit. */
export function passwordRequirements(policy: PasswordPolicy): string[] {
  return passwordRequirementStatus('', policy).map((r) => r.label);
}

/** What `password` lacks under `policy`: the first message names the length, as the spec words it. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  const min = Math.max(policy.RequiredLength, 1);
  if ([...password].length < min) problems.push(passwordTooShort(min));
  if ([...password].length > MAX_PASSWORD_LENGTH) problems.push(passwordTooLong());
  for (const [key, [pattern, word]] of Object.entries(COUNTERS) as [keyof typeof COUNTERS, [RegExp, string]][]) {
    const need = policy[key];
    if (need > 0 && (password.match(pattern)?.length ?? 0) < need) {
      problems.push(`Must contain at least ${plural(need, word)}.`);
    }
  }
  return problems;
}

/** Reads the config from its parameters (`{ name, value }`), falling back to the default per entry. */
export function policyFromParameters(parameters: readonly { name: string; value: unknown }[]): UserPasswordConfig {
  const policy: UserPasswordConfig = { ...DEFAULT_PASSWORD_POLICY };
  for (const { name, value } of parameters) {
    if (name in policy) {
      const n = Number(value);
      if (Number.isInteger(n) && n >= 0) policy[name as PasswordPolicyKey] = n;
    }
  }
  return policy;
}
