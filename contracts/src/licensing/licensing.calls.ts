/** Licences, their add-ons, integrations, configs and internal configuration, reports and shortcuts (contract area licensing). */
import * as v from 'valibot';
import { call, MessageReply, seg } from 'shared';
import { EnvironmentSchema } from '../auth/auth.entities';
import { DeleteReplySchema, type IdList } from '../common/replies.entities';
import { type LicenseAddonLimits, LicenseAddonSchema } from '../identity/addons.entities';
import { ProjectSchema } from '../projects-sites/projects.entities';
import { type ConfigInput, ConfigSchema } from './configs.entities';
import { IntegrationSchema, type InternalLicenseConfig, InternalLicenseConfigReplySchema, type LicenseInput, LicenseSchema, type LicenseUpdate, LicenseUsageSchema, MonthlyUsersReportSchema, type UsersReportQuery } from './licenses.entities';
import { type ReportGroupInput, ReportGroupSchema, ReportSchema, ShortcutSchema, type ShortcutsUpdate } from './reports.entities';

// ------------------------------------------------------------------ licences

/** The licences the caller may see. */
export const getLicenses = () => call('get', 'license', v.array(LicenseSchema));

/** One licence (404 when it is not the caller's to see). Our API adds it to the contract. */
export const getLicense = (licenseId: number) => call('get', `license/${seg(licenseId)}`, LicenseSchema);

/** Usage report: projects and users against the maxima, per licence. */
export const getLicensesReport = () => call('get', 'licenses/report', v.array(LicenseUsageSchema));

/** Monthly users report of a licence from a start month (year, month, users per add-on). */
export const getUsersReport = (licenseId: number, query: UsersReportQuery) =>
  call('get', `licenses/${seg(licenseId)}/usersreport`, MonthlyUsersReportSchema, { query });

/** Creates a licence (an error carries ExceptionMessage); answers the new licence. */
export const createLicense = (body: LicenseInput) => call('post', 'license/create', LicenseSchema, { body });

/** Links a licence to an environment; answers the licence's environments. */
export const linkLicenseEnvironment = (licenseId: number, environmentId: number) =>
  call('post', `licenses/${seg(licenseId)}/environments/${seg(environmentId)}`, v.array(EnvironmentSchema));

/** Updates a licence (the fields that changed). */
export const updateLicense = (licenseId: number, body: LicenseUpdate) => call('put', `license/${seg(licenseId)}`, MessageReply, { body });

/** The projects of a licence. */
export const getLicenseProjects = (licenseId: number) => call('get', `license/${seg(licenseId)}/getProjectsInLicense`, v.array(ProjectSchema));

/** Add-on seat limits and usage of a licence. */
export const getLicenseAddons = (licenseId: number) => call('get', `licenses/${seg(licenseId)}/addons`, v.array(LicenseAddonSchema));

/** Sets a licence's add-on seat limits (-1 unlimited, 0 not offered). */
export const setLicenseAddons = (licenseId: number, body: LicenseAddonLimits) => call('put', `licenses/${seg(licenseId)}/addons`, MessageReply, { body });

// ------------------------------------------------------------------ integrations

/** The integration catalogue (name, image). */
export const getIntegrations = () => call('get', 'integrations', v.array(IntegrationSchema));

/** The integrations linked to a licence. */
export const getLicenseIntegrations = (licenseId: number) => call('get', `licenses/${seg(licenseId)}/integrations`, v.array(IntegrationSchema));

/** Sets the integrations of a licence (integration ids). */
export const setLicenseIntegrations = (licenseId: number, integrationIds: IdList) =>
  call('put', `licenses/${seg(licenseId)}/integrations`, MessageReply, { body: integrationIds });

// ------------------------------------------------------------------ licence configs

/** The default licence configs a licence may add. */
export const getDefaultLicenseConfigs = () => call('get', 'license/default/configs', v.array(ConfigSchema));

/** A licence's configs. */
export const getLicenseConfigs = (licenseId: number) => call('get', `license/${seg(licenseId)}/configs`, v.array(ConfigSchema));

/** Adds a config to a licence; answers the new config. */
export const addLicenseConfig = (licenseId: number, body: ConfigInput) => call('post', `license/${seg(licenseId)}/configs`, ConfigSchema, { body });

/** Updates a licence config. */
export const updateLicenseConfig = (licenseId: number, body: ConfigInput) => call('put', `license/${seg(licenseId)}/configs`, MessageReply, { body });

/** Removes a licence config. */
export const deleteLicenseConfig = (licenseId: number, systemConfigId: number) =>
  call('delete', `license/${seg(licenseId)}/configs/${seg(systemConfigId)}`, DeleteReplySchema);

/** The internal configuration: customer code, opportunity id, per-project overrides, and the licence's projects. */
export const getInternalLicenseConfig = (licenseId: number) => call('get', `license/${seg(licenseId)}/intelliwave-config`, InternalLicenseConfigReplySchema);

/** Saves the internal configuration. */
export const saveInternalLicenseConfig = (licenseId: number, body: InternalLicenseConfig) =>
  call('post', `license/${seg(licenseId)}/intelliwave-config`, MessageReply, { body });

// ------------------------------------------------------------------ reports, report groups, shortcuts

/** The report catalogue. */
export const getReports = () => call('get', 'reports', v.array(ReportSchema));

/** The report groups. */
export const getReportGroups = () => call('get', 'reports/groups', v.array(ReportGroupSchema));

/** Creates a report group (report, role, optional licence and project); answers the new group. */
export const createReportGroup = (body: ReportGroupInput) => call('post', 'reports/groups', ReportGroupSchema, { body });

/** Deletes a report group. */
export const deleteReportGroup = (reportGroupId: number) => call('delete', `reports/groups/${seg(reportGroupId)}`, DeleteReplySchema);

/** A licence's report shortcuts (id, type, order). */
export const getReportShortcuts = (licenseId: number) => call('get', `reports/${seg(licenseId)}/shortcuts`, v.array(ShortcutSchema));

/** Sets a licence's report shortcuts. */
export const setReportShortcuts = (licenseId: number, body: ShortcutsUpdate) => call('put', `reports/${seg(licenseId)}/shortcuts`, MessageReply, { body });

/** Removes a report shortcut from a licence. */
export const deleteReportShortcut = (licenseId: number, reportId: number) =>
  call('delete', `reports/${seg(licenseId)}/shortcuts/${seg(reportId)}`, DeleteReplySchema);
