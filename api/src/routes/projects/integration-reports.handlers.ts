/** What the integration report calls do (integration-reports.routes.ts has their definitions). */
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { ImportMessages } from 'contracts/projects-sites/model';
import { environments, integrationReportFiles, integrationReports, projects } from '../../db/schema';
import { containing } from '../../db/text-search';
import { badRequest, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import { INTEGRATION_REPORT_PAGE_SIZE, integrationReportSpecs } from './integration-reports.routes';
import { projectInSight, licenseProjectsWhere } from '../../domain/project-visibility';

/** A report's columns as a list shows them: everything but the report JSON. */
const rowColumns = {
  integrationReference: integrationReports.integrationReference,
  createTime: integrationReports.createTime,
  displayName: integrationReports.displayName,
  requestS3Key: integrationReports.requestS3Key,
  userName: integrationReports.userName,
  requestProjectId: integrationReports.requestProjectId,
  requestImportId: integrationReports.requestImportId,
  dataLink: integrationReports.dataLink,
  apiKeyName: integrationReports.apiKeyName,
};

const withIsoTime = <R extends { createTime: Date }>(row: R) => ({ ...row, createTime: row.createTime.toISOString() });

/**
 * Where a report's data view opens (ours, beside the spec's `dataLink`): the platform's address
 * of the imported data. An http(s) address is its own; a path (`/data/imports/1001`, as the
 * platform writes it) is on the platform of the report's project, its environment's server —
 * unless that server is this console (the demo's environments stand in here), where the path is
 * no screen and would open Home. Anything else (no environment, `javascript:`, `//host`) is null:
 * the console shows the path as text, never a link that leads nowhere.
 */
export function dataViewUrl(dataLink: string | null, serverUrl: string | null, consoleUrl: string): string | null {
  if (!dataLink) return null;
  if (/^https?:\/\//i.test(dataLink)) return dataLink;
  if (!/^\/(?!\/)/.test(dataLink) || !serverUrl || !/^https?:\/\//i.test(serverUrl)) return null;
  const server = serverUrl.replace(/\/+$/, '');
  const here = consoleUrl.replace(/\/+$/, '');
  if (server === here || server.startsWith(`${here}/`)) return null;
  return `${server}${dataLink}`;
}

export const integrationReportRoutes = implement(integrationReportSpecs, {
  async getIntegrationReports({ db, caller, scope, query, json }) {
    if (query.projectId === undefined) throw badRequest(ImportMessages.reportProjectRequired, { errors: { projectId: ImportMessages.reportProjectRequired } });
    const project = await projectInSight(db, caller, scope, query.projectId, 'license');
    const pattern = containing(query.filter);
    const rows = await db
      .select(rowColumns)
      .from(integrationReports)
      .where(
        and(
          eq(integrationReports.requestProjectId, project.projectId),
          query.filter
            ? or(ilike(integrationReports.displayName, pattern), ilike(integrationReports.requestS3Key, pattern), ilike(integrationReports.userName, pattern))
            : undefined,
        ),
      )
      // Newest first; the reference breaks ties, so pages never overlap.
      .orderBy(desc(integrationReports.createTime), desc(integrationReports.integrationReference))
      .limit(INTEGRATION_REPORT_PAGE_SIZE)
      .offset(query.page * INTEGRATION_REPORT_PAGE_SIZE);
    return json(rows.map(withIsoTime));
  },

  async getIntegrationReport({ db, deps, caller, scope, params, json }) {
    const [row] = await db
      .select({
        ...rowColumns,
        reportJson: integrationReports.reportJson,
        file: integrationReportFiles.integrationReference,
        serverUrl: environments.serverUrl,
      })
      .from(integrationReports)
      .innerJoin(projects, eq(projects.projectId, integrationReports.requestProjectId))
      .leftJoin(environments, eq(environments.environmentId, projects.environmentId))
      .leftJoin(integrationReportFiles, eq(integrationReportFiles.integrationReference, integrationReports.integrationReference))
      .where(and(eq(integrationReports.integrationReference, params.integrationRef), licenseProjectsWhere(db, caller, scope)));
    if (!row) throw notFound();
    const { file, serverUrl, ...report } = row;
    return json({ ...withIsoTime(report), hasFile: file !== null, dataViewUrl: dataViewUrl(report.dataLink, serverUrl, deps.config.publicUrl) });
  },

  async getIntegrationReportFile({ c, db, caller, scope, params }) {
    const [file] = await db
      .select({ fileName: integrationReportFiles.fileName, contentType: integrationReportFiles.contentType, content: integrationReportFiles.content })
      .from(integrationReportFiles)
      .innerJoin(integrationReports, eq(integrationReports.integrationReference, integrationReportFiles.integrationReference))
      .innerJoin(projects, eq(projects.projectId, integrationReports.requestProjectId))
      .where(and(eq(integrationReportFiles.integrationReference, params.integrationRef), licenseProjectsWhere(db, caller, scope)));
    if (!file) throw notFound();
    c.header('Content-Type', file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType);
    c.header('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`);
    // A file as received: never read by the browser as a page of this console.
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(file.content);
  },
});
