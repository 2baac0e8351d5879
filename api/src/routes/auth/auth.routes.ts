/**
 * Sign-in calls (contract area auth): the definitions — password and single sign-on login,
 * the two-factor e-mail step, logout, session checks, roles of the user, password recovery
 * and reset, and the password policy. auth.handlers.ts does them.
 */
import {
  authEndpoints as api,
  LoginReplySchema,
  LogoutReplySchema,
  MyRolesReplySchema,
  PasswordPolicySchema,
  ResetTokenReplySchema,
  SessionCheckReplySchema,
  SessionReplySchema,
  SsoUrlReplySchema,
} from 'contracts/auth/model';
import { MessageSchema, route } from '../../http/route';
import { noLicense } from '../../http/licence-scope';

export const authSpecs = {
  login: route(api.login, {
    scope: noLicense('signs in: the account is found by the name sent, before anyone is signed in'),
    // Counts failed attempts (the throttle, kept whatever it answers), hashes passwords and mails: not one transaction.
    transaction: 'own',
    description:
      'Answers the session, or `{ type: "email", token }` when the user has two-factor sign-in: the code ' +
      'goes by e-mail and the token names the challenge for `POST login/2fa`. A body that names ' +
      '`cognitoJwt` is a single sign-on.\n\n' +
      'A user with an authenticator app (issue 40) gets `{ type: "factor", token, factors }` instead: ' +
      '`factors` lists what the user can finish with (`totp`, `recovery`, `email`), nothing is sent yet, ' +
      'and `POST login/2fa` takes the chosen one as `method` (`POST login/2fa/email` sends the e-mailed ' +
      'code first). When the licence requires a second factor the user has not set up, the session answers ' +
      '`mustSetUpFactor: true` and only the set-up calls accept it (403 elsewhere).\n\n' +
      'Lockout (the licence’s UserPassword config): after MaxFailedAccessAttempts failed sign-ins in a row ' +
      '(wrong passwords and wrong two-factor codes) the account is locked for LockoutWaitSeconds (60), ' +
      'doubling each further round up to LockoutMaxWaitSeconds (900); after MaxTemporaryLockouts rounds (0: ' +
      'never) it stays locked until unlocked. A new password (a reset link, which the owner is mailed when ' +
      'the account locks) or an administrator unlocks it. An unknown user name, a wrong password and a ' +
      'locked account, whatever the password, all answer the same 401.',
    response: LoginReplySchema,
    answers: {
      400: 'a field is missing or too long (a user name or password past 256 characters), answered before any database work',
      401: 'wrong user name or password, a locked account (whatever the password), or an id_token that does not verify',
      403: 'the right password of an inactive user or of a user of an inactive or expired licence; a single sign-on of a locked user',
      429: 'too many failed sign-ins from this address or for this account; Retry-After says when to try again',
    },
  }),

  loginTwoFactor: route(api.loginTwoFactor, {
    scope: noLicense('the second step of a sign-in: the challenge names the account'),
    // Counts failed attempts (the throttle, kept whatever it answers), hashes passwords and mails: not one transaction.
    transaction: 'own',
    description:
      '`method` names the factor (`email` when left out, `totp` for the authenticator app’s code, one step ' +
      'either side and each step once, `recovery` for a single-use recovery code). The code works once, ' +
      'before the challenge expires (TWO_FACTOR_TTL_MINUTES), and five wrong codes end the challenge. Wrong ' +
      'codes count toward the account’s lockout like wrong passwords; while the account is locked the right ' +
      'code is refused like a wrong one.',
    response: SessionReplySchema,
    answers: { 400: 'wrong, used or expired code, or the account is locked', 429: 'too many wrong codes from this address or for this account' },
  }),

  logout: route(api.logout, {
    setupAllowed: true,
    scope: noLicense('ends the caller’s own session'),
    description: 'Answers the single sign-on provider’s logout URL for SSO sessions, where the console goes next.',
    grants: [],
    sessionOnly: true,
    response: LogoutReplySchema,
  }),

  verifySession: route(api.verifySession, {
    setupAllowed: true,
    scope: noLicense('the caller’s own session'),
    sessionOnly: true,
    response: SessionCheckReplySchema,
  }),

  getMyRoles: route(api.getMyRoles, {
    setupAllowed: true,
    scope: noLicense('the caller’s own roles'),
    response: MyRolesReplySchema,
  }),

  requestPasswordRecovery: route(api.requestPasswordRecovery, {
    scope: noLicense('answers the same for every name; the mail goes to the account’s own address'),
    // Counts failed attempts (the throttle, kept whatever it answers), hashes passwords and mails: not one transaction.
    transaction: 'own',
    description:
      'Answers the same, in the same time, for an unknown user name, so that the call does not tell which ' +
      'accounts exist: the mail goes after the reply. Single sign-on users get no link. An account gets at ' +
      'most 3 links an hour; past that the reply is the same and no mail goes.',
    response: MessageSchema,
    answers: { 429: 'too many recovery requests from this address' },
  }),

  verifyResetToken: route(api.verifyResetToken, {
    scope: noLicense('a reset link names one account; the answer is whether it is valid'),
    response: ResetTokenReplySchema,
  }),

  resetPassword: route(api.resetPassword, {
    scope: noLicense('a reset link names the one account it resets'),
    // Counts failed attempts (the throttle, kept whatever it answers), hashes passwords and mails: not one transaction.
    transaction: 'own',
    description:
      'The password must meet the policy of the link’s user’s licence (GET users/password/config with the ' +
      'token). The new password unlocks the account, locked for a while or for good.',
    response: MessageSchema,
    answers: { 400: "the password breaks the policy, or 'Invalid Link! Click here to get a new one.'" },
  }),

  getPasswordPolicy: route(api.getPasswordPolicy, {
    scope: noLicense('the policy of a reset link’s licence, or the default'),
    description:
      'With `token` (a reset link), the policy of that user’s licence; otherwise the default policy. The ' +
      'lockout’s other settings (its waits and rounds) are not answered.',
    response: PasswordPolicySchema,
  }),

  getSsoUrl: route(api.getSsoUrl, {
    scope: noLicense('a provider URL for a name, before anyone is signed in; never account details'),
    response: SsoUrlReplySchema,
  }),
};
