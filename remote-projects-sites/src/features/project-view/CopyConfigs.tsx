import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { projectsSitesEndpoints, ProjectMessages, type Project } from 'contracts/projects-sites';
import type { Config, ConfigOwner } from 'contracts/licensing';
import { Alert, Badge, Button, Checkbox, Dialog, Spinner } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { ownerConfigsQuery, textsOf, useCopyConfigs, type ConfigCopy, type ConfigCopyResult } from '../configs/configs.api';

const ownerOf = (project: Project): ConfigOwner => ({ kind: 'project', projectId: project.projectId, licenseId: project.licenseId ?? null });

/**
 * The Copy tab's configs (spec 1 §2): the source project's configs, all chosen at first, with
 * the spec's warning that a copy overwrites a config of the same name. Names this project has
 * already are asked about once ('This configuration already exists. Would you like to
 * overwrite?'), listing them; then the new ones are added and the others overwritten. One that
 * fails fails alone and is listed as a warning.
 */
export function CopyConfigs({ source, target }: { source: Project; target: Project }) {
  const mayAdd = useMayCall(projectsSitesEndpoints.addProjectConfig);
  const mayUpdate = useMayCall(projectsSitesEndpoints.updateProjectConfig);
  const mayCopy = mayAdd && mayUpdate;
  const sourceConfigs = useQuery(ownerConfigsQuery(ownerOf(source)));
  const targetConfigs = useQuery(ownerConfigsQuery(ownerOf(target)));
  if (!mayCopy) return <p className="text-slate-600">Copying configs needs a role that edits this project’s configs.</p>;
  if (sourceConfigs.isPending || targetConfigs.isPending) return <Spinner label="Loading configs" />;
  if (sourceConfigs.isError || targetConfigs.isError)
    return <Alert variant="danger">{errorMessage(sourceConfigs.error ?? targetConfigs.error, textsOf(ownerOf(target)).fetchFailed)}</Alert>;
  if (sourceConfigs.data.length === 0) return <p className="text-slate-600">{`${source.name} has no configs.`}</p>;
  return (
    <CopyConfigsForm key={`${source.projectId}:${sourceConfigs.dataUpdatedAt}`} configs={sourceConfigs.data} existing={targetConfigs.data} target={target} />
  );
}

function CopyConfigsForm({ configs, existing, target }: { configs: Config[]; existing: Config[]; target: Project }) {
  const copy = useCopyConfigs(target.projectId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(configs.map((config) => config.name)));
  const [asking, setAsking] = useState(false);
  const [results, setResults] = useState<ConfigCopyResult[]>([]);

  const picked = configs.filter((config) => chosen.has(config.name));
  const held = new Map(existing.map((config) => [config.name, config]));
  const clashes = picked.filter((config) => held.has(config.name));

  const toggle = (name: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const run = async (items: ConfigCopy[]) => {
    setAsking(false);
    if (items.length === 0) return;
    const done = await copy.mutateAsync(items).catch(() => null);
    if (done) setResults(done);
  };
  const start = () => {
    if (picked.length === 0 || copy.isPending) return;
    if (clashes.length > 0) setAsking(true);
    else void run(picked.map((source) => ({ source })));
  };

  const failures = results.filter((result): result is ConfigCopyResult & { ok: false } => !result.ok);
  const copied = new Set(results.filter((result) => result.ok).map((result) => result.name));
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {configs.map((config) => (
          <li key={config.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
            <Checkbox label={`Copy ${config.name}`} checked={chosen.has(config.name)} onChange={(event) => toggle(config.name, event.target.checked)} />
            {held.has(config.name) ? <Badge variant="neutral">This project has it</Badge> : null}
            {copied.has(config.name) ? <Badge variant="success">Copied</Badge> : null}
          </li>
        ))}
      </ul>
      {failures.length > 0 ? (
        <Alert variant="warning" title="Not copied">
          <ul className="list-disc pl-4">
            {failures.map((failure) => (
              <li key={failure.name}>{`${failure.name}: ${failure.message}`}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Button loading={copy.isPending} disabled={picked.length === 0} onClick={start}>
        Copy configs
      </Button>
      <Dialog
        open={asking}
        onOpenChange={(open) => !open && setAsking(false)}
        title={ProjectMessages.copyConfigOverwrite}
        description={`${target.name} already has ${clashes.length === 1 ? 'this configuration' : 'these configurations'}:`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            {clashes.length < picked.length ? (
              <Button variant="secondary" onClick={() => void run(picked.filter((config) => !held.has(config.name)).map((source) => ({ source })))}>
                Copy only the new ones
              </Button>
            ) : null}
            <Button onClick={() => void run(picked.map((source) => ({ source, existing: held.get(source.name) })))}>Overwrite</Button>
          </>
        }
      >
        <ul className="list-disc pl-5">
          {clashes.map((config) => (
            <li key={config.name}>{config.name}</li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
