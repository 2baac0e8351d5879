/**
 * Where a user goes after signing in (spec 1 §4, login flow): a forced password update
 * first; then back to the console page that sent them to Login; a user without projects to
 * their licence view; otherwise to an environment: the one the redirect URL points at, the
 * chooser when there are several, or straight to the only one.
 */
import { EnvironmentMessages, AuthMessages, redirectingTo, type Environment } from 'contracts/auth';
import { paths, sectionLink } from 'shared';

export interface SignedInFacts {
  mustUpdatePassword: boolean;
  /** The licence requires a second factor the user has not set up (issue 40). */
  mustSetUpFactor?: boolean;
  userHasNoProjects: boolean;
  licenseId: number;
}

export interface FlowOptions {
  /** A URL of an environment the user was heading to (query redirectUrl). */
  redirectUrl?: string | null;
  /** A console page the guard sent the user away from. */
  returnTo?: string | null;
}

export interface FlowDeps {
  navigate(to: string): void;
  /** Leaves the console for an environment server. */
  leave(url: string): void;
  environmentsOf(licenseId: number): Promise<Environment[]>;
  sessionGuid(): Promise<string>;
  info(message: string): void;
  error(message: string): void;
  productName: string;
}

/** The set-up of the second factor a licence's policy requires, right after the password (issue 40). */
export const FACTOR_SETUP_PATH = '/login/factor-setup';

/**
 * Where a login that needs a second factor goes: the two-factor step, with the factors the
 * user may choose among (issue 40; none for the spec's e-mailed code alone) and the carried query.
 */
export function twoFactorPath(reply: { token: string; factors?: readonly string[] }, carry: FlowOptions): string {
  const query = new URLSearchParams();
  if (reply.factors && reply.factors.length > 0) query.set('factors', reply.factors.join(','));
  if (carry.redirectUrl) query.set('redirectUrl', carry.redirectUrl);
  if (carry.returnTo) query.set('returnTo', carry.returnTo);
  return `${paths.twoFactor(reply.token)}${query.size ? `?${query}` : ''}`;
}

/** The factors the two-factor step offers, from its query: only known ones, in order; the e-mailed code when none. */
export function offeredFactors(param: string | null, known: readonly string[]): string[] {
  const offered = (param ?? '').split(',').filter((factor) => known.includes(factor));
  return offered.length > 0 ? [...new Set(offered)] : ['email'];
}

/** A console path that is safe to return to: same origin, not a sign-in page. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/^\/(login|password\/recovery|users\/password\/reset)(\/|\?|$)/.test(value)) return null;
  return value;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The environment a redirect URL belongs to: same host, the longest matching server URL first. */
export function environmentForRedirect(redirectUrl: string | null | undefined, environments: readonly Environment[]): Environment | undefined {
  if (!redirectUrl) return undefined;
  let target: URL;
  try {
    target = new URL(redirectUrl);
  } catch {
    return undefined;
  }
  const sameHost = environments.filter((env) => {
    try {
      return new URL(env.serverUrl).host === target.host;
    } catch {
      return false;
    }
  });
  const byPrefix = [...sameHost].sort((a, b) => b.serverUrl.length - a.serverUrl.length).find((env) => redirectUrl.startsWith(trimSlash(env.serverUrl)));
  return byPrefix ?? sameHost[0];
}

/** Account/Authenticate on the environment's server. */
export function handOffUrl(environment: Environment, sessionGuid: string, redirectUrl?: string | null): string {
  const query = new URLSearchParams({ sessionGuid, environmentId: String(environment.environmentId) });
  if (redirectUrl) query.set('redirectUrl', redirectUrl);
  return `${trimSlash(environment.serverUrl)}/Account/Authenticate?${query}`;
}

export async function handOff(
  environment: Environment,
  redirectUrl: string | null | undefined,
  deps: Pick<FlowDeps, 'sessionGuid' | 'leave' | 'error'>,
): Promise<void> {
  let guid: string;
  try {
    guid = await deps.sessionGuid();
  } catch {
    deps.error(AuthMessages.sessionGuidFailed);
    return;
  }
  deps.leave(handOffUrl(environment, guid, redirectUrl));
}

export async function continueAfterLogin(session: SignedInFacts, options: FlowOptions, deps: FlowDeps): Promise<void> {
  const carry = options.redirectUrl ? `?redirectUrl=${encodeURIComponent(options.redirectUrl)}` : '';
  if (session.mustUpdatePassword) return deps.navigate(`${paths.passwordReset()}${carry}`);
  // Like the forced password update: the set-up the licence's policy requires comes before anything else.
  if (session.mustSetUpFactor) return deps.navigate(`${FACTOR_SETUP_PATH}${carry}`);
  const returnTo = safeReturnTo(options.returnTo);
  if (returnTo) return deps.navigate(returnTo);
  if (session.userHasNoProjects) return deps.navigate(sectionLink('licensing', 'license.view', { id: session.licenseId }));
  let environments: Environment[];
  try {
    environments = await deps.environmentsOf(session.licenseId);
  } catch {
    deps.error(EnvironmentMessages.fetchFailed);
    return deps.navigate(paths.home());
  }
  const matching = environmentForRedirect(options.redirectUrl, environments);
  if (matching) return handOff(matching, options.redirectUrl, deps);
  if (environments.length > 1) return deps.navigate(`${paths.environments()}${carry}`);
  if (environments.length === 1) {
    deps.info(redirectingTo(deps.productName));
    return handOff(environments[0]!, null, deps);
  }
  return deps.navigate(paths.home());
}
