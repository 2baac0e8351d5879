import { KernelMessages } from 'shared';
import { cx } from './cx';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** The amount used; null or undefined means unlimited and shows 'N/A'. */
  value: number | null | undefined;
  /** The limit the value is measured against (100 by default). */
  max?: number;
  /** Names the bar for screen readers and shows above it. */
  label?: string;
  className?: string;
}

/** Whole-number percentage of `value` in `max`; a zero limit counts any use as full. */
export function percentOf(value: number, max: number): number {
  if (max <= 0) return value > 0 ? 100 : 0;
  return Math.round((value / max) * 100);
}

/** Usage against a limit: the percentage, amber from 80 %, red from 100 %. */
export function ProgressBar({ value, max = 100, label, className }: ProgressBarProps) {
  const unlimited = value === null || value === undefined || Number.isNaN(value);
  const percent = unlimited ? 0 : percentOf(value, max);
  const shown = Math.min(Math.max(percent, 0), 100);
  const text = unlimited ? KernelMessages.notApplicable : `${percent}%`;
  const fill = percent >= 100 ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : 'bg-brand-600';

  return (
    <div className={cx('w-full min-w-24', className)}>
      {label && <div className="mb-1 truncate text-xs text-slate-600">{label}</div>}
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={unlimited ? undefined : shown}
          aria-valuetext={text}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          {/* The width is a runtime value, which utility classes cannot express. */}
          {!unlimited && <div className={cx('h-full rounded-full transition-[width]', fill)} style={{ width: `${shown}%` }} />}
        </div>
        <span className={cx('min-w-10 shrink-0 text-right text-xs tabular-nums', percent >= 100 ? 'font-semibold text-red-700' : 'text-slate-700')}>
          {text}
        </span>
      </div>
    </div>
  );
}
