/**
 * Expiry notices (issue 24, beyond the spec): on each of a licence's notification days before
 * its expiry date (`expiry_notification_days`, days counted between UTC dates), its owner and
 * its active licence administrators (ACCESS_MY_CUSTOMER_LICENCE, directly or through a user
 * group) get an e-mail, recorded in the licence's History.
 *
 * Once per licence per day, however many servers share the database: before any mail goes
 * out, the server inserts the day's row of license_expiry_notices (its own statement, so its
 * own transaction, committed at once); the (licence, day) key lets only one insert succeed,
 * and a server whose insert finds the row sends nothing. Mail goes out after that commit, and
 * the row then says 'sent' or 'failed' (with why). The order means a notice is never sent
 * twice; a server that stops between the insert and the mail, or a mail server that refuses,
 * leaves that day's notice unsent (the row and the History say so), and the next notification
 * day sends again.
 */
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { Role } from 'shared/roles';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { auditLog, licenseExpiryNotices, licenses, roles, users } from '../db/schema';
import { redact } from '../http/audit';
import type { Background } from '../services/background';
import type { Clock } from '../services/clock';
import { describeError, type Logger } from '../services/log';
import type { Mailer } from '../services/mail';
import type { Metrics } from '../services/metrics';
import { roleHeldBy } from './grants';

/** How often a server looks for licences to notify (and once at start). */
export const EXPIRY_NOTICE_INTERVAL_MS = 60 * 60 * 1000;

/** The audit entry's entity; its subject is the licence (`license:<id>`), so it shows in the licence's History. */
export const EXPIRY_NOTICE_ENTITY = 'license-expiry-notice';
/** Who the History says acted: the server, not a person. */
export const EXPIRY_NOTICE_ACTOR = 'System (expiry notices)';

export interface ExpiryNoticeDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  config: Pick<Config, 'publicUrl'>;
  /** Counts each run (a run where a licence's notice failed is a failure). */
  metrics?: Pick<Metrics, 'job'>;
}

/** What one run did, licence by licence (for tests and the log). */
export interface ExpiryNoticeOutcome {
  licenseId: number;
  day: string;
  daysLeft: number;
  /** false: another server (or an earlier run) already holds the day's notice; nothing was sent. */
  claimed: boolean;
  sentTo: string[];
  failed: string[];
}

/** 'YYYY-MM-DD' of a moment, in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const longDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

interface Recipient {
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The licence's owner and its active licence administrators, each once. Inactive or locked accounts get nothing. */
async function recipientsOf(db: Db, licenseId: number, ownerId: number | null): Promise<Recipient[]> {
  const isLicenseAdministrator = sql`exists (select 1 from ${roles} where ${roles.name} = ${Role.ACCESS_MY_CUSTOMER_LICENCE} and ${roleHeldBy(users.userId)})`;
  return db
    .select({ userId: users.userId, userName: users.userName, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isApproved, true),
        eq(users.isLockedOut, false),
        or(ownerId === null ? undefined : eq(users.userId, ownerId), and(eq(users.licenseId, licenseId), isLicenseAdministrator)),
      ),
    )
    .orderBy(users.userName);
}

function noticeText(input: {
  recipient: Recipient;
  license: { name: string; company: string };
  expiryDay: string;
  daysLeft: number;
  owner: Recipient | undefined;
  publicUrl: string;
}) {
  const { recipient, license, expiryDay, daysLeft, owner, publicUrl } = input;
  const name = `${recipient.firstName} ${recipient.lastName}`.trim() || recipient.userName;
  const days = daysLeft === 1 ? '1 day' : `${daysLeft} days`;
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() || owner.userName : undefined;
  const contact =
    owner && owner.userId !== recipient.userId
      ? `To renew it, contact the licence owner, ${ownerName}${owner.email ? ` (${owner.email})` : ''}, or your account manager.`
      : 'To renew it, contact your account manager.';
  return {
    subject: daysLeft === 0 ? `Licence ${license.name} expires today` : `Licence ${license.name} expires in ${days}`,
    text: [
      `Hello ${name},`,
      '',
      daysLeft === 0
        ? `The licence ${license.name} (${license.company}) expires today, ${longDate(expiryDay)}.`
        : `The licence ${license.name} (${license.company}) expires on ${longDate(expiryDay)}, in ${days}.`,
      'After that date its users can no longer sign in.',
      contact,
      '',
      `The console: ${publicUrl}/`,
    ].join('\n'),
  };
}

/**
 * One run: every active licence with an expiry date whose days left (UTC dates) are one of
 * its notification days gets today's notice, unless a server already claimed it.
 */
export async function sendExpiryNotices(deps: ExpiryNoticeDeps): Promise<ExpiryNoticeOutcome[]> {
  const started = performance.now();
  let failed = true;
  try {
    const { outcomes, errors } = await sendDueNotices(deps);
    failed = errors > 0 || outcomes.some((outcome) => outcome.failed.length > 0);
    return outcomes;
  } finally {
    deps.metrics?.job('expiry notices', failed ? 'failure' : 'success', (performance.now() - started) / 1000);
  }
}

