/**
 * Counts how sign-in steps end (the metrics' `console_sign_ins_total`), around the auth
 * handlers rather than inside them: the outcome is read from what the handler answered or
 * threw, so the handlers stay as they are.
 */
import { AuthMessages } from 'contracts/auth/model';
import { HttpError } from '../../http/errors';
import type { AnyRoute } from '../../http/route';
import type { SignInOutcome, SignInStep } from '../../services/metrics';

/** The outcome of a refused step, from its error. */
function refusal(error: unknown): SignInOutcome {
  if (!(error instanceof HttpError)) return 'error';
  if (error.status === 429) return 'throttled';
  if (error.status === 403) return error.message === AuthMessages.accountLocked ? 'locked' : 'refused';
  if (error.status >= 500) return 'error';
  return 'failure';
}

/** The routes, with `login` (password or single sign-on), `loginTwoFactor` and `loginPasskey` (with no password, or as the second factor) counted. */
export function countSignIns(routes: readonly AnyRoute[]): AnyRoute[] {
  return routes.map((route) => {
    if (route.name !== 'login' && route.name !== 'loginTwoFactor' && route.name !== 'loginPasskey') return route;
    const handler = route.handler;
    return {
      ...route,
      async handler(ctx) {
        const step: SignInStep =
          route.name === 'loginPasskey'
            ? 'passkey'
            : route.name === 'loginTwoFactor'
              ? 'two_factor'
              : (ctx.body as { cognitoJwt?: string } | undefined)?.cognitoJwt !== undefined
                ? 'sso'
                : 'password';
        let answer: Response;
        try {
          answer = await handler(ctx);
        } catch (error) {
          ctx.deps.metrics.signIn(step, refusal(error));
          throw error;
        }
        // A password accepted for an account with two-factor sign-in answers a challenge, not a session.
        const reply = answer.ok ? ((await answer.clone().json()) as { sessionId?: string }) : {};
        ctx.deps.metrics.signIn(step, !answer.ok ? 'failure' : reply.sessionId !== undefined ? 'success' : 'second_step');
        return answer;
      },
    };
  });
}
