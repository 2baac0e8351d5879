/**
 * A user's import systems and reports (contract area identity): the definitions; user-tabs.handlers.ts does them.
 */
import * as v from 'valibot';
import { UserReportSchema } from 'contracts/licensing/model';
import { ImportSystemSchema } from 'contracts/projects-sites/model';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { idParam, userNameParam } from '../../http/params';
import { anyRole, MessageSchema, route, signedIn } from '../../http/route';

const int = v.pipe(v.number(), v.integer());

export const UserImportsBodySchema = v.pipe(v.array(v.object({ configId: int, enabled: v.boolean() }), 'Send a list of { configId, enabled }.'), v.maxLength(1000));
export const UserReportsBodySchema = v.pipe(v.array(v.object({ reportId: int, assigned: v.boolean() }), 'Send a list of { reportId, assigned }.'), v.maxLength(1000));
const ReportParams = v.object({ ...userNameParam.entries, ...idParam('reportId').entries });

export const userTabSpecs = {
  getUserImports: route({
    method: 'GET',
    path: 'users/{username}/imports',
    area: 'identity',
    summary: 'The active import systems of the user’s projects (assigned directly or through a group), each with `enabled` for this user.',
    description: 'Callers without ADMINISTER_IMPORT_SYSTEM_USER see only the enabled ones.',
    access: anyRole(...PORTAL_ROLES),
    params: userNameParam,
    response: v.array(v.object({ ...ImportSystemSchema.entries, enabled: v.boolean(), projectName: v.string() })),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  setUserImports: route({
    method: 'POST',
    path: 'users/{username}/imports',
    area: 'identity',
    summary: 'Enables or disables import systems for a user (only those `GET users/{username}/imports` lists).',
    access: anyRole(Role.ADMINISTER_IMPORT_SYSTEM_USER),
    grants: [],
    params: userNameParam,
    body: UserImportsBodySchema,
    response: MessageSchema,
    answers: { 400: 'An import system that is not one of the user’s.', 404: 'No such user in the caller’s scope.' },
  }),

  getUserReports: route({
    method: 'GET',
    path: 'user/{username}/reports',
    area: 'identity',
    summary: 'Every active report as it stands for a user: `assigned` (by hand or automatically), `autoAssigned` (a report group gives it through a role the user holds), `reason` (which).',
    description: 'Users read their own; anyone else’s needs ADMINISTER_ASSIGNED_REPORTS and the user in the caller’s licence.',
    access: signedIn,
    params: userNameParam,
    response: v.array(UserReportSchema),
    answers: { 403: 'Another user, and the caller does not administer reports.', 404: 'No such user in the caller’s scope.' },
  }),

  assignUserReport: route({
    method: 'POST',
    path: 'users/{username}/reports/{reportId}',
    area: 'identity',
    summary: 'Assigns a report to a user by hand.',
    access: anyRole(Role.ADMINISTER_ASSIGNED_REPORTS),
    grants: [],
    params: ReportParams,
    response: MessageSchema,
    answers: { 404: 'No such user in the caller’s scope, or no such report.' },
  }),

  updateUserReports: route({
    method: 'PATCH',
    path: 'users/{username}/reports',
    area: 'identity',
    summary: 'Assigns and unassigns reports by hand, several at once.',
    description: 'A report given automatically (by a report group) cannot be unassigned here.',
    access: anyRole(Role.ADMINISTER_ASSIGNED_REPORTS),
    grants: [],
    params: userNameParam,
    body: UserReportsBodySchema,
    response: MessageSchema,
    answers: { 400: 'Unassigning an automatic report.', 404: 'No such user in the caller’s scope, or no such report.' },
  }),

  unassignUserReport: route({
    method: 'DELETE',
    path: 'users/{username}/reports/{reportId}',
    area: 'identity',
    summary: 'Unassigns a report assigned by hand.',
    access: anyRole(Role.ADMINISTER_ASSIGNED_REPORTS),
    grants: [],
    params: ReportParams,
    response: MessageSchema,
    answers: { 400: 'The report is given automatically (by a report group).', 404: 'No such user in the caller’s scope, or no such report.' },
  }),
};
