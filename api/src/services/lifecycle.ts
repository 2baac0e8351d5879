/**
 * Whether the server is draining (SIGTERM received): it still finishes what is in flight,
 * but `health/ready` answers 503 so a balancer stops sending it work, and requests arriving
 * on kept-alive connections are answered 503 with `Connection: close` (server.ts).
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** From now on the server is shutting down. */
  drain(): void;
  /** Back to serving (tests only: a real drain ends in the process's exit). */
  resume(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain: () => void (draining = true),
    resume: () => void (draining = false),
  };
}
