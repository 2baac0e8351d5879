/**
 * The licence list and its usage report (contract area licensing): the routes of their
 * endpoints (contracts/licensing). What each call does is in licenses.handlers.ts.
 */
import { licensingEndpoints as api } from 'contracts/licensing/model';
import { route } from '../../http/route';
import { entity, byHandler } from '../../http/licence-scope';

export const licenseSpecs = {
  getLicenses: route(api.getLicenses, {
    scope: byHandler('every licence for a super administrator, else the caller’s own'),
    description:
      '`numProjects` counts active projects, `numUsers` active (approved) users. `expiryDate` is in milliseconds since the epoch; null never expires.',
  }),

  getLicense: route(api.getLicense, {
    scope: entity('license', 'licenseId'),
    description: "Another licence than the caller's own is a 404 for anyone but a super administrator, like a licence that does not exist.",
  }),

  getLicensesReport: route(api.getLicensesReport, {
    scope: byHandler('every licence for a super administrator, else the caller’s own'),
    description: 'A usage is null when its maximum is unlimited (negative) or not offered (0).',
  }),
};
