/**
 * Ours (issue 40): the texts of passkeys — the login page's passkey sign-in, the second step
 * after a password, and the profile's passkeys. The spec has none; both sides take them from here.
 */
export const PasskeyMessages = {
  signIn: 'Sign in with a passkey',
  signInFailed: 'The passkey could not be verified. Please try again, or sign in with your password.',
  stepTitle: 'Confirm with your passkey',
  stepSubtitle: 'Your account asks for a passkey after the password.',
  usePasskey: 'Use my passkey',
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  sectionTitle: 'Passkeys',
  sectionDescription:
    'A passkey signs you in without a password, with your device’s screen lock or a security key. It also serves as the second step after your password.',
  none: 'You have no passkeys yet.',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  nameRequired: 'Please name the passkey.',
  nameTooLong: 'The name must be at most 100 characters.',
  added: 'Passkey added.',
  addFailed: 'The passkey could not be registered. Please try again.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  removeFailed: 'The passkey was not removed.',
  loadFailed: 'Failed to load passkeys.',
  confirmRemoval: 'Confirm with your password or with a passkey to remove it.',
  confirmFailed: 'The password or passkey did not confirm it is you.',
  ssoUsers: 'Single sign-on users sign in with their provider, not with passkeys.',
  neverUsed: 'Never used',
} as const;
