/**
 * The licensing calls (contract area licensing), one endpoint object each: licences, their
 * product licences, integrations, configs and internal configuration, reports, report groups
 * and shortcuts. The console's call functions (licensing.calls.ts) and the API's routes are
 * made from them.
 *
 * Access (spec 1 §6): ACCESS_ALL_CUSTOMER_LICENCES (super administrators) has the licence
 * list, new and edit, the internal configuration, report groups and the monthly users report;
 * ACCESS_MY_CUSTOMER_LICENCE the licence view, shortcuts, configuration and resource properties.
 */
import * as v from 'valibot';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { EnvironmentSchema } from '../auth/host.entities';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { IdsBodySchema, idIn, optionalId, requiredId, wholeIn } from '../common/fields';
import { idParam, WHOLE_NUMBER } from '../common/params';
import { DeleteReplySchema, MessageReplySchema } from '../common/replies.entities';
import { LicenseAddonSchema } from '../identity/addons.entities';
import { ProjectSchema } from '../projects-sites/projects.entities';
import { ConfigBodySchema, ConfigSchema, ConfigUpdateBodySchema } from './configs.entities';
import { IntegrationSchema, InternalLicenseConfigReplySchema, LicenseSchema, LicenseUsageSchema, MonthlyUsersReportSchema } from './licenses.entities';
import { internalConfigEntries, licenseFormEntries, maximumSchema } from './licenses.forms';
import { LicenseMessages, ReportMessages } from './licensing.messages';
import { ReportGroupSchema, ReportSchema, SHORTCUT_TYPES, ShortcutSchema } from './reports.entities';

/** Super administrators only: the licence list, new and edit, internal configuration, report groups, the monthly users report. */
const allLicenses = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
/**
 * Either licence role: the licence view, its shortcuts, configuration and resource properties (the
 * server keeps a licence administrator to their own licence).
 */
const licenseRoles = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE);

const licenseIdParam = idParam('licenseId');

// ------------------------------------------------------------------ queries and bodies

/** A required whole number in a query: a missing one answers `message` too (not valibot's 'Invalid key'). */
const requiredWholeNumber = (message: string) => v.pipe(v.optional(v.string(), ''), v.regex(WHOLE_NUMBER, message), v.transform(Number));

/** The monthly users report's first month, October 2018 at the earliest (spec 1 §9); the API also refuses one after the current month. */
export const UsersReportQuerySchema = v.pipe(
  v.object({
    startMonth: v.pipe(
      requiredWholeNumber(LicenseMessages.reportMonth),
      v.minValue(1, LicenseMessages.reportMonth),
      v.maxValue(12, LicenseMessages.reportMonth),
    ),
    startYear: v.pipe(
      requiredWholeNumber(LicenseMessages.reportYear),
      v.minValue(2018, LicenseMessages.reportYear),
      v.maxValue(9999, LicenseMessages.reportYear),
    ),
  }),
  v.forward(
    v.check(({ startMonth, startYear }) => startYear > 2018 || startMonth >= 10, LicenseMessages.reportStart),
    ['startMonth'],
  ),
);

/** Body of POST license/create: the new licence form (spec 1 §5); the environment is required on create. */
export const LicenseCreateBodySchema = v.object({
  ...licenseFormEntries,
  environmentId: requiredId(LicenseMessages.environmentRequired),
});

/** Body of PUT license/{licenseId}: the fields that changed, each as the form checks it. */
export const LicenseUpdateBodySchema = v.partial(LicenseCreateBodySchema);

/** Body of PUT licenses/{licenseId}/addons: each product licence's seat limit, a whole number from -1 (-1 unlimited, 0 not offered). */
export const LicenseAddonLimitsBodySchema = v.pipe(
  v.array(
    v.object({
      addOnId: idIn('addOnId must be a product license id.'),
      maxUsers: maximumSchema(LicenseMessages.valueRequired, LicenseMessages.valuePositive),
    }),
    'Send a list of { addOnId, maxUsers }.',
  ),
  v.maxLength(500, 'Send a list of { addOnId, maxUsers }.'),
);

/** Body of POST license/{licenseId}/intelliwave-config: customer code, opportunity id and overrides by project id. */
export const InternalLicenseConfigBodySchema = v.object({
  ...internalConfigEntries,
  ProjectOverrides: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.regex(/^\d{1,9}$/, LicenseMessages.projectOverrides)),
        v.pipe(
          v.array(v.object({ type: v.pipe(v.string(), v.maxLength(200)), value: v.pipe(v.string(), v.maxLength(2000)) }), LicenseMessages.projectOverrides),
          v.maxLength(100, LicenseMessages.projectOverrides),
        ),
        LicenseMessages.projectOverrides,
      ),
      v.check((overrides) => Object.keys(overrides).length <= 5000, LicenseMessages.projectOverrides),
    ),
    () => ({}),
  ),
});

