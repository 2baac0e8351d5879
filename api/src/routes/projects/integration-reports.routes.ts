/**
 * Integration reports (contract area projects-sites; issue 25): the reports of import runs, the
 * routes of their endpoints (contracts/projects-sites/projects-sites.endpoints.ts). What each call
 * does is in integration-reports.handlers.ts; which projects' reports a caller reaches is
 * imports.service.ts.
 */
import * as v from 'valibot';
import {
  IntegrationReportReplySchema,
  IntegrationReportRowReplySchema,
  importListEndpoints,
  projectsSitesEndpoints as api,
} from 'contracts/projects-sites/model';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

/** The rows of one page of GET imports/report. */
export const INTEGRATION_REPORT_PAGE_SIZE = 30;

const reach =
  'A caller reaches the reports of every project of their licence (every licence’s with ' +
  'ACCESS_ALL_CUSTOMER_LICENCES; an API key only its own projects’); anything else answers 404, exactly ' +
  'like a missing one.';

// Registered before `imports/{configId}`, which would otherwise take 'report' for an id.
export const integrationReportSpecs = {
  getIntegrationReports: route(api.getIntegrationReports, {
    scope: byHandler('the query’s project, else every project the caller sees'),
    description:
      `The reports of one project (\`projectId\` is required: the screen runs its query for the project ` +
      `chosen), newest first, ${INTEGRATION_REPORT_PAGE_SIZE} a page; \`page\` is zero-based (default 0), ` +
      `and a page past the last is empty. The console offers Next once a page holds 29 rows or more (spec 2 ` +
      `§9). \`filter\` matches the import name, the import file (\`requestS3Key\`) or the user, ignoring ` +
      `case. The rows leave out \`reportJson\`; \`createTime\` is ISO 8601 in UTC. ${reach}`,
    response: v.array(IntegrationReportRowReplySchema),
    answers: { 400: 'No `projectId`, or a bad `page` or `filter`.', 404: 'No such project within the caller’s reach.' },
  }),

  getIntegrationReport: route(api.getIntegrationReport, {
    scope: byHandler('the report’s project: one the caller sees (404)'),
    description:
      `One report with its \`reportJson\`, \`hasFile\`: whether the file it imported is kept (GET ` +
      `imports/report/{integrationRef}/file), and \`dataViewUrl\` (ours): where the data view opens — ` +
      `\`dataLink\` when it is an http(s) address; a path (\`/data/imports/1001\`, as the platform writes ` +
      `it) on the server of the project’s environment, the platform; null when there is no such server (no ` +
      `environment, or one this console stands in for, where the path would open Home) or the link is ` +
      `neither. A reference that is not a GUID answers 404 like a missing report. ${reach}`,
    response: IntegrationReportReplySchema,
    answers: { 404: 'No such report within the caller’s reach.' },
  }),

  getIntegrationReportFile: route(importListEndpoints.getIntegrationReportFile, {
    scope: byHandler('the report’s project: one the caller sees (404)'),
    description: `The file the report imported, as it was received, named after the last part of \`requestS3Key\`. ${reach}`,
    answers: { 404: 'No such report within the caller’s reach, or its file is not kept.' },
  }),
};
