/**
 * Access review reminders (issue 41): in the last days before an open review's due date (and
 * on it), each of its reviewers who is active and has an address gets an e-mail saying how
 * many holdings are still to decide, while any are.
 *
 * Once per review per day, however many servers share the database — the expiry notices' way
 * (domain/expiry-notices.ts): before any mail goes out, the server inserts the day's row of
 * access_review_reminders in its own statement; the (review, day) key lets only one insert
 * succeed, and a server whose insert finds the row sends nothing. The row then says 'sent' or
 * 'failed'.
 */
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AccessReviewMessages as M } from 'contracts/identity/model';
import type { Db } from '../db/client';
import { accessReviewItems, accessReviewReminders, accessReviewReviewers, accessReviews, auditLog, licenses, users } from '../db/schema';
import type { Background } from '../services/background';
import type { Clock } from '../services/clock';
import { describeError, type Logger } from '../services/log';
import type { Mailer } from '../services/mail';
import { utcDay } from './expiry-notices';

/** Reminders start this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 7;
/** How often a server looks for reviews to remind (and once at start). */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;
/** Who the trail says acted. */
export const REMINDER_ACTOR = 'System (access review reminders)';

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
}

export interface ReminderOutcome {
  reviewId: number;
  day: string;
  /** false: another server (or an earlier run) already holds the day's reminder. */
  claimed: boolean;
  sentTo: string[];
  failed: string[];
}

/** One run: every open review due within REMINDER_DAYS_BEFORE days with undecided holdings gets today's reminder, unless claimed. */
export async function sendReviewReminders(deps: ReminderDeps): Promise<ReminderOutcome[]> {
  const { db, clock, log } = deps;
  const today = utcDay(clock.now());
  const last = utcDay(new Date(clock.now().getTime() + REMINDER_DAYS_BEFORE * 86_400_000));
  const undecided = sql<number>`(select count(*)::int from
    ${accessReviewItems} where ${accessReviewItems.reviewId} = ${accessReviews.reviewId} and ${accessReviewItems.decision} is null)`;
  const due = await db
    .select({
      reviewId: accessReviews.reviewId,
      name: accessReviews.name,
      dueDate: accessReviews.dueDate,
      licenseId: accessReviews.licenseId,
      license: licenses.name,
      undecided,
    })
    .from(accessReviews)
    .innerJoin(licenses, eq(licenses.licenseId, accessReviews.licenseId))
    .where(and(eq(accessReviews.state, 'open'), gte(accessReviews.dueDate, today), lte(accessReviews.dueDate, last), sql`${undecided} > 0`))
    .orderBy(accessReviews.reviewId);
  const outcomes: ReminderOutcome[] = [];
  for (const review of due) {
    try {
      outcomes.push(await remind(deps, review, today));
    } catch (error) {
      log.error('access review reminder failed', { reviewId: review.reviewId, day: today, ...describeError(error) });
    }
  }
  return outcomes;
}

async function remind(
  deps: ReminderDeps,
  review: { reviewId: number; name: string; dueDate: string; licenseId: number; license: string; undecided: number },
  today: string,
): Promise<ReminderOutcome> {
  const { db, mailer, clock } = deps;
  // The lease: committed before any mail, and only one server's insert succeeds.
  const claimed = await db
    .insert(accessReviewReminders)
    .values({ reviewId: review.reviewId, day: today, claimedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ reviewId: accessReviewReminders.reviewId });
  if (!claimed.length) return { reviewId: review.reviewId, day: today, claimed: false, sentTo: [], failed: [] };
  const reviewers = await db
    .select({ userName: users.userName, email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.userId,
          db.select({ userId: accessReviewReviewers.userId }).from(accessReviewReviewers).where(eq(accessReviewReviewers.reviewId, review.reviewId)),
        ),
        eq(users.isApproved, true),
        eq(users.isLockedOut, false),
      ),
    )
    .orderBy(users.userName);
  const sentTo: string[] = [];
  const failed: string[] = [];
  for (const reviewer of reviewers) {
    if (!reviewer.email.trim()) continue;
    try {
      await mailer.send({
        to: reviewer.email,
        subject: M.reminderSubject(review.name, review.dueDate),
        text: M.reminderText(review.name, review.license, review.dueDate, Number(review.undecided)),
      });
      sentTo.push(reviewer.userName);
    } catch {
      failed.push(reviewer.userName);
    }
  }
  await db
    .update(accessReviewReminders)
    .set({ status: failed.length ? 'failed' : 'sent', recipients: sentTo.length, finishedAt: clock.now() })
    .where(and(eq(accessReviewReminders.reviewId, review.reviewId), eq(accessReviewReminders.day, today), isNull(accessReviewReminders.finishedAt)));
  await db.insert(auditLog).values({
    at: clock.now(),
    actorName: REMINDER_ACTOR,
    method: 'JOB',
    path: '/jobs/access-review-reminders',
    status: failed.length ? 502 : 200,
    entity: 'access-review-reminder',
    entityId: String(review.reviewId),
    after: { day: today, dueDate: review.dueDate, undecided: Number(review.undecided), recipients: sentTo, ...(failed.length ? { failed } : {}) },
    licenseId: review.licenseId,
  });
  return { reviewId: review.reviewId, day: today, claimed: true, sentTo, failed };
}

/** Runs the reminders now and then every hour, as background work (failures logged, never thrown). */
export function startReviewReminders(deps: ReminderDeps & { background: Background }, intervalMs = REMINDER_INTERVAL_MS): { stop(): void } {
  const run = () =>
    deps.background.run('access review reminders', async () => {
      await sendReviewReminders(deps);
    });
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
