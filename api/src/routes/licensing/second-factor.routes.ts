/** A licence's second-factor policy (ours, issue 40): the routes of its endpoints; second-factor.handlers.ts does them. */
import { secondFactorEndpoints as api } from 'contracts/licensing/model';
import { route } from '../../http/route';
import { entity } from '../../http/licence-scope';

export const secondFactorSpecs = {
  getSecondFactorPolicy: route(api.getSecondFactorPolicy, {
    scope: entity('license', 'licenseId'),
    answers: { 404: 'no such licence, or another licence than a licence administrator’s own' },
  }),

  setSecondFactorPolicy: route(api.setSecondFactorPolicy, {
    scope: entity('license', 'licenseId'),
    description:
      '`off`: no new second factors are set up (those set up still sign in); `optional`; `administrators`: ' +
      'anyone holding an administrative role (PORTAL roles or any ADMINISTER_ role) must have one; ' +
      '`everyone`. A user who must and has none gets a session for the set-up only at the next sign-in. ' +
      '`phishingResistantOnly`: only a passkey meets a required policy. Single sign-on users are exempt: ' +
      'their provider decides. Recorded in the licence’s History.',
    grants: [],
    answers: {
      400: 'policy is not one of off, optional, administrators, everyone',
      404: 'no such licence, or another licence than a licence administrator’s own',
    },
  }),
};
