/** The server's log: one JSON line per event on stdout (errors on stderr). */

/** Where handlers and services write what happened; fields never carry secrets. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event; fields never carry secrets (callers pass ids and names only). */
export function createLogger(quiet = false): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (quiet && level === 'info') return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
