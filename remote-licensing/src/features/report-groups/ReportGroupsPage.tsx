import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReportMessages, type ReportGroup } from 'contracts/licensing';
import { ConfirmDialog, PageHeader } from 'kit';
import { errorMessage } from 'shared';
import { licensesRoute } from '../licenses/licenses.routes';
import { reportGroupsQuery, useDeleteReportGroup } from './reportGroups.api';
import { reportGroupNewRoute } from './reportGroups.routes';
import { ALL_LICENSES, ALL_PROJECTS, ReportGroupsTable } from './ReportGroupsTable';

/**
 * Report groups (spec 1: /reports, all-licence administrators): a report given to the holders
 * of a role, in a licence and project or in every one. A group is deleted after a
 * confirmation, with the server's answer as a toast; Add Report Group opens /reports/new.
 */
export default function ReportGroupsPage() {
  const groups = useQuery(reportGroupsQuery());
  const remove = useDeleteReportGroup();
  const [doomed, setDoomed] = useState<ReportGroup | null>(null);
  const confirm = async () => {
    if (!doomed) return;
    try {
      await remove.mutateAsync(doomed);
    } catch {
      // The failure's toast says why; the group stays in the list.
    } finally {
      setDoomed(null);
    }
  };
  return (
    <div className="space-y-4">
      <PageHeader
        title="Report groups"
        description="Each group gives a report to the holders of a role, in one licence and project or in all of them."
        back={{ to: licensesRoute.to({}), label: 'Licenses' }}
      />
      <ReportGroupsTable
        groups={groups.data ?? []}
        loading={groups.isPending}
        error={groups.isError ? errorMessage(groups.error, ReportMessages.groupsLoadFailed) : undefined}
        onDelete={setDoomed}
        toolbar={
          <Link
            to={reportGroupNewRoute.to({})}
            className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white
                shadow-sm hover:bg-brand-700"
          >
            Add Report Group
          </Link>
        }
      />
      <ConfirmDialog
        open={doomed !== null}
        title="Delete report group"
        message={
          doomed ? (
            <>
              Delete the report group of <strong>{doomed.reportName}</strong> for <strong>{doomed.roleName}</strong> in{' '}
              {doomed.licenseName ?? ALL_LICENSES.toLowerCase()}, {doomed.projectName ?? ALL_PROJECTS.toLowerCase()}? The role’s holders no longer get the
              report through it.
            </>
          ) : null
        }
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
