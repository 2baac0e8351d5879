import { useState } from 'react';
import { spreadEvenly, sumsTo100, weightSum } from 'contracts/workflows';
import { Alert, Button, Dialog } from 'kit';
import { useUnsavedChanges } from 'shared';
import { WeightField } from './WeightField';
import { WeightSum } from './WeightSum';

/** One weight the modal sets: a phase's or an item's. */
export interface WeightRow {
  id: string;
  label: string;
  weight: number;
}

export interface WeightsDialogProps {
  /** 'Phase weights' or 'Item weights of Install'. */
  title: string;
  /** 'Phases' or 'Items': the live sum's word. */
  what: string;
  rows: readonly WeightRow[];
  /** The spec's messages of a weight below 0 and above 100. */
  min: string;
  max: string;
  onApply(weights: Record<string, number>): void;
  onClose(): void;
}

/**
 * The phase weights and item weights modals (spec 2 §2): a number each (0 to 100, the spec's
 * messages), the live sum, Spread evenly (ours: weights summing to exactly 100), Apply and
 * Cancel. Its edits are unsaved changes until applied.
 */
export function WeightsDialog({ title, what, rows, min, max, onApply, onClose }: WeightsDialogProps) {
  const [weights, setWeights] = useState<Record<string, number>>(() => Object.fromEntries(rows.map((row) => [row.id, row.weight])));
  // A field holding text that is not a weight keeps Apply off.
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  // Spread evenly starts every field afresh (one holding text that was not a weight too).
  const [generation, setGeneration] = useState(0);
  const changed = rows.some((row) => weights[row.id] !== row.weight) || invalid.size > 0;
  useUnsavedChanges(changed);
  const sum = weightSum(rows.map((row) => weights[row.id]));
  const spread = () => {
    const even = spreadEvenly(rows.length);
    setWeights(Object.fromEntries(rows.map((row, index) => [row.id, even[index]!])));
    setInvalid(new Set());
    setGeneration((n) => n + 1);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Weights from 0 to 100; together they must make 100."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={invalid.size > 0} onClick={() => onApply(weights)}>
            Apply
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2" aria-live="polite">
          <WeightSum sum={sum} what={what} />
          <Button variant="secondary" size="sm" onClick={spread}>
            Spread evenly
          </Button>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {rows.map((row) => (
            <li key={row.id}>
              <WeightField
                key={generation}
                visibleLabel
                label={row.label}
                value={weights[row.id] ?? 0}
                min={min}
                max={max}
                onChange={(weight) => setWeights((current) => ({ ...current, [row.id]: weight }))}
                onInvalid={(bad) => setInvalid((current) => (bad ? new Set([...current, row.id]) : without(current, row.id)))}
              />
            </li>
          ))}
        </ul>
        {!sumsTo100([sum]) ? (
          <Alert variant="info">{`The ${what.toLowerCase()} sum to ${Number(sum.toFixed(4))}: the workflow saves once they make 100.`}</Alert>
        ) : null}
      </div>
    </Dialog>
  );
}

const without = (set: ReadonlySet<string>, id: string) => {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
};
