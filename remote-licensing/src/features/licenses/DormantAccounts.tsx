import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { exportDormantAccounts, previewFreeDormantSeats, SeatMessages, type SeatDashboard } from 'contracts/licensing';
import { seatEndpoints } from 'contracts/licensing/model';
import { Button, serverPaged, useChangePreview, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, notify, saveFile, useMayCall } from 'shared';
import { freeableUserIds } from './dormantAccounts';
import { DormantAccountsTable } from './DormantAccountsTable';
import { DormantSettingForm } from './DormantSettingForm';
import { dormantListParams, dormantPageQuery, useFreeDormantSeats } from './seats.api';

/**
 * The seat dashboard's dormant accounts (ours, issue 24): the rule and its setting, the accounts
 * a page at a time (issue 38: the dashboard's call counts them, the table pages them), and 'Free
 * these seats' — the product licences the page's accounts hold directly, reviewed first like a
 * user group change (who loses what, how seats move) and taken only on Apply. Export CSV gives
 * every dormant account, from the server.
 */
export function DormantAccounts({ licenseId, dashboard }: { licenseId: number; dashboard: SeatDashboard }) {
  const headingId = useId();
  const hintId = useId();
  const mayFree = useMayCall(seatEndpoints.freeDormantSeats);
  const free = useFreeDormantSeats(licenseId);
  const preview = useChangePreview();
  const [params, setParams] = useUrlState(dormantListParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const page = useQuery(dormantPageQuery(licenseId, params));
  const accounts = page.data?.items ?? [];
  const userIds = freeableUserIds(accounts);
  // Dormant accounts that hold their seats only through user groups: nothing the button could take.
  const onlyThroughGroups = accounts.length > 0 && userIds.length === 0;
  // More than one page: the button takes the page shown, and says so.
  const paged = (page.data?.total ?? 0) > accounts.length;
  const total = dashboard.dormantTotal ?? 0;

  const freeSeats = () =>
    preview.review(
      () => previewFreeDormantSeats(licenseId, { userIds }),
      () => free.mutate(userIds),
      SeatMessages.reviewFree(userIds.length),
    );

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="max-w-prose min-w-0 space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Dormant accounts
          </h2>
          <p className="text-sm text-slate-600">{SeatMessages.dormantRule(dashboard.dormantAfterDays)}</p>
        </div>
        <DormantSettingForm licenseId={licenseId} dormantAfterDays={dashboard.dormantAfterDays} />
      </div>
      {mayFree ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            variant="danger"
            disabled={userIds.length === 0}
            loading={free.isPending}
            aria-describedby={onlyThroughGroups || paged ? hintId : undefined}
            onClick={freeSeats}
          >
            Free these seats
          </Button>
          {onlyThroughGroups || paged ? (
            <p id={hintId} className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
              {onlyThroughGroups ? SeatMessages.nothingToFree : SeatMessages.freeThisPage}
            </p>
          ) : null}
        </div>
      ) : null}
      <DormantAccountsTable
        page={page.data}
        loading={page.isPending}
        error={page.isError ? errorMessage(page.error, SeatMessages.pageFailed) : undefined}
        paging={serverPaged(page.data, params, setParams)}
        search={search}
        onSearch={setSearch}
        dormantAfterDays={dashboard.dormantAfterDays}
        toolbar={total > 0 ? <DownloadAll licenseId={licenseId} /> : null}
      />
      {preview.dialog}
    </section>
  );
}

/** Every dormant account as the server's CSV (the table shows a page): what an administrator reviews or hands on. */
function DownloadAll({ licenseId }: { licenseId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await exportDormantAccounts(licenseId);
      saveFile(blob, fileName ?? 'dormant-accounts.csv');
    } catch (error) {
      notify.error(errorMessage(error, SeatMessages.exportFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}
