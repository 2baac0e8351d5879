/**
 * The host's own paths (sign-in, home, environments). A section's paths are written once, in
 * its remote's routes module (defineRoute); other code links to them with sectionLink.
 */
const e = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: () => '/',
  login: () => '/login',
  twoFactor: (token: string) => `/login/2fa/${e(token)}`,
  passwordRecovery: () => '/password/recovery',
  passwordReset: () => '/users/password/reset',
  environments: () => '/environments',
} as const;
