import type { PartProps } from 'contracts/parts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { WorkflowMessages } from 'contracts/workflows';
import { Alert, Button, ScrollBox, Spinner } from 'kit';
import { errorMessage } from 'shared';
import '../../styles.css';
import { licenseWorkflowTypesQuery, resourceTypesQuery } from './resourceConfigs.api';
import { resourceUsage } from './resourceUsage';

/** Props the licence settings pass (remote-licensing mounts this part in #configuration), as contracts/parts.ts declares them. */
export type LicenseResourceWorkflowsProps = PartProps<'workflows', './LicenseResourceWorkflows'>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-3 py-2 align-top text-sm text-slate-800';

/**
 * The licence's resource-type-to-workflow mapping and its usage statistics (spec 1, licence
 * settings): for each resource type, the workflows it follows and in how many of the licence's
 * projects; for each workflow, its projects, those in which resource types follow it and its
 * links. From the projects the user sees. Exposed to remote-licensing as
 * './LicenseResourceWorkflows'; it draws inside its own area ([data-remote="workflows"]).
 */
export default function LicenseResourceWorkflows({ licenseId }: LicenseResourceWorkflowsProps) {
  const types = useQuery(resourceTypesQuery());
  const rows = useQuery(licenseWorkflowTypesQuery(licenseId));
  const usage = useMemo(() => (types.data && rows.data ? resourceUsage(types.data, rows.data) : null), [types.data, rows.data]);

  const failed = types.error ?? rows.error;
  if (failed) {
    return (
      <div data-remote="workflows">
        <Alert
          variant="danger"
          title="The resource type workflows could not be read"
          action={
            <Button size="sm" onClick={() => void Promise.all([types.refetch(), rows.refetch()])}>
              Retry
            </Button>
          }
        >
          {errorMessage(failed, WorkflowMessages.fetchFailed)}
        </Alert>
      </div>
    );
  }
  if (!usage) {
    return (
      <div data-remote="workflows" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Reading the resource type workflows…
      </div>
    );
  }
  return (
    <div data-remote="workflows" className="space-y-6">
      <p className="text-sm text-slate-700">
        {`${usage.typesMapped} of ${plural(usage.types.length, 'resource type')} follow a workflow in at least ` +
          `one project; ${plural(usage.workflows.length, 'workflow')} in ${plural(usage.projects, 'project')}.`}
      </p>
      <ScrollBox label="Resource type mapping">
        <table className="min-w-full divide-y divide-slate-200 rounded border border-slate-200">
          <caption className="px-3 py-2 text-left text-sm font-semibold text-slate-900">Resource type mapping</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                Resource type
              </th>
              <th scope="col" className={th}>
                Number
              </th>
              <th scope="col" className={th}>
                Projects
              </th>
              <th scope="col" className={th}>
                Workflows
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {usage.types.map((type) => (
              <tr key={type.typeNumber}>
                <th scope="row" className={`${td} text-left font-medium`}>
                  {type.typeName}
                </th>
                <td className={td}>{type.typeNumber}</td>
                <td className={td}>{type.projects}</td>
                <td className={td}>
                  {type.workflows.length === 0 ? (
                    <span className="text-slate-500">No workflow</span>
                  ) : (
                    <ul className="space-y-0.5">
                      {type.workflows.map((workflow) => (
                        <li key={workflow.name}>{`${workflow.name} · ${plural(workflow.projects, 'project')}`}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <ScrollBox label="Workflow usage">
        <table className="min-w-full divide-y divide-slate-200 rounded border border-slate-200">
          <caption className="px-3 py-2 text-left text-sm font-semibold text-slate-900">Workflow usage</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                Workflow
              </th>
              <th scope="col" className={th}>
                Projects
              </th>
              <th scope="col" className={th}>
                Projects where resource types follow it
              </th>
              <th scope="col" className={th}>
                Resource type links
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {usage.workflows.length === 0 ? (
              <tr>
                <td className={`${td} text-slate-500`} colSpan={4}>
                  No workflows in the projects you see.
                </td>
              </tr>
            ) : (
              usage.workflows.map((workflow) => (
                <tr key={workflow.name}>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {workflow.name}
                  </th>
                  <td className={td}>{workflow.projects}</td>
                  <td className={td}>{workflow.inUse}</td>
                  <td className={td}>{workflow.links}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
