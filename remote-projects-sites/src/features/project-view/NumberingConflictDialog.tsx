import { NumberingMessages } from 'contracts/projects-sites';
import { Button, Dialog } from 'kit';
import type { NumberingConflict } from './numbering';

export interface NumberingConflictDialogProps {
  conflicts: readonly NumberingConflict[];
  open: boolean;
  /** Reads the numbers again, dropping the edits that failed. */
  onRefresh(): void;
  /** Closes the dialog and keeps the edits. */
  onKeepEditing(): void;
  refreshing?: boolean;
}

/**
 * The conflict dialog (spec 1 §4, §5): the document types whose next number changed since it
 * was read, each with the number sent ('New next number') and the one the server holds
 * ('Changed elsewhere to'), and the question whether to refresh.
 */
export function NumberingConflictDialog({ conflicts, open, onRefresh, onKeepEditing, refreshing = false }: NumberingConflictDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onKeepEditing()}
      title={NumberingMessages.failedFor}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onKeepEditing}>
            Keep editing
          </Button>
          <Button onClick={onRefresh} loading={refreshing}>
            Refresh
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Document types not updated</caption>
            <thead className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Document Type
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  New next number
                </th>
                <th scope="col" className="py-2 text-right">
                  Changed elsewhere to
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {conflicts.map((conflict) => (
                <tr key={conflict.resourceType}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {conflict.label}
                    {conflict.label !== conflict.resourceType ? <span className="ml-1 font-normal text-slate-500">({conflict.resourceType})</span> : null}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{conflict.newNextNumber}</td>
                  <td className="py-2 text-right tabular-nums">{conflict.actualNextNumber ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="font-medium text-slate-900">{NumberingMessages.refreshQuestion}</p>
      </div>
    </Dialog>
  );
}
