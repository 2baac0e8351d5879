import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditSubject } from 'contracts/common';
import { exportAudit, getAuditPage } from 'contracts/identity';
import { AUDIT_PAGE_SIZE, AuditEntries, ExportCsvButton, historyKeys } from 'kit';
import { errorMessage, saveFile } from 'shared';

/** The audit trail's entity of an import system's changes (the API's `audit({ entity: 'import-system' })`). */
const ENTITY = 'import-system';

/**
 * An import system's History: the API records an import system's changes under its project
 * (`project:{projectId}`), so this lists the changes to the import systems of that project —
 * this one's and its siblings', each naming its fields — newest first, paged on the server,
 * with Export CSV. It is the kit's HistoryTab narrowed to the import system entries, which the
 * project's whole History would bury among the project's own changes.
 */
export function ImportHistoryTab({ projectId }: { projectId: number }) {
  const subject = auditSubject('project', projectId);
  const [page, setPage] = useState(0);
  // Read again whenever shown: a History opens after the change it should list.
  const entries = useQuery({
    queryKey: [...historyKeys.page(subject, page), ENTITY],
    queryFn: () => getAuditPage({ subject, entity: ENTITY, page, pageSize: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const download = async () => {
    const { blob, fileName } = await exportAudit({ subject, entity: ENTITY });
    saveFile(blob, fileName ?? 'history.csv');
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{`Changes to the import systems of project ${projectId}, newest first.`}</p>
      <AuditEntries
        caption="History"
        entries={entries.data?.items}
        total={entries.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        loading={entries.isPending}
        error={entries.isError ? errorMessage(entries.error, 'Failed to load the history.') : undefined}
        pageSize={AUDIT_PAGE_SIZE}
        toolbar={<ExportCsvButton download={download} failure="Failed to export the history." />}
      />
    </div>
  );
}
