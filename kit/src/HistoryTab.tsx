import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exportAudit, getAuditPage } from 'contracts/identity';
import { errorMessage, saveFile } from 'shared';
import { AuditEntries } from './AuditEntries';
import { ExportCsvButton } from './ExportCsvButton';

/** Entries per page of a History (and of the audit log page). */
export const AUDIT_PAGE_SIZE = 20;

/** The key of a History's pages; every remote's views share it (one QueryClient). */
/** The History's keys, under this app's id: every app bundles its own kit, so two kit versions never share a cache entry. */
export const historyKeys = {
  all: [__APP_ID__, 'kit', 'history'] as const,
  page: (subject: string, page: number) => [...historyKeys.all, subject, page] as const,
};

/**
 * A view's History tab (ours, beyond the spec), on every view about one entity whichever
 * section draws it: every change to the entity — who, when, the call, and field by field
 * before → after — newest first, paged on the server, with Export CSV. `subject` names the
 * entity as the API does (`user:5`, `user-group:3`, `api-key:7`, `license:2`, `mobile-release:4`,
 * `project:6`, `config:8`); `entity` narrows it to one kind of entry (a project's import systems:
 * `import-system`); `diffFields` names fields holding a JSON document (a config's `data`), shown
 * as a line diff of their JSON instead of before → after.
 */
export function HistoryTab({
  subject,
  entity,
  entityId,
  diffFields,
}: {
  subject?: string;
  entity?: string;
  /** With `entity` and no subject: one entity's entries by its id (a release channel, `workflows`). */
  entityId?: string;
  diffFields?: readonly string[];
}) {
  const [page, setPage] = useState(0);
  // Read again whenever shown: a History opens after the change it should list.
  const entries = useQuery({
    queryKey: [...historyKeys.page(subject ?? `${entity}:${entityId}`, page), entity ?? 'all'],
    queryFn: () => getAuditPage({ subject, entity, entityId, page, pageSize: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const download = async () => {
    const { blob, fileName } = await exportAudit({ subject, entity, entityId });
    saveFile(blob, fileName ?? 'history.csv');
  };
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
      diffFields={diffFields}
      toolbar={<ExportCsvButton download={download} failure="Failed to export the history." />}
    />
  );
}
