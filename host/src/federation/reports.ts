/**
 * What this browser tells the API about its remotes (release channels, issue 42): each code
 * load and its time, each load failure and what a section's error boundary caught (message and
 * stack, trimmed), and page views, by remote and version. Batched: sent 5 s after the first
 * report of a batch (page views summed), at most 50 a call; only while signed in; a failed send
 * is dropped (reports are for Console health, never worth a retry or an error shown). Nothing
 * personal is sent: the API ties a report to the session's user id, and a route goes as its
 * template (`/workflow/:id`), never a path with ids.
 */
import { sendRemoteReports, type RemoteReport } from 'contracts/auth';
import { isSignedIn } from 'shared';

/** How long a batch waits for more reports. */
export const REPORT_BATCH_MS = 5000;
const MAX_BATCH = 50;
const TEXT_CHARS = 2048;
/** What a version may hold (the API refuses a batch with another): other characters become '_'. */
const cleanVersion = (version: string | undefined) =>
  (version || 'unknown')
    .replace(/[^A-Za-z0-9._+-]/g, '_')
    .replace(/^[^A-Za-z0-9]/, 'v')
    .slice(0, 40);

let queue: RemoteReport[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Sends what is queued now (tests, and the timer). */
export async function flushReports(send: typeof sendRemoteReports = sendRemoteReports): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = queue;
  queue = [];
  if (!isSignedIn()) return;
  for (let start = 0; start < batch.length; start += MAX_BATCH) {
    try {
      await send({ reports: batch.slice(start, start + MAX_BATCH) });
    } catch {
      // Health reports are best effort: a refused or failed send is dropped.
      return;
    }
  }
}

function enqueue(report: RemoteReport) {
  if (!isSignedIn()) return;
  if (report.kind === 'page-view') {
    const same = queue.find((r) => r.kind === 'page-view' && r.remote === report.remote && r.version === report.version);
    if (same) {
      same.count = Math.min(1000, (same.count ?? 1) + 1);
      return;
    }
  }
  // A storm of errors is sent in part: the API keeps at most 20 calls a minute anyway.
  if (queue.length >= MAX_BATCH * 2) return;
  queue.push(report);
  timer ??= setTimeout(() => void flushReports(), REPORT_BATCH_MS);
}

const trim = (text: string | undefined) => (text === undefined ? undefined : text.slice(0, TEXT_CHARS));

/** A remote's code loaded in `loadMs`. */
export const reportLoad = (remote: string, version: string | undefined, loadMs: number) =>
  enqueue({ remote, version: cleanVersion(version), kind: 'load', loadMs: Math.max(0, Math.min(600_000, Math.round(loadMs))) });

/** A remote (its declaration or its code) failed to load, and why. */
export const reportLoadFailure = (remote: string, version: string | undefined, reason: string) =>
  enqueue({ remote, version: cleanVersion(version), kind: 'load-failure', message: trim(reason) });

/** A section's error boundary caught `error` on the route `route` (its template). */
export const reportError = (remote: string, version: string | undefined, route: string | undefined, error: Error) =>
  enqueue({
    remote,
    version: cleanVersion(version),
    kind: 'error',
    route: route?.slice(0, 200),
    message: trim(error.message || String(error)),
    stack: trim(error.stack),
  });

/** A page of a remote was shown. */
export const reportPageView = (remote: string, version: string | undefined) => enqueue({ remote, version: cleanVersion(version), kind: 'page-view' });

/** The template of the declared route that `pathname` matches (`/workflow/:id`), if any. */
export function routeTemplate(patterns: readonly string[], pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  return patterns.find((pattern) => {
    const want = pattern.split('/').filter(Boolean);
    return want.length === parts.length && want.every((segment, i) => segment.startsWith(':') || segment === '*' || segment === parts[i]);
  });
}

/** Forgets the queue (tests). */
export function resetReports() {
  if (timer) clearTimeout(timer);
  timer = null;
  queue = [];
}
