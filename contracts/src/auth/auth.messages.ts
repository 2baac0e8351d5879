/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */
import { KernelMessages } from 'shared/messages';

export const AuthMessages = {
  userNameRequired: 'Please enter your username.',
  passwordRequired: 'Please enter your password.',
  userNameRequiredShort: 'User Name is required',
  passwordRequiredShort: 'Password is required',
  highlightedFieldsRequired: 'Highlighted fields are required',
  recoveryUserNameRequired: 'Please enter a username.',
  recoveryEmailRequired: 'Please make sure you enter an email',
  resetPasswordRequired: 'Password required.',
  passwordsMustMatch: 'Passwords must match.',
  invalidLink: 'Invalid Link! Click here to get a new one.',
  pleaseUpdatePassword: 'Please update your password',
  loginFailed: 'Failed to login. Try again',
  logoutFailed: 'Failed to logout',
  resetFailed: 'Failed to reset password',
  recoveryFailed: 'Failed to send email to provided username',
  rolesFailed: 'Failed to get user roles',
  ssoInfoFailed: 'Failed to fetch SSO info',
  sessionGuidFailed: 'Failed to fetch session Guid',
  userLocationFailed: 'Failed to find user location.',
  loggedOut: 'Logged out',
  passwordResetDone: 'Password reset successfully. Please login',
  emailSent: 'Email has been sent',
  sessionExpired: KernelMessages.sessionExpired,
  ssoPasswordsNotManaged: 'SSO users can not have their passwords managed.',
  insufficientPermissions: KernelMessages.insufficientPermissions,
  newVersion: KernelMessages.newVersion,
  ssoContactAdmin: 'Please contact your administrator or support for further assistance.',
  // Ours: the spec says a failed password login shows the server's text.
  badCredentials: 'The user name or password is incorrect.',
  accountLocked: 'This account is locked. Reset your password or contact your administrator.',
  accountInactive: 'This account is not active. Please contact your administrator.',
  licenseInactive: 'Your licence is not active. Please contact your administrator.',
  licenseExpired: 'Your licence has expired. Please contact your administrator.',
  twoFactorInvalid: 'The code is not valid or has expired. Please log in again to get a new one.',
  twoFactorRequired: 'Please enter the code from the e-mail.',
  ssoTokenInvalid: 'The single sign-on token could not be verified.',
  ssoNoAccount: 'No active single sign-on account matches this sign-in.',
  sessionEnded: 'Your session has ended. Please log in again.',
  notAuthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  sessionGuidInvalid: 'The sign-in hand-off is not valid or has expired. Please log in again.',
  passwordSelfOnly: 'You can only change your own password.',
  passwordUpdated: 'Password updated.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordAutoReset: 'A new password has been e-mailed to the user.',
  /** Ours: the longest user name and password a sign-in takes (issue 21). */
  userNameTooLong: 'User name must be at most 256 characters.',
  loginPasswordTooLong: 'Password must be at most 256 characters.',
} as const;

/** Template: the SSO error shown from the hash of a failed single sign-on. */
export function ssoError(error: string, description: string): string {
  return `Single Sign-on error. If the error persists please contact an administrator with the following code: ${error} - ${description}`;
}

/** Template: a username whose SSO lookup returned null. */
export function notAnSsoAccount(userName: string): string {
  return `'${userName}' is not an active SSO account. Your login is likely your e-mail address.`;
}

/** Template: the toast shown before the hand-off to the only environment. */
export function redirectingTo(product: string): string {
  return `Please wait to be redirected back to ${product}.`;
}

/** Template: a password shorter than the policy allows. */
export function passwordTooShort(min: number): string {
  return `Must be at least ${min} characters.`;
}

/** The longest password accepted; longer ones are refused with this message. */
export const MAX_PASSWORD_LENGTH = 128;

export function passwordTooLong(max: number = MAX_PASSWORD_LENGTH): string {
  return `Must be at most ${max} characters.`;
}

export const EnvironmentMessages = {
  chooseEnvironment: 'Choose an Environment',
  fetchFailed: 'Failed to fetch environments.',
} as const;

/** Ours (issue 40): second factors — authenticator app, recovery codes, the chooser, the policy. */
export const FactorMessages = {
  title: 'Sign-in security',
  totpTitle: 'Authenticator app',
  totpInvalid: 'The code is not valid. Enter the current code from your authenticator app.',
  totpCodeRequired: 'Please enter the code from your authenticator app.',
  totpAlreadySetUp: 'An authenticator app is already set up. Remove it first to set up another one.',
  totpNotStarted: 'Start the set-up again: it was not started or has been replaced.',
  totpNotSetUp: 'No authenticator app is set up.',
  totpAdded: 'Authenticator app set up.',
  totpRemoved: 'Authenticator app removed.',
  recoveryTitle: 'Recovery codes',
  recoveryCodesNew: 'New recovery codes made: the old ones no longer work.',
  recoveryCodesShownOnce: 'Keep these codes somewhere safe: each works once, and they are not shown again.',
  passwordForChange: 'Enter your password to confirm.',
  factorsOff: 'Your licence does not use a second factor.',
  ssoExempt: 'You sign in with single sign-on: your provider decides on a second factor.',
  setupRequired: 'Your licence requires a second factor: set one up to continue.',
  setupOnly: 'Set up a second factor first: your licence requires one before you use the console.',
  chooseFactor: 'Choose how to confirm it is you',
  emailCodeSent: 'We sent a sign-in code to the e-mail address of your account.',
  loadFailed: 'Failed to load your sign-in security.',
} as const;

/** What the chooser calls each factor. */
export const FACTOR_LABELS: Record<string, string> = {
  totp: 'Authenticator app',
  recovery: 'Recovery code',
  email: 'E-mailed code',
  passkey: 'Passkey',
};
