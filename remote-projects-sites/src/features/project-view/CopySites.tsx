import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { projectsSitesEndpoints, SiteMessages, type Project, type Site } from 'contracts/projects-sites';
import { Alert, Badge, Button, Checkbox, Dialog, Spinner } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { checkSiteCopies, projectSitesQuery, useCopySites, type SiteCopyCheck, type SiteCopyResult } from '../sites/sites.api';

/**
 * The Copy tab's active sites (spec 1 §2, §4): the source project's active top-level sites, each
 * copied with its children. Before copying, each chosen site is checked (canCopySites): one that
 * cannot be copied is listed with why; when the target holds an archived counterpart the user is
 * asked first ('Some of the sites you are copying are archived. Continuing will unarchive the
 * site.'). One that fails fails alone and is listed as a warning; the target's sites are read again.
 */
export function CopySites({ source, target }: { source: Project; target: Project }) {
  const mayCheck = useMayCall(projectsSitesEndpoints.canCopySites);
  const mayCopy = useMayCall(projectsSitesEndpoints.copySite);
  const sites = useQuery({ ...projectSitesQuery(source.projectId), enabled: mayCheck && mayCopy });
  if (!mayCheck || !mayCopy) return <p className="text-slate-600">Copying sites needs a role that adds sites to this project.</p>;
  if (sites.isPending) return <Spinner label="Loading sites" />;
  if (sites.isError) return <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert>;
  const active = sites.data.filter((site) => site.active);
  if (active.length === 0) return <p className="text-slate-600">{`${source.name} has no active sites.`}</p>;
  return <CopySitesForm key={`${source.projectId}:${sites.dataUpdatedAt}`} sites={active} target={target} />;
}

/** What the user is asked before copying: the sites whose archived counterparts would be unarchived, and the rest. */
type Question = { asked: SiteCopyCheck[]; others: SiteCopyCheck[] };

function CopySitesForm({ sites, target }: { sites: Site[]; target: Project }) {
  const copy = useCopySites(target.projectId);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [checking, setChecking] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const [refused, setRefused] = useState<SiteCopyCheck[]>([]);
  const [results, setResults] = useState<SiteCopyResult[]>([]);
  const picked = sites.filter((site) => chosen.has(site.siteId));

  const toggle = (siteId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(siteId);
      else next.delete(siteId);
      return next;
    });

  const run = async (items: { site: Site; unarchiveExisting: boolean }[]) => {
    setQuestion(null);
    if (items.length === 0) return;
    const done = await copy.mutateAsync(items).catch(() => null);
    if (!done) return;
    setResults(done);
    // What was copied is done; what failed stays chosen, to try again.
    setChosen(new Set(done.filter((result) => !result.ok).map((result) => result.site.siteId)));
  };

  const start = async () => {
    if (picked.length === 0 || checking || copy.isPending) return;
    setResults([]);
    setChecking(true);
    const checks = await checkSiteCopies(target.projectId, picked);
    setChecking(false);
    setRefused(checks.filter((check) => !check.canCopy));
    const copyable = checks.filter((check) => check.canCopy);
    const asked = copyable.filter((check) => check.askUnarchivePermission);
    const others = copyable.filter((check) => !check.askUnarchivePermission);
    if (asked.length > 0) setQuestion({ asked, others });
    else void run(others.map((check) => ({ site: check.site, unarchiveExisting: false })));
  };

  const failures = results.filter((result): result is SiteCopyResult & { ok: false } => !result.ok);
  const copied = new Set(results.filter((result) => result.ok).map((result) => result.site.siteId));
  const notCopied = [
    ...refused.map((check) => ({ name: check.site.name, message: check.problem ?? SiteMessages.cannotCopy })),
    ...failures.map((failure) => ({ name: failure.site.name, message: failure.message })),
  ];
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {sites.map((site) => (
          <li key={site.siteId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
            <Checkbox label={`Copy ${site.name}`} checked={chosen.has(site.siteId)} onChange={(event) => toggle(site.siteId, event.target.checked)} />
            {site.children.length > 0 ? (
              <span className="text-xs text-slate-500">{`with its ${site.children.length === 1 ? 'child site' : `${site.children.length} child sites`} and theirs`}</span>
            ) : null}
            {copied.has(site.siteId) ? <Badge variant="success">Copied</Badge> : null}
          </li>
        ))}
      </ul>
      {notCopied.length > 0 ? (
        <Alert variant="warning" title="Not copied">
          <ul className="list-disc pl-4">
            {notCopied.map((item) => (
              <li key={`${item.name}-${item.message}`}>{`${item.name}: ${item.message}`}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Button loading={checking || copy.isPending} disabled={picked.length === 0} onClick={() => void start()}>
        Copy sites
      </Button>
      <Dialog
        open={question !== null}
        onOpenChange={(open) => !open && setQuestion(null)}
        title="Unarchive sites?"
        description={SiteMessages.unarchivePermission}
        footer={
          <>
            <Button variant="secondary" onClick={() => setQuestion(null)}>
              Cancel
            </Button>
            {question && question.others.length > 0 ? (
              <Button variant="secondary" onClick={() => void run(question.others.map((check) => ({ site: check.site, unarchiveExisting: false })))}>
                Copy only the others
              </Button>
            ) : null}
            <Button
              onClick={() =>
                question &&
                void run([
                  ...question.asked.map((check) => ({ site: check.site, unarchiveExisting: true })),
                  ...question.others.map((check) => ({ site: check.site, unarchiveExisting: false })),
                ])
              }
            >
              Continue
            </Button>
          </>
        }
      >
        <ul className="list-disc pl-5">
          {question?.asked.map((check) => (
            <li key={check.site.siteId}>{check.site.name}</li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
