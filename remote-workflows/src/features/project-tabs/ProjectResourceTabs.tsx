import type { PartProps } from 'contracts/parts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PreservationMessages, WorkflowMessages } from 'contracts/workflows';
import { Alert, Badge, Button, ScrollBox, Spinner } from 'kit';
import { errorMessage } from 'shared';
import '../../styles.css';
import { resourceTypesQuery } from '../resource-configs/resourceConfigs.api';
import { AddResourceLinkDialog } from './AddResourceLinkDialog';
import { CopyResourceLinksDialog } from './CopyResourceLinksDialog';
import { ownerRowsQuery, useRemoveLink } from './projectResources.api';

/** Props the project view passes (remote-projects-sites mounts this part on two of its tabs), as contracts/parts.ts declares them. */
export type ProjectResourceTabsProps = PartProps<'workflows', './ProjectResourceTabs'>;

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';

/**
 * The project view's Resource Workflows Config and Resource Preservation Config (spec 2 §2): which
 * workflow, and which preservation, each resource type of the project follows — one per type and
 * project. ADD NEW links types to an owner; each type can be removed; Copy to another project
 * copies the links to the owners' copies there. Exposed to remote-projects-sites as
 * './ProjectResourceTabs'; it draws inside its own area ([data-remote="workflows"]).
 */
export default function ProjectResourceTabs({ projectId, kind }: ProjectResourceTabsProps) {
  const noun = kind === 'workflows' ? 'Workflow' : 'Preservation';
  const rows = useQuery(ownerRowsQuery(kind, projectId));
  const types = useQuery(resourceTypesQuery());
  const remove = useRemoveLink(kind, projectId);
  const [dialog, setDialog] = useState<'add' | 'copy' | null>(null);

  const failed = rows.error ?? types.error;
  if (failed) {
    const fixed = kind === 'workflows' ? WorkflowMessages.fetchFailed : PreservationMessages.fetchFailed;
    return (
      <div data-remote="workflows">
        <Alert
          variant="danger"
          action={
            <Button size="sm" onClick={() => void Promise.all([rows.refetch(), types.refetch()])}>
              Retry
            </Button>
          }
        >
          {errorMessage(failed, fixed)}
        </Alert>
      </div>
    );
  }
  if (!rows.data || !types.data) {
    return (
      <div data-remote="workflows" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {`Reading the resource ${noun.toLowerCase()} configuration…`}
      </div>
    );
  }
  const configured = rows.data.filter((row) => row.resourceTypes.length > 0);
  // Spec 2 §2: without a preservation in the project, ADD NEW is disabled with this reason.
  const addBlocked =
    rows.data.length === 0 ? (kind === 'preservations' ? PreservationMessages.addPreservationsFirst : 'Add workflows to this project to continue') : null;

  return (
    <div data-remote="workflows" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">{`Each resource type of this project follows at most one ${noun.toLowerCase()}.`}</p>
        <div className="flex flex-wrap items-center gap-2">
          {addBlocked && (
            <span id={`${kind}-add-blocked`} className="text-sm text-slate-600">
              {addBlocked}
            </span>
          )}
          <Button onClick={() => setDialog('add')} disabled={addBlocked !== null} aria-describedby={addBlocked ? `${kind}-add-blocked` : undefined}>
            ADD NEW
          </Button>
          <Button variant="secondary" onClick={() => setDialog('copy')} disabled={configured.length === 0}>
            Copy to another project
          </Button>
        </div>
      </div>
      {configured.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600">{`No resource type follows a ${noun.toLowerCase()} in this project yet.`}</p>
      ) : (
        <ScrollBox label={`Resource ${noun.toLowerCase()} configuration`}>
          <table className="min-w-full divide-y divide-slate-200 rounded border border-slate-200">
            <caption className="sr-only">{`Resource ${noun.toLowerCase()} configuration`}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  {noun}
                </th>
                <th scope="col" className={th}>
                  Resource types
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {configured.map((row) => (
                <tr key={row.ownerId}>
                  <th scope="row" className="px-3 py-2 text-left align-top text-sm font-medium text-slate-900">
                    {row.name}
                  </th>
                  <td className="px-3 py-2">
                    <ul className="flex flex-wrap gap-1.5">
                      {row.resourceTypes.map((type) => (
                        <li key={type.typeNumber} className="inline-flex items-center gap-1">
                          <Badge variant="neutral">{type.typeName}</Badge>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${type.typeName} from ${row.name}`}
                            disabled={remove.isPending}
                            onClick={() => remove.mutate({ ownerId: row.ownerId, typeNumber: type.typeNumber })}
                          >
                            ×
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {dialog === 'add' && <AddResourceLinkDialog kind={kind} projectId={projectId} rows={rows.data} types={types.data} onClose={() => setDialog(null)} />}
      {dialog === 'copy' && <CopyResourceLinksDialog kind={kind} projectId={projectId} rows={configured} onClose={() => setDialog(null)} />}
    </div>
  );
}
