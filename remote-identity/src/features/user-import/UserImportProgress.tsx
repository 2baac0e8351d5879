import { useEffect, useState } from 'react';
import { formatCount, Spinner } from 'kit';

/**
 * While the server works on a file: what it does, for how many rows, and the seconds so far
 * (a large file takes a few seconds; the server answers once, so there is no percentage to show).
 */
export function UserImportProgress({ doing, rows }: { doing: string; rows: number }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, []);
  const text = `${doing} ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}…`;
  return (
    <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      <Spinner label={text} />
      <span aria-hidden="true">{text}</span>
      {seconds > 0 ? <span className="text-slate-600 tabular-nums">{`${seconds} s`}</span> : null}
    </div>
  );
}
