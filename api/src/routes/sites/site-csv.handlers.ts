/**
 * A project's site hierarchy as CSV (site-csv.routes.ts has the definitions): the export writes
 * the hierarchy as the sites tab shows it; the import plans the file (site-csv.plan.ts) against
 * the sites as they stand under the project's lock, checks its trees with the hierarchy save's
 * own plan (sites.plan.ts) and, unless a dry run, writes them in the same transaction.
 */
import { SITE_CSV_COLUMNS, SiteMessages, type SiteImportIssue } from 'contracts/projects-sites/model';
import { csvResponse, CsvSyntaxError, parseCsv, type CsvRecord } from '../../http/csv';
import { badRequest, HttpError } from '../../http/errors';
import { implement } from '../../http/route';
import { planSiteImport } from './site-csv.plan';
import { siteCsvSpecs } from './site-csv.routes';
import { planSites, type SitePlan } from './sites.plan';
import { canSeeArchived, hierarchyRows, nest, withProjectSites, writePlan, type HierarchySite } from './sites.service';
import { projectInSight } from '../../domain/project-visibility';

type Exported = { site: HierarchySite; children: Exported[] };

function readRecords(text: string): CsvRecord[] {
  try {
    return parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(SiteMessages.csvUnclosedQuote(error.line));
    throw error;
  }
}

/** A problem the hierarchy save's plan finds, on the line of the row it names (`0.children.1.site.name` → that tree's row). */
function problemOf(error: HttpError, lineOf: ReadonlyMap<string, number>): SiteImportIssue {
  const errors = error.extra.errors;
  const at = errors && typeof errors === 'object' ? Object.keys(errors)[0] : undefined;
  const line = at === undefined ? undefined : lineOf.get(at.replace(/\.site(\..*)?$/, ''));
  return { line: line ?? 0, message: error.message };
}

export const siteCsvRoutes = implement(siteCsvSpecs, {
  async exportSites({ c, db, caller, scope, params, query }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const rows = await hierarchyRows(db, project.projectId, query.includeArchived && canSeeArchived(caller));
    const lines: unknown[][] = [];
    const walk = (nodes: Exported[], above: string) => {
      for (const { site, children } of nodes) {
        const path = above === '' ? site.name : `${above} > ${site.name}`;
        lines.push([site.siteId, site.parentId ?? '', path, site.name, site.active, site.siteClass]);
        walk(children, path);
      }
    };
    walk(
      nest(rows, (site, children: Exported[]): Exported => ({ site, children })),
      '',
    );
    return csvResponse(
      c,
      `project-${project.projectId}-sites.csv`,
      SITE_CSV_COLUMNS,
      (async function* () {
        yield lines;
      })(),
    );
  },

  async importSites({ db, caller, scope, params, query, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const records = readRecords(body);
    const seeArchived = canSeeArchived(caller);
    const reply = await withProjectSites(db, project.projectId, async (tx, existing) => {
      const plan = planSiteImport(existing, records, seeArchived);
      let sitePlan: SitePlan | null = null;
      if (plan.problems.length === 0 && plan.trees.length > 0) {
        try {
          sitePlan = planSites(existing, plan.trees, { mode: 'save', projectId: project.projectId, seeArchived });
        } catch (error) {
          if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) throw error;
          plan.problems.push(problemOf(error, plan.lineOf));
        }
      }
      const { counts, notInFile, problems, notes, tree } = plan;
      const answer = { applied: false, tree, counts, notInFile, problems, notes };
      if (problems.length > 0 && !query.dryRun) throw badRequest(SiteMessages.csvHasProblems, answer);
      if (query.dryRun || !sitePlan) return { ...answer, applied: !query.dryRun, ...(query.dryRun ? {} : { Message: SiteMessages.csvNothingToChange }) };
      await writePlan(tx, project, sitePlan, audit);
      return { ...answer, applied: true, Message: SiteMessages.csvImported(counts.created, counts.renamed, counts.moved) };
    });
    return json(reply);
  },
});
