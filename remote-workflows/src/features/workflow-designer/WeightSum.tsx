import { sumsTo100 } from 'contracts/workflows';
import { Badge } from 'kit';

/** A weight as shown: at most 4 decimals (spec 2 §9's tolerance is 0.0001). */
export const formatWeight = (weight: number) => String(Number(weight.toFixed(4)));

/**
 * A live weight sum (ours: shown as you type): 'Phases 100 / 100', marked when it is not 100
 * within 0.0001 (spec 2 §5).
 */
export function WeightSum({ sum, what, empty = false }: { sum: number; what: string; empty?: boolean }) {
  if (empty) return <Badge variant="neutral">{`${what}: none yet`}</Badge>;
  const ok = sumsTo100([sum]);
  return (
    <Badge variant={ok ? 'success' : 'danger'} title={ok ? undefined : `${what} weights must sum to 100`}>
      {`${what} ${formatWeight(sum)} / 100`}
      {ok ? null : <span className="sr-only"> (must be 100)</span>}
    </Badge>
  );
}
