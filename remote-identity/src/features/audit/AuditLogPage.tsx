import { useQuery } from '@tanstack/react-query';
import { AUDIT_SUBJECT_KINDS, auditSubject, type AuditQuery, type AuditSubjectKind } from 'contracts/common';
import {
  AUDIT_PAGE_SIZE,
  AuditEntries,
  DataTableFilter,
  ExportCsvButton,
  FormField,
  Input,
  kindLabel,
  LicenseSelect,
  PageHeader,
  Select,
  useUrlSearch,
  useUrlState,
} from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { auditLogParams, auditPageQuery, downloadAudit } from './audit.api';

/** The kinds of entry the log filters by: the entities views show, then sign-ins and sessions. */
const KINDS = [...AUDIT_SUBJECT_KINDS.filter((kind) => kind !== 'license'), 'license-environment', 'session', 'login', 'two-factor'];
const isSubjectKind = (kind: string): kind is AuditSubjectKind => (AUDIT_SUBJECT_KINDS as readonly string[]).includes(kind);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The day after `day` (yyyy-mm-dd), so 'to' includes the whole day it names. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The audit log (ours, beyond the spec): every change in the caller's licence (every licence's
 * for a super administrator, who can narrow it to one), newest first and paged on the server,
 * filtered by who, the kind of entity, one entity (kind and id) and the days it happened, with
 * Export CSV. The filters live in the URL.
 */
export default function AuditLogPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState(auditLogParams);
  const [actor, setActor] = useUrlSearch(params.actor, (value) => setParams({ actor: value, page: 0 }, { replace: true }));
  const [entityId, setEntityId] = useUrlSearch(params.entityId, (value) => setParams({ entityId: value, page: 0 }, { replace: true }));
  const id = Number(params.entityId);
  const oneEntity = isSubjectKind(params.kind) && Number.isInteger(id) && id > 0;
  const filter: Omit<AuditQuery, 'page'> = {
    actor: params.actor || undefined,
    ...(oneEntity ? { subject: auditSubject(params.kind as AuditSubjectKind, id) } : { entity: params.kind || undefined }),
    from: DAY.test(params.from) ? params.from : undefined,
    to: DAY.test(params.to) ? dayAfter(params.to) : undefined,
    licenseId: allLicenses && !oneEntity ? (params.licenseId ?? undefined) : undefined,
  };
  const entries = useQuery(auditPageQuery({ ...filter, page: params.page }));
  return (
    <div className="space-y-4">
      <PageHeader title="Audit log" description="Every change, who made it and when, with each field before and after." />
      <div className="flex flex-wrap items-end gap-4">
        {allLicenses ? (
          <DataTableFilter label="License">
            <LicenseSelect value={params.licenseId} onChange={(licenseId) => setParams({ licenseId, page: 0 })} />
          </DataTableFilter>
        ) : null}
        <FormField label="Who">
          <Input type="search" value={actor} onChange={(e) => setActor(e.target.value)} placeholder="User name" className="w-44" />
        </FormField>
        <FormField label="Kind">
          <Select
            value={params.kind}
            onChange={(e) => setParams({ kind: e.target.value, page: 0 })}
            placeholder="All kinds"
            options={KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          />
        </FormField>
        <FormField label="Id" hint={isSubjectKind(params.kind) ? undefined : 'Choose a user, user group or API key kind first'}>
          <Input
            inputMode="numeric"
            value={entityId}
            onChange={(e) => setEntityId(e.target.value.replace(/\D/g, ''))}
            disabled={!isSubjectKind(params.kind)}
            className="w-24"
          />
        </FormField>
        <FormField label="From">
          <Input type="date" value={params.from} onChange={(e) => setParams({ from: e.target.value, page: 0 })} />
        </FormField>
        <FormField label="To">
          <Input type="date" value={params.to} onChange={(e) => setParams({ to: e.target.value, page: 0 })} />
        </FormField>
        <ExportCsvButton download={() => downloadAudit(filter)} failure="Failed to export the audit log." />
      </div>
      <AuditEntries
        caption="Audit log"
        entries={entries.data?.items}
        total={entries.data?.total ?? 0}
        page={params.page}
        onPageChange={(page) => setParams({ page })}
        loading={entries.isPending}
        error={entries.isError ? errorMessage(entries.error, 'Failed to load the audit log.') : undefined}
        pageSize={AUDIT_PAGE_SIZE}
        withSubject
      />
    </div>
  );
}
