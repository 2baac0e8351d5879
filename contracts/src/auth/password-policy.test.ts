import { DEFAULT_PASSWORD_POLICY, formPolicy, passwordRequirements, policyFromParameters, type UserPasswordConfig } from './password-policy';

describe('the password policy (UserPassword)', () => {
  it('holds the lockout settings, with defaults like Keycloak’s brute-force detection', () => {
    expect(DEFAULT_PASSWORD_POLICY).toMatchObject({
      MaxFailedAccessAttempts: 5,
      LockoutWaitSeconds: 60,
      LockoutMaxWaitSeconds: 900,
      MaxTemporaryLockouts: 0,
      FailureResetSeconds: 43_200,
    });
    expect(
      policyFromParameters([
        { name: 'LockoutWaitSeconds', value: '30' },
        { name: 'MaxTemporaryLockouts', value: 4 },
      ]),
    ).toMatchObject({ LockoutWaitSeconds: 30, MaxTemporaryLockouts: 4, LockoutMaxWaitSeconds: 900 });
  });

  it('never lists a lockout setting as a requirement of the password (spec 1 §5: login attempts are not)', () => {
    const config: UserPasswordConfig = { ...DEFAULT_PASSWORD_POLICY, LockoutWaitSeconds: 60, MaxTemporaryLockouts: 3 };
    expect(passwordRequirements(config)).toEqual(['At least 8 characters']);
  });

  it('answers the password forms what they show, without the lockout’s waits', () => {
    expect(Object.keys(formPolicy(DEFAULT_PASSWORD_POLICY)).sort()).toEqual(
      ['MaxFailedAccessAttempts', 'RequiredDigits', 'RequiredLength', 'RequiredLowercase', 'RequiredSpecialCharacters', 'RequiredUppercase'].sort(),
    );
  });
});
