/**
 * A user's sessions (contract area identity, issue 40): the definitions — the live sessions,
 * signing one out, signing out all but the caller's own. sessions.handlers.ts does them.
 */
import { userEndpoints as api } from 'contracts/identity/model';
import { route } from '../../http/route';
import { entity } from '../../http/licence-scope';

const WHO_ENDS =
  'Users sign out their own sessions; an administrator with ADMINISTER_USER_CREATE_UPDATE signs out ' +
  'those of users of their licence, only of a user whose administrative roles (directly and through ' +
  'groups) are all their own (the privilege ceiling; super administrators excepted). An API key never ' +
  'signs anyone out: 403.';

export const sessionSpecs = {
  getUserSessions: route(api.getUserSessions, {
    scope: entity('userName', 'username'),
    description:
      'Users read their own; anyone else’s needs a portal role and the user in the caller’s licence. ' +
      'Browser and system are read from the User-Agent kept at sign-in (at most 512 characters); the IP ' +
      'address is the client’s at sign-in (with TRUST_PROXY, the address the load balancer added). ' +
      '`lastActiveAt` is written at most once a minute. `current` marks the caller’s own session.',
    answers: { 403: 'Another user, and the caller has no portal role.', 404: 'No such user in the caller’s scope.' },
  }),

  endUserSession: route(api.endUserSession, {
    scope: entity('userName', 'username'),
    description:
      `${WHO_ENDS} The session’s next request, on any server, answers 412 (‘Your session has ended. Please ` +
      `log in again.’). The caller’s own session is ended by logout, not here (400).`,
    grants: ['control'],
    sessionOnly: true,
    answers: {
      400: 'The caller’s own session (use logout).',
      403: 'The user holds administrative roles the caller does not, the caller does not administer users, or the caller is an API key.',
      404: 'No such user in the caller’s scope, or no such live session of theirs.',
    },
  }),

  endOtherUserSessions: route(api.endOtherUserSessions, {
    scope: entity('userName', 'username'),
    description: `${WHO_ENDS} Every live session of the user ends but the caller’s own; \`ended\` says how many.`,
    grants: ['control'],
    sessionOnly: true,
    answers: {
      403: 'The user holds administrative roles the caller does not, the caller does not administer users, or the caller is an API key.',
      404: 'No such user in the caller’s scope.',
    },
  }),

  getUserFactors: route(api.getUserFactors, {
    scope: entity('userName', 'username'),
    description:
      'An administrator’s view of another user’s second factors (a user reads their own on the profile: ' +
      '`account/factors`). Needs a portal role and the user in the caller’s licence. Names no secret, ' +
      'recovery code or key; passkeys by the name their owner gave and their dates.',
    answers: { 403: 'The caller has no portal role.', 404: 'No such user in the caller’s scope.' },
  }),

  resetUserFactors: route(api.resetUserFactors, {
    scope: entity('userName', 'username'),
    description:
      'For a user who lost their phone or security key (Keycloak’s ‘remove credential’, Okta’s ‘reset ' +
      'authenticators’): removes their authenticator app, recovery codes and passkeys, and signs out every ' +
      'session of theirs (each refused at its next request, on any server). Needs ' +
      'ADMINISTER_USER_CREATE_UPDATE and a user within the privilege ceiling (all their administrative ' +
      'roles, directly and through groups, are the caller’s own; super administrators excepted); an API key ' +
      'never resets factors. The e-mailed code (the account’s two-factor setting) stays as it is. Under a ' +
      'licence policy that requires a factor, the user sets one up at their next sign-in. Audited; the user ' +
      'is told by e-mail after the change commits. A caller’s own factors are changed on the profile, with ' +
      'the password (400 here). Nothing to remove: 409, nothing changed.',
    grants: ['control'],
    sessionOnly: true,
    answers: {
      400: 'The caller’s own account (use the profile).',
      403: 'The user holds administrative roles the caller does not, or the caller is an API key.',
      404: 'No such user in the caller’s scope.',
      409: 'The user has no authenticator app, recovery codes or passkeys.',
    },
  }),
};
