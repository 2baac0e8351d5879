/**
 * Group commit: writes of one kind that arrive together go in one transaction, a statement for
 * all of them instead of statements for each. A directory's first sync creates users 8 at a
 * time (issue 39): on PGlite, which runs one statement at a time, a one-row insert, its audit
 * row and their commit cost about 7 ms per user, the same for 8 users in one transaction about
 * 2 ms per user.
 *
 * Which writes go together: the calls that `arrive` (counted from the request's start, before
 * its authentication) and are on their way to `write` are waited for, so a group takes every
 * call in flight, and a lone call waits for nobody. A call that never writes (refused, or
 * invalid) stops being waited for when it leaves; none is waited for longer than MAX_WAIT_MS.
 *
 * A group's transaction commits all its writes or none. Each write's caller gets its outcome:
 * `undefined` when the group did not do it (what `write` left out, a conflict for instance, or
 * every write of a group whose transaction failed), and then does it alone, the way it does
 * without grouping, which answers its error (or succeeds, the conflict gone). So a group never
 * fails a call that alone would succeed, and never answers an error of another call.
 */
import type { Db, Tx } from './client';

/** Does `items` in `tx`, answering each one's outcome in their order, `undefined` for one it did not do. */
export type GroupWrite<I, O> = (tx: Tx, items: readonly I[]) => Promise<readonly (O | undefined)[]>;

export interface GroupCommit<I, O> {
  /** Does `item` in the next group's transaction, answering its outcome; `arrival` is the call's, if it `arrive`d. */
  write(item: I, arrival?: Arrival): Promise<O | undefined>;
  /** A call on its way to `write` (or not: it may be refused): groups wait for it until it writes or `leave`s. */
  arrive(): Arrival;
}

export interface Arrival {
  /** Not coming (any more): refused, answered, or writing. Once; later calls do nothing. */
  leave(): void;
}

/** The most writes in one group: their statement's parameters stay well under PostgreSQL's 65,535. */
const GROUP_MAX = 200;
/** The longest a write waits for the calls on their way (a slow one, or one that reads a lot first). */
const MAX_WAIT_MS = 20;

export function groupCommit<I, O>(db: Db, write: GroupWrite<I, O>): GroupCommit<I, O> {
  const waiting: { item: I; done: (outcome: O | undefined) => void }[] = [];
  /** Calls that arrived and neither wrote nor left. */
  let coming = 0;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let soon: ReturnType<typeof setImmediate> | undefined;
  const run = async () => {
    clearTimeout(timer);
    clearImmediate(soon);
    timer = soon = undefined;
    if (running || waiting.length === 0) return;
    running = true;
    const group = waiting.splice(0, GROUP_MAX);
    let outcomes: readonly (O | undefined)[];
    try {
      outcomes = await db.transaction((tx) =>
        write(
          tx,
          group.map((entry) => entry.item),
        ),
      );
    } catch {
      // Each does it alone, and the one at fault answers its own error.
      outcomes = [];
    }
    running = false;
    group.forEach((entry, i) => entry.done(outcomes[i]));
    next();
  };
  /**
   * Starts a group when nothing more is coming, or when a group is full. Not at once: after the
   * requests that reached the server meanwhile had their turn (setImmediate runs after the
   * event loop's I/O) — PGlite's queries do not yield to it, so a request arrives only when the
   * one before has finished or waits, and the group would never be more than one.
   */
  const next = () => {
    if (running || waiting.length === 0) return;
    if (waiting.length >= GROUP_MAX) void run();
    else if (coming > 0) timer ??= setTimeout(() => void run(), MAX_WAIT_MS);
    else soon ??= setImmediate(() => void run());
  };
  return {
    write: (item, arrival) =>
      new Promise((done) => {
        waiting.push({ item, done });
        if (arrival) arrival.leave();
        else next();
      }),
    arrive() {
      coming++;
      let counted = true;
      return {
        leave() {
          if (!counted) return;
          counted = false;
          coming--;
          next();
        },
      };
    },
  };
}
