import { useMemo } from 'react';
import { cx } from './cx';
import { diffLines, prettyJson, withContext } from './jsonDiff';

/** Props of {@link JsonDiff}. */
export interface JsonDiffProps {
  /** The first value (JSON text is parsed first); its lines only are marked removed. */
  before: unknown;
  /** The second value; its lines only are marked added. */
  after: unknown;
  /** What the first value is ('Before', 'Default'): the legend of the removed lines. */
  beforeLabel?: string;
  /** What the second value is ('After', 'This project'): the legend of the added lines. */
  afterLabel?: string;
  /** Unchanged lines shown around each change; longer runs are folded into a count. All lines by default. */
  context?: number;
  /** The diff's accessible name. */
  label?: string;
  className?: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A line diff of two JSON values, pretty-printed (ours: a config's History and its comparison
 * with the default). A removed line is marked '-' and red, an added one '+' and green, and a
 * screen reader hears 'Removed' or 'Added': never colour alone. The legend says which value
 * each side is and how many lines changed.
 */
export function JsonDiff({ before, after, beforeLabel = 'Before', afterLabel = 'After', context, label = 'Differences', className }: JsonDiffProps) {
  const lines = useMemo(() => diffLines(prettyJson(before), prettyJson(after)), [before, after]);
  const shown = context === undefined ? lines : withContext(lines, context);
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  return (
    <figure aria-label={label} className={cx('min-w-0 space-y-1', className)}>
      <figcaption className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
        <span>
          <span aria-hidden="true" className="font-mono font-semibold text-red-800">
            -{' '}
          </span>
          {beforeLabel}
        </span>
        <span>
          <span aria-hidden="true" className="font-mono font-semibold text-green-800">
            +{' '}
          </span>
          {afterLabel}
        </span>
        <span>{added + removed === 0 ? 'No differences.' : `${plural(added, 'line')} added, ${removed} removed.`}</span>
      </figcaption>
      <pre className="max-h-96 overflow-auto rounded-md border border-slate-200 bg-white py-1 font-mono text-xs leading-5 text-slate-800" tabIndex={0}>
        {shown.map((line, index) => {
          if (line.kind === 'gap') {
            return (
              <span key={index} className="block px-2 text-slate-500 italic">
                {`… ${plural(line.count, 'unchanged line')}`}
              </span>
            );
          }
          if (line.kind === 'same') {
            return (
              <span key={index} className="block px-2 whitespace-pre">
                <span aria-hidden="true">{'  '}</span>
                {line.text}
              </span>
            );
          }
          const isAdded = line.kind === 'added';
          const Tag = isAdded ? 'ins' : 'del';
          return (
            <Tag key={index} className={cx('block px-2 whitespace-pre no-underline', isAdded ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900')}>
              <span aria-hidden="true" className="font-semibold">
                {isAdded ? '+ ' : '- '}
              </span>
              <span className="sr-only">{isAdded ? 'Added: ' : 'Removed: '}</span>
              {line.text}
            </Tag>
          );
        })}
      </pre>
    </figure>
  );
}