/** Body of POST reports/groups: a report given to holders of a role, optionally within a licence and a project. */
export const ReportGroupBodySchema = v.object({
  reportId: requiredId(ReportMessages.reportRequired),
  roleId: requiredId(ReportMessages.roleRequired),
  licenseId: optionalId(ReportMessages.licenseInvalid),
  projectId: optionalId(ReportMessages.projectInvalid),
});

/** Body of PUT reports/{licenseId}/shortcuts: basic shortcuts have an order, dashboard ones a type, unassigned ones neither (spec 1 §3). */
export const ShortcutsBodySchema = v.pipe(
  v.array(
    v.pipe(
      v.object({
        id: idIn('id must be a report id.'),
        type: v.optional(v.nullable(v.picklist(SHORTCUT_TYPES, ReportMessages.shortcutType))),
        order: v.optional(v.nullable(wholeIn(0, 1000, 'order is a whole number from 0 to 1000.'))),
      }),
      v.check((shortcut) => shortcut.type == null || shortcut.order == null, ReportMessages.shortcutTypeOrOrder),
    ),
    'Send a list of { id, type, order }.',
  ),
  v.maxLength(1000, 'Send a list of { id, type, order }.'),
);

// ------------------------------------------------------------------ endpoints

export const licensingEndpoints = endpointGroup('licensing', {
  getLicenses: endpoint({
    method: 'GET',
    path: 'license',
    summary: 'Licences the caller may see: all of them, by name, for a super administrator; their own for anyone else.',
    access: licenseRoles,
    reply: v.array(LicenseSchema),
  }),

  getLicense: endpoint({
    method: 'GET',
    path: 'license/{licenseId}',
    summary: 'One licence, as the list answers it (an addition to the contract: the licence view reads one licence, not the list).',
    access: licenseRoles,
    params: licenseIdParam,
    reply: LicenseSchema,
  }),

  getLicensesReport: endpoint({
    method: 'GET',
    path: 'licenses/report',
    summary: 'Project and user usage of the licences the caller may see, in percent of their maxima.',
    access: licenseRoles,
    reply: v.array(LicenseUsageSchema),
  }),

  getUsersReport: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/usersreport',
    summary: 'The monthly users report of a licence from a start month: users per product licence per month.',
    access: allLicenses,
    params: licenseIdParam,
    query: UsersReportQuerySchema,
    reply: MonthlyUsersReportSchema,
  }),

  createLicense: endpoint({
    method: 'POST',
    path: 'license/create',
    summary: 'Creates a licence, owned by the caller until reassigned; answers the new licence (an error carries ExceptionMessage).',
    access: allLicenses,
    body: LicenseCreateBodySchema,
    reply: LicenseSchema,
  }),

  linkLicenseEnvironment: endpoint({
    method: 'POST',
    path: 'licenses/{licenseId}/environments/{environmentId}',
    summary: 'Link a licence to an environment (done when a licence is created).',
    access: allLicenses,
    params: v.object({ ...licenseIdParam.entries, ...idParam('environmentId').entries }),
    reply: v.array(EnvironmentSchema),
  }),

  updateLicense: endpoint({
    method: 'PUT',
    path: 'license/{licenseId}',
    summary: 'Updates a licence: the fields that changed.',
    access: allLicenses,
    params: licenseIdParam,
    body: LicenseUpdateBodySchema,
    reply: MessageReplySchema,
  }),

  getLicenseProjects: endpoint({
    method: 'GET',
    path: 'license/{licenseId}/getProjectsInLicense',
    summary: 'The projects of a licence.',
    access: licenseRoles,
    params: licenseIdParam,
    reply: v.array(ProjectSchema),
  }),

  getLicenseAddons: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/addons',
    summary:
      'The product licences a licence offers: seat limit (`maxUsers`, negative unlimited) and seats in use ' +
      '(`numUsers`: users holding it directly or through a group).',
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_API_KEYS),
    params: licenseIdParam,
    reply: v.array(LicenseAddonSchema),
  }),

  setLicenseAddons: endpoint({
    method: 'PUT',
    path: 'licenses/{licenseId}/addons',
    summary: 'Sets a licence’s product licence seat limits (-1 unlimited, 0 not offered).',
    access: allLicenses,
    params: licenseIdParam,
    body: LicenseAddonLimitsBodySchema,
    reply: MessageReplySchema,
  }),

  getIntegrations: endpoint({
    method: 'GET',
    path: 'integrations',
    summary: 'The integration catalogue (name, image).',
    access: licenseRoles,
    reply: v.array(IntegrationSchema),
  }),

  getLicenseIntegrations: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/integrations',
    summary: 'The integrations linked to a licence.',
    access: licenseRoles,
    params: licenseIdParam,
    reply: v.array(IntegrationSchema),
  }),

  setLicenseIntegrations: endpoint({
    method: 'PUT',
    path: 'licenses/{licenseId}/integrations',
    summary: 'Sets the integrations of a licence (integration ids).',
    access: allLicenses,
    params: licenseIdParam,
    body: IdsBodySchema,
    reply: MessageReplySchema,
  }),

  getDefaultLicenseConfigs: endpoint({
    method: 'GET',
    path: 'license/default/configs',
    summary: 'The default licence configs a licence may add.',
    access: licenseRoles,
    reply: v.array(ConfigSchema),
  }),

  getLicenseConfigs: endpoint({
    method: 'GET',
    path: 'license/{licenseId}/configs',
    summary: 'A licence’s configs.',
    access: licenseRoles,
    params: licenseIdParam,
    reply: v.array(ConfigSchema),
  }),

  addLicenseConfig: endpoint({
    method: 'POST',
    path: 'license/{licenseId}/configs',
    summary: 'Adds a config to a licence; answers the new config.',
    access: licenseRoles,
    params: licenseIdParam,
    body: ConfigBodySchema,
    reply: ConfigSchema,
  }),

  updateLicenseConfig: endpoint({
    method: 'PUT',
    path: 'license/{licenseId}/configs',
    summary: 'Updates a licence config if it is still at the version sent (else 409); answers the saved config.',
    access: licenseRoles,
    params: licenseIdParam,
    body: ConfigUpdateBodySchema,
    reply: ConfigSchema,
  }),

  deleteLicenseConfig: endpoint({
    method: 'DELETE',
    path: 'license/{licenseId}/configs/{systemConfigId}',
    summary: 'Removes a licence config.',
    access: licenseRoles,
    params: v.object({ ...licenseIdParam.entries, ...idParam('systemConfigId').entries }),
    reply: DeleteReplySchema,
  }),

  getInternalLicenseConfig: endpoint({
    method: 'GET',
    path: 'license/{licenseId}/intelliwave-config',
    summary: 'The internal configuration: customer code, opportunity id, per-project overrides, and the licence’s projects.',
    access: allLicenses,
    params: licenseIdParam,
    reply: InternalLicenseConfigReplySchema,
  }),

  saveInternalLicenseConfig: endpoint({
    method: 'POST',
    path: 'license/{licenseId}/intelliwave-config',
    summary: 'Saves the internal configuration.',
    access: allLicenses,
    params: licenseIdParam,
    body: InternalLicenseConfigBodySchema,
    reply: MessageReplySchema,
  }),

  getReports: endpoint({
    method: 'GET',
    path: 'reports',
    summary: 'The report catalogue.',
    access: allLicenses,
    reply: v.array(ReportSchema),
  }),

  getReportGroups: endpoint({
    method: 'GET',
    path: 'reports/groups',
    summary: 'The report groups.',
    access: allLicenses,
    reply: v.array(ReportGroupSchema),
  }),

  createReportGroup: endpoint({
    method: 'POST',
    path: 'reports/groups',
    summary: 'Creates a report group (report, role, optional licence and project); answers the new group.',
    access: allLicenses,
    body: ReportGroupBodySchema,
    reply: ReportGroupSchema,
  }),

  deleteReportGroup: endpoint({
    method: 'DELETE',
    path: 'reports/groups/{id}',
    summary: 'Deletes a report group.',
    access: allLicenses,
    params: idParam('id'),
    reply: DeleteReplySchema,
  }),

  getReportShortcuts: endpoint({
    method: 'GET',
    path: 'reports/{licenseId}/shortcuts',
    summary: 'A licence’s report shortcuts (id, type, order).',
    access: licenseRoles,
    params: licenseIdParam,
    reply: v.array(ShortcutSchema),
  }),

  setReportShortcuts: endpoint({
    method: 'PUT',
    path: 'reports/{licenseId}/shortcuts',
    summary: 'Sets a licence’s report shortcuts.',
    access: licenseRoles,
    params: licenseIdParam,
    body: ShortcutsBodySchema,
    reply: MessageReplySchema,
  }),

  deleteReportShortcut: endpoint({
    method: 'DELETE',
    path: 'reports/{licenseId}/shortcuts/{reportId}',
    summary: 'Removes a report shortcut from a licence.',
    access: licenseRoles,
    params: v.object({ ...licenseIdParam.entries, ...idParam('reportId').entries }),
    reply: DeleteReplySchema,
  }),
});
