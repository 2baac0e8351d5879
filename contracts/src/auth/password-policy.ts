import { MAX_PASSWORD_LENGTH, passwordTooLong, passwordTooShort } from './auth.messages';

/**
 * The password policy: config `UserPassword` (root project 1 holds the default, a licence
 * config may override it). Every entry with a positive value except the login-attempt
 * limit is a requirement the reset screen lists.
 */
export interface PasswordPolicy {
  /** Minimum length; default 8. */
  RequiredLength: number;
  RequiredUppercase: number;
  RequiredLowercase: number;
  RequiredDigits: number;
  RequiredSpecialCharacters: number;
  /** Failed logins in a row before the account is locked; 0 turns lockout off. */
  MaxFailedAccessAttempts: number;
}

export type PasswordPolicyKey = keyof PasswordPolicy;

export const PASSWORD_CONFIG_NAME = 'UserPassword';

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  RequiredLength: 8,
  RequiredUppercase: 0,
  RequiredLowercase: 0,
  RequiredDigits: 0,
  RequiredSpecialCharacters: 0,
  MaxFailedAccessAttempts: 5,
};

/** The label of each entry, as the config screen and the requirements panel show it. */
export const PASSWORD_POLICY_LABELS: Record<PasswordPolicyKey, string> = {
  RequiredLength: 'Minimum length',
  RequiredUppercase: 'Uppercase letters',
  RequiredLowercase: 'Lowercase letters',
  RequiredDigits: 'Digits',
  RequiredSpecialCharacters: 'Special characters',
  MaxFailedAccessAttempts: 'Login attempts before lockout',
};

const COUNTERS: Record<Exclude<PasswordPolicyKey, 'RequiredLength' | 'MaxFailedAccessAttempts'>, [RegExp, string]> = {
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
  if (policy.RequiredLength > 0) out.push({ label: `At least ${plural(policy.RequiredLength, 'character')}`, met: [...password].length >= policy.RequiredLength });
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

/** Reads a policy from config parameters (`{ name, value }`), falling back to the default per entry. */
export function policyFromParameters(parameters: readonly { name: string; value: unknown }[]): PasswordPolicy {
  const policy: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY };
  for (const { name, value } of parameters) {
    if (name in policy) {
      const n = Number(value);
      if (Number.isInteger(n) && n >= 0) policy[name as PasswordPolicyKey] = n;
    }
  }
  return policy;
}
