/**
 * The licence list and its usage report (contract area licensing): the definitions. What
 * each call does is in licenses.handlers.ts.
 */
import * as v from 'valibot';
import { LicenseSchema, LicenseUsageSchema } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import { idParam } from '../../http/params';
import { anyRole, route } from '../../http/route';

const LICENSE_ROLES = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE];

export const licenseSpecs = {
  getLicenses: route({
    method: 'GET',
    path: 'license',
    area: 'licensing',
    summary: 'Licences the caller may see: all of them, by name, for a super administrator; their own for anyone else.',
    description: '`numProjects` counts active projects, `numUsers` active (approved) users. `expiryDate` is in milliseconds since the epoch; null never expires.',
    access: anyRole(...LICENSE_ROLES),
    response: v.array(LicenseSchema),
  }),

  getLicense: route({
    method: 'GET',
    path: 'license/{licenseId}',
    area: 'licensing',
    summary: 'One licence, as the list answers it (an addition to the contract: the licence view reads one licence, not the list).',
    description: 'Another licence than the caller\'s own is a 404 for anyone but a super administrator, like a licence that does not exist.',
    access: anyRole(...LICENSE_ROLES),
    params: idParam('licenseId'),
    response: LicenseSchema,
  }),

  getLicensesReport: route({
    method: 'GET',
    path: 'licenses/report',
    area: 'licensing',
    summary: 'Project and user usage of the licences the caller may see, in percent of their maxima.',
    description: 'A usage is null when its maximum is unlimited (negative) or not offered (0).',
    access: anyRole(...LICENSE_ROLES),
    response: v.array(LicenseUsageSchema),
  }),
};
