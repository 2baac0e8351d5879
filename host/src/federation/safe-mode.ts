/**
 * Safe mode (as OpenShift's console's ?disable-plugins): start the console without some or
 * all remotes, to diagnose a broken release without a host rebuild. `?safe-mode` turns every
 * remote off, `?safe-mode=identity,workflows` those two, `?safe-mode=off` leaves it. The
 * choice holds for the browser tab (sessionStorage), so navigating and reloading keep it.
 */
const KEY = 'console-safe-mode';
const PARAM = 'safe-mode';

/** 'all', the ids of the remotes turned off, or null when safe mode is off. */
export type SafeMode = 'all' | readonly string[] | null;

function parse(value: string | null): SafeMode {
  if (value === null) return null;
  const text = value.trim();
  if (text === '' || text === 'all' || text === 'true') return 'all';
  if (text === 'off' || text === 'false') return null;
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[a-z0-9-]{1,40}$/.test(id));
  return ids.length ? ids : null;
}

const format = (mode: SafeMode) => (mode === 'all' ? 'all' : (mode ?? []).join(','));

/** Reads the mode from the URL when it says one, else from this tab's memory, and remembers it. */
export function readSafeMode(search: string = window.location.search, storage: Storage = window.sessionStorage): SafeMode {
  const params = new URLSearchParams(search);
  if (params.has(PARAM)) {
    const mode = parse(params.get(PARAM));
    writeSafeMode(mode, storage);
    return mode;
  }
  return parse(storage.getItem(KEY));
}

export function writeSafeMode(mode: SafeMode, storage: Storage = window.sessionStorage): void {
  if (mode === null) storage.removeItem(KEY);
  else storage.setItem(KEY, format(mode));
}

/** Whether safe mode keeps remote `id` from loading. */
export function isTurnedOff(mode: SafeMode, id: string): boolean {
  return mode === 'all' || (Array.isArray(mode) && mode.includes(id));
}
