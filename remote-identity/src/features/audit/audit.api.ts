import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditQuery } from 'contracts/common';
import { exportAudit, getAuditPage } from 'contracts/identity';
import { AUDIT_PAGE_SIZE, urlParam } from 'kit';
import { saveFile } from 'shared';

/** The audit log's state in the URL (`?actor=liam&kind=user&entityId=5&from=2026-11-01&page=1&licenseId=3`). */
export const auditLogParams = {
  actor: urlParam.string(),
  kind: urlParam.string(),
  entityId: urlParam.string(),
  from: urlParam.string(),
  to: urlParam.string(),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const auditKeys = {
  all: ['identity', 'audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, 'page', query] as const,
};

/**
 * One page of the trail, newest first. Always fetched again when shown (a History opens after
 * the change it should list), and the last page stays on screen while the next loads.
 */
export const auditPageQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: () => getAuditPage({ ...query, pageSize: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Downloads the entries the filters keep, as the server streams them. */
export async function downloadAudit(query: Omit<AuditQuery, 'page' | 'pageSize'>): Promise<void> {
  const { blob, fileName } = await exportAudit(query);
  saveFile(blob, fileName ?? 'audit.csv');
}
