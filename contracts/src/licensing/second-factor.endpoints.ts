/**
 * A licence's second-factor policy (ours, issue 40), one endpoint object each: read and set
 * by licence administrators (their own licence; any other answers 404) and super administrators.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { SECOND_FACTOR_POLICIES } from '../auth/factors.entities';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { idParam } from '../common/params';

/** The licence's policy: who must have a second factor, and whether only a phishing-resistant one (a passkey) counts. */
export const SecondFactorPolicySchema = v.object({
  policy: v.picklist(SECOND_FACTOR_POLICIES, 'Choose off, optional, administrators or everyone.'),
  phishingResistantOnly: v.boolean('Phishing-resistant only is true or false.'),
});
export type SecondFactorPolicySettings = v.InferOutput<typeof SecondFactorPolicySchema>;

const licenseRoles = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE);
const licenseIdParam = idParam('licenseId');

export const secondFactorEndpoints = endpointGroup('licensing', {
  getSecondFactorPolicy: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/second-factor',
    summary: 'The licence’s second-factor policy: off, optional, required for administrators or for everyone, and phishing-resistant only.',
    access: licenseRoles,
    params: licenseIdParam,
    reply: SecondFactorPolicySchema,
  }),

  setSecondFactorPolicy: endpoint({
    method: 'PUT',
    path: 'licenses/{licenseId}/second-factor',
    summary:
      'Sets the licence’s second-factor policy; users who must have a factor and have none set one up at their next sign-in (single sign-on users are exempt).',
    access: licenseRoles,
    params: licenseIdParam,
    body: SecondFactorPolicySchema,
    reply: SecondFactorPolicySchema,
  }),
});
