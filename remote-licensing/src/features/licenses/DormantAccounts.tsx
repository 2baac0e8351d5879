import { useId, useState } from 'react';
import { exportDormantAccounts, previewFreeDormantSeats, SeatMessages, type SeatDashboard } from 'contracts/licensing';
import { seatEndpoints } from 'contracts/licensing/model';
import { Alert, Button, useChangePreview } from 'kit';
import { errorMessage, notify, saveFile, useMayCall } from 'shared';
import { freeableUserIds } from './dormantAccounts';
import { DormantAccountsTable } from './DormantAccountsTable';
import { DormantSettingForm } from './DormantSettingForm';
import { useFreeDormantSeats } from './seats.api';

/**
 * The seat dashboard's dormant accounts (ours, issue 24): the rule and its setting, the accounts,
 * and 'Free these seats' — the product licences they hold directly, reviewed first like a user
 * group change (who loses what, how seats move) and taken only on Apply. A licence with more
 * dormant accounts than the dashboard lists (5,000) says how many it shows of how many, and
 * offers them all as CSV (issue 36).
 */
export function DormantAccounts({ licenseId, dashboard }: { licenseId: number; dashboard: SeatDashboard }) {
  const headingId = useId();
  const hintId = useId();
  const mayFree = useMayCall(seatEndpoints.freeDormantSeats);
  const free = useFreeDormantSeats(licenseId);
  const preview = useChangePreview();
  const userIds = freeableUserIds(dashboard.dormant);
  // Dormant accounts that hold their seats only through user groups: nothing the button could take.
  const onlyThroughGroups = dashboard.dormant.length > 0 && userIds.length === 0;

  // The dashboard lists the longest silent 5,000; `dormantTotal` counts them all (an older server may not send it).
  const total = dashboard.dormantTotal ?? dashboard.dormant.length;
  const capped = total > dashboard.dormant.length;

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
            aria-describedby={onlyThroughGroups ? hintId : undefined}
            onClick={freeSeats}
          >
            Free these seats
          </Button>
          {onlyThroughGroups ? (
            <p id={hintId} className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
              {SeatMessages.nothingToFree}
            </p>
          ) : null}
        </div>
      ) : null}
      {capped ? (
        <Alert variant="info">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="min-w-0 flex-1 basis-72">{SeatMessages.capped(dashboard.dormant.length, total)}</p>
            <DownloadAll licenseId={licenseId} total={total} />
          </div>
        </Alert>
      ) : null}
      <DormantAccountsTable accounts={dashboard.dormant} dormantAfterDays={dashboard.dormantAfterDays} />
      {preview.dialog}
    </section>
  );
}

/** Every dormant account as the server's CSV (the dashboard lists the longest silent only): what an administrator reviews or hands on. */
function DownloadAll({ licenseId, total }: { licenseId: number; total: number }) {
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
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      {SeatMessages.downloadAll(total)}
    </Button>
  );
}