/** The run itself: each due licence's outcome, and how many licences' notices failed with an error. */
async function sendDueNotices(deps: ExpiryNoticeDeps): Promise<{ outcomes: ExpiryNoticeOutcome[]; errors: number }> {
  const { db, clock, log } = deps;
  const today = utcDay(clock.now());
  const daysLeft = sql<number>`((${licenses.expiryDate} at time zone 'UTC')::date - ${today}::date)`;
  const due = await db
    .select({
      licenseId: licenses.licenseId,
      name: licenses.name,
      company: licenses.company,
      ownerId: licenses.ownerId,
      expiryDate: licenses.expiryDate,
      daysLeft,
    })
    .from(licenses)
    .where(and(eq(licenses.isActive, true), isNotNull(licenses.expiryDate), sql`${daysLeft} >= 0`, sql`${daysLeft} = any(${licenses.expiryNotificationDays})`))
    .orderBy(licenses.licenseId);
  const outcomes: ExpiryNoticeOutcome[] = [];
  let errors = 0;
  for (const license of due) {
    try {
      outcomes.push(await noticeFor(deps, license, today));
    } catch (error) {
      errors++;
      log.error('expiry notice failed', { licenseId: license.licenseId, day: today, ...describeError(error) });
    }
  }
  return { outcomes, errors };
}

async function noticeFor(
  deps: ExpiryNoticeDeps,
  license: { licenseId: number; name: string; company: string; ownerId: number | null; expiryDate: Date | null; daysLeft: number },
  today: string,
): Promise<ExpiryNoticeOutcome> {
  const { db, mailer, clock, log } = deps;
  const daysLeft = Number(license.daysLeft);
  const base = { licenseId: license.licenseId, day: today, daysLeft };
  // The lease: committed before any mail, and only one server's insert succeeds.
  const claimed = await db
    .insert(licenseExpiryNotices)
    .values({ licenseId: license.licenseId, day: today, daysLeft, claimedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ licenseId: licenseExpiryNotices.licenseId });
  if (claimed.length === 0) return { ...base, claimed: false, sentTo: [], failed: [] };

  const recipients = await recipientsOf(db, license.licenseId, license.ownerId);
  const owner = recipients.find((r) => r.userId === license.ownerId);
  const expiryDay = utcDay(license.expiryDate!);
  const sentTo: string[] = [];
  const failed: string[] = [];
  const noAddress: string[] = [];
  let error: string | null = null;
  for (const recipient of recipients) {
    if (!recipient.email.trim()) {
      noAddress.push(recipient.userName);
      continue;
    }
    const { subject, text } = noticeText({ recipient, license, expiryDay, daysLeft, owner, publicUrl: deps.config.publicUrl });
    try {
      await mailer.send({ to: recipient.email, subject, text });
      sentTo.push(recipient.userName);
    } catch (cause) {
      failed.push(recipient.userName);
      // A mail server's refusal may quote the address: it is kept out of the row, the History and the log.
      error ??= describeError(cause).error.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]');
    }
  }
  const status = failed.length > 0 ? 'failed' : 'sent';
  await db
    .update(licenseExpiryNotices)
    .set({ status, recipients: sentTo.length, error, finishedAt: clock.now() })
    .where(and(eq(licenseExpiryNotices.licenseId, license.licenseId), eq(licenseExpiryNotices.day, today)));
  await db.insert(auditLog).values({
    at: clock.now(),
    actorUserId: null,
    actorName: EXPIRY_NOTICE_ACTOR,
    method: 'JOB',
    path: '/jobs/expiry-notices',
    status: failed.length > 0 ? 502 : 200,
    entity: EXPIRY_NOTICE_ENTITY,
    entityId: String(license.licenseId),
    before: null,
    after: redact({
      day: today,
      expiryDate: expiryDay,
      daysLeft,
      recipients: sentTo,
      ...(failed.length ? { failed, error } : {}),
      ...(noAddress.length ? { noAddress } : {}),
    }),
    subject: `license:${license.licenseId}`,
    licenseId: license.licenseId,
  });
  // User names and counts only: addresses stay out of the log.
  if (failed.length > 0)
    log.warn('expiry notice not sent to every recipient', { licenseId: license.licenseId, day: today, sent: sentTo.length, failed: failed.length, error });
  else log.info('expiry notice sent', { licenseId: license.licenseId, day: today, daysLeft, recipients: sentTo.length });
  return { ...base, claimed: true, sentTo, failed };
}

/**
 * Runs the notices once now and then every hour, as background work (failures are logged,
 * never thrown). The server starts it; tests call `sendExpiryNotices` with their own clock.
 */
export function startExpiryNotices(deps: ExpiryNoticeDeps & { background: Background }, intervalMs = EXPIRY_NOTICE_INTERVAL_MS): { stop(): void } {
  const run = () =>
    deps.background.run('expiry notices', async () => {
      await sendExpiryNotices(deps);
    });
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
