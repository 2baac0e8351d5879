/**
 * Federation runtime plugin: a remote that cannot be loaded (down, its manifest or entry
 * missing, or its module throwing) becomes an "unavailable" module instead of an error that
 * would take the whole console down. An error boundary alone cannot catch this: it happens
 * while loading, before React renders anything of the remote.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/** What loadRemote answers for a remote that failed to load. */
export interface UnavailableModule {
  __unavailable: true;
  reason: string;
}

export function isUnavailable(module: unknown): module is UnavailableModule {
  return Boolean(module && typeof module === 'object' && (module as UnavailableModule).__unavailable);
}

export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      // Only the module load can fall back to a module; the other lifecycles expect other values.
      if (lifecycle !== 'onLoad') return undefined;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[console] remote ${id} is unavailable: ${reason}`);
      const fallback: UnavailableModule = { __unavailable: true, reason };
      return fallback;
    },
  };
}
