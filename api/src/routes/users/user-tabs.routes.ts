/**
 * A user's import systems and reports (contract area identity): the definitions; user-tabs.handlers.ts does them.
 */
import * as v from 'valibot';
import { userEndpoints as api } from 'contracts/identity/model';
import { UserImportSystemReplySchema } from 'contracts/projects-sites/model';
import { MessageSchema, route } from '../../http/route';
import { entity } from '../../http/licence-scope';

export const userTabSpecs = {
  getUserImports: route(api.getUserImports, {
    scope: entity('userName', 'username'),
    description: 'Callers without ADMINISTER_IMPORT_SYSTEM_USER see only the enabled ones.',
    response: v.array(UserImportSystemReplySchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  setUserImports: route(api.setUserImports, {
    scope: entity('userName', 'username'),
    grants: [],
    response: MessageSchema,
    answers: { 400: 'An import system that is not one of the user’s.', 404: 'No such user in the caller’s scope.' },
  }),

  getUserReports: route(api.getUserReports, {
    scope: entity('userName', 'username'),
    description: 'Users read their own; anyone else’s needs ADMINISTER_ASSIGNED_REPORTS and the user in the caller’s licence.',
    answers: { 403: 'Another user, and the caller does not administer reports.', 404: 'No such user in the caller’s scope.' },
  }),

  assignUserReport: route(api.assignUserReport, {
    scope: entity('userName', 'username'),
    grants: [],
    response: MessageSchema,
    answers: { 404: 'No such user in the caller’s scope, or no such report.' },
  }),

  updateUserReports: route(api.updateUserReports, {
    scope: entity('userName', 'username'),
    description: 'A report given automatically (by a report group) cannot be unassigned here.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'Unassigning an automatic report.', 404: 'No such user in the caller’s scope, or no such report.' },
  }),

  unassignUserReport: route(api.unassignUserReport, {
    scope: entity('userName', 'username'),
    grants: [],
    response: MessageSchema,
    answers: { 400: 'The report is given automatically (by a report group).', 404: 'No such user in the caller’s scope, or no such report.' },
  }),
};
