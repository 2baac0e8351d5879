import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExportCsvButton } from 'kit';
import { errorMessage } from 'shared';
import { AuditEntries } from './AuditEntries';
import { AUDIT_PAGE_SIZE, auditPageQuery, downloadAudit } from '../audit/audit.api';

/**
 * A view's History tab (ours, beyond the spec): every change to the entity — who, when, the
 * call, and field by field before → after — newest first, paged on the server, with Export CSV.
 * `subject` names the entity as the API does (`user:5`, `user-group:3`, `api-key:7`).
 */
export function HistoryTab({ subject }: { subject: string }) {
  const [page, setPage] = useState(0);
  const entries = useQuery(auditPageQuery({ subject, page }));
  return (
    <AuditEntries
      caption="History"
      entries={entries.data?.items}
      total={entries.data?.total ?? 0}
      page={page}
      onPageChange={setPage}
      loading={entries.isPending}
      error={entries.isError ? errorMessage(entries.error, 'Failed to load the history.') : undefined}
      pageSize={AUDIT_PAGE_SIZE}
      toolbar={<ExportCsvButton download={() => downloadAudit({ subject })} failure="Failed to export the history." />}
    />
  );
}
