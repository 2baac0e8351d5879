import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BULK_DELIMITERS,
  MAX_SITES_PER_BODY,
  newSiteTrees,
  parseBulkSites,
  ProjectMessages,
  SiteMessages,
  type BulkDelimiter,
  type BulkResult,
  type Project,
  type SiteTreeNode,
} from 'contracts/projects-sites';
import { Alert, Button, buttonClass, Card, EntityGate, FormField, PageHeader, Select, Spinner, Textarea } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import { projectQuery } from '../project-view/project.api';
import { BulkPreview, BulkProblems } from './BulkPreview';
import { siteHierarchyQuery, useCreateSiteTrees } from './sites.api';
import { routeId, sitesTabOf } from './sites.routes';

/** The ids of the archived sites of a hierarchy. */
function archivedIds(nodes: readonly SiteTreeNode[], into = new Set<number>()): Set<number> {
  for (const node of nodes) {
    if (!node.site.active) into.add(node.site.siteId);
    archivedIds(node.children, into);
  }
  return into;
}

/** The spec's example path, written with the chosen delimiter. */
const example = (delimiter: BulkDelimiter) => ['Site 1', 'Area A', 'Zone F', 'Bin 1'].join(delimiter);

/**
 * Bulk entry (spec 1: /projects/:projectId/site/bulk, NewSiteBulk): a delimiter, one path per
 * line, Validate. Every name is checked by the contract's rules and the lines are merged into the
 * project's tree (parseBulkSites); before anything is created a preview marks each site New or
 * Existing, and 'Create N sites' sends every new one in one call — all created, or none.
 */
export default function SiteBulkPage() {
  const projectId = routeId(useParams().projectId);
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== null });
  return (
    <EntityGate query={project} noun="Project" valid={projectId !== null} failure={ProjectMessages.loadFailed}>
      {(loaded) => <BulkEntry project={loaded} />}
    </EntityGate>
  );
}

function BulkEntry({ project }: { project: Project }) {
  const projectId = project.projectId;
  const navigate = useNavigate();
  const hierarchy = useQuery(siteHierarchyQuery(projectId));
  const create = useCreateSiteTrees(projectId);
  const [delimiter, setDelimiter] = useState<BulkDelimiter>('>');
  const [text, setText] = useState('');
  const [result, setResult] = useState<BulkResult | null>(null);
  useUnsavedChanges(text.trim() !== '' && !create.isPending);

  // A change to the lines or the delimiter makes the last check stale.
  const edit = (change: () => void) => {
    change();
    setResult(null);
  };
  const validate = (event: FormEvent) => {
    event.preventDefault();
    if (!hierarchy.data) return;
    setResult(parseBulkSites(text, delimiter, hierarchy.data));
  };
  // The archived sites among the existing ones (listed to ADMINISTER_SITE only), marked in the preview.
  const archived = useMemo(() => archivedIds(hierarchy.data ?? []), [hierarchy.data]);
  const trees = useMemo(() => (result && result.problems.length === 0 ? newSiteTrees(result.tree, projectId) : []), [result, projectId]);
  // The body's bound (SiteTreesBodySchema: at most 10,000 sites at once), said before sending.
  const tooMany = result !== null && result.newCount > MAX_SITES_PER_BODY;
  const ready = result !== null && result.problems.length === 0 && result.newCount > 0 && !tooMany;

  const createAll = async () => {
    if (!result || !ready || create.isPending) return;
    await create.mutateAsync({ trees, count: result.newCount }).then(
      () => navigate(sitesTabOf(projectId)),
      () => undefined,
    );
  };

  return (
    <div className="space-y-4">
      <PageHeader title="Bulk Add Sites" description={project.name} back={{ to: sitesTabOf(projectId), label: `${project.name} sites` }} />
      <Card>
        <form onSubmit={validate} noValidate className="max-w-3xl space-y-4">
          <FormField label="Delimiter" hint="What separates the levels of each line." className="max-w-xs space-y-1">
            <Select
              value={delimiter}
              onChange={(event) => edit(() => setDelimiter(event.target.value as BulkDelimiter))}
              options={BULK_DELIMITERS.map((choice) => ({ value: choice.value, label: choice.label }))}
            />
          </FormField>
          <FormField
            label="Sites"
            hint={
              `One site per line, from its top-level site down, e.g. ` +
              `${example(delimiter === '\t' ? '>' : delimiter)}${delimiter === '\t' ? ' with tabs between the levels' : ''}.`
            }
          >
            <Textarea
              value={text}
              rows={10}
              placeholder={example(delimiter)}
              spellCheck={false}
              className="font-mono"
              onChange={(event) => edit(() => setText(event.target.value))}
            />
          </FormField>
          {hierarchy.isError ? <Alert variant="danger">{errorMessage(hierarchy.error, SiteMessages.fetchFailed)}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant={ready ? 'secondary' : 'primary'} disabled={!hierarchy.data}>
              Validate
            </Button>
            <Link to={sitesTabOf(projectId)} className={buttonClass({ variant: 'secondary' })}>
              Cancel
            </Link>
            {hierarchy.isPending ? <Spinner label="Loading the project's sites" size="sm" /> : null}
          </div>
        </form>
        <div className="mt-6 space-y-4" aria-live="polite">
          {result && result.problems.length > 0 ? <BulkProblems problems={result.problems} /> : null}
          {result && result.problems.length === 0 && result.newCount === 0 ? <Alert variant="info">{SiteMessages.bulkNothingNew}</Alert> : null}
          {tooMany ? <Alert variant="danger">{SiteMessages.bulkTooMany(MAX_SITES_PER_BODY)}</Alert> : null}
          {result && result.problems.length === 0 && result.newCount > 0 ? (
            <>
              <BulkPreview tree={result.tree} newCount={result.newCount} archived={archived} />
              <Button loading={create.isPending} disabled={!ready} onClick={() => void createAll()}>
                {`Create ${result.newCount} ${result.newCount === 1 ? 'site' : 'sites'}`}
              </Button>
            </>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
