import { useId, useState } from 'react';
import { auditSubject } from 'contracts/common';
import { Button, HistoryTab } from 'kit';

/**
 * A config's History (ours, beyond the spec), shown on request under its editor: every change
 * with who and when, its `data` as a line diff of the JSON before and after.
 */
export function ConfigHistory({ configId }: { configId: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((shown) => !shown)}>
        History
      </Button>
      {open ? (
        <div id={id}>
          <HistoryTab subject={auditSubject('config', configId)} diffFields={DIFF_FIELDS} />
        </div>
      ) : null}
    </div>
  );
}

/** The audit's field holding the config's JSON. */
const DIFF_FIELDS = ['data'] as const;
