/**
 * The mail a user gets when a sign-in factor is added to or removed from their account (issue
 * 40): a passkey today, an authenticator app beside it. It goes after the change commits, in the
 * background: the reply does not wait for it, and a refusal by the mail server is only logged.
 */
import type { AppDeps } from '../deps';

export interface FactorChange {
  user: { userId: number; userName: string; email: string; firstName: string };
  /** 'passkey', 'authenticator app', … as the mail names it. */
  factor: string;
  /** The factor's own name, when it has one (a passkey's). */
  name?: string;
  change: 'added' | 'removed';
}

/** Mails the owner about a factor added or removed (nothing without an address). */
export function mailFactorChange(deps: AppDeps, { user, factor, name, change }: FactorChange): void {
  if (!user.email) return;
  const product = deps.config.productName;
  const what = name ? `${factor} '${name}'` : factor;
  deps.background.run('factor change mail', () =>
    deps.mailer.send({
      to: user.email,
      subject: `A ${factor} was ${change} ${change === 'added' ? 'to' : 'from'} your ${product} account`,
      text:
        `Hello ${user.firstName || user.userName},\n\n` +
        `A ${what} was ${change} ${change === 'added' ? 'to' : 'from'} your account ${user.userName} on ${deps.clock.now().toISOString().slice(0, 16).replace('T', ' ')} ` +
        `UTC.\n\n` +
        'If it was you, there is nothing to do. If it was not, change your password at once and tell your administrator.',
    }),
  );
}

/** Mails the owner that an administrator removed their second factors (what, and who), after the change commits. */
export function mailFactorsReset(deps: AppDeps, user: FactorChange['user'], by: string, removed: string[]): void {
  if (!user.email) return;
  const product = deps.config.productName;
  deps.background.run('factors reset mail', () =>
    deps.mailer.send({
      to: user.email,
      subject: `Your ${product} second factors were reset`,
      text:
        `Hello ${user.firstName || user.userName},\n\n` +
        `Your administrator ${by} removed the second factors of your account ${user.userName} on ${deps.clock.now().toISOString().slice(0, 16).replace('T', ' ')} ` +
        `UTC: ${removed.join(', ')}. ` +
        'Every session of yours was signed out.\n\n' +
        'Sign in again with your password; if your licence requires a second factor, you set up a new one ' +
        'then. If you did not ask for this, tell your administrator at once.',
    }),
  );
}
