/**
 * How the home counts each card (issue 41; the cards are declared in contracts/home/home.cards.ts):
 * one SQL statement per card, in the caller's licence scope, answering the count of all and the
 * first HOME_CARD_ITEMS by urgency (`count(*) over ()` beside a `limit`). A card without a counter
 * here is a slot whose data another part of the console brings ('reviews-due', 'remotes-failed').
 */
import { sql, type SQL } from 'drizzle-orm';
import { EXPIRY_WARNING_DAYS, FAILED_IMPORT_HOURS, HOME_CARD_ITEMS, SEATS_NEARLY_FULL, type HomeCardId } from 'contracts/home/model';
import { PORTAL_ROLES } from 'shared/roles';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import type { Scope } from '../../http/scope';
import { remoteLoadFailuresSince } from '../../domain/release-channels';

/** One item as the reply holds it. */
export interface HomeItemRow {
  ref: string;
  title: string;
  licenseId: number;
  licenseName: string;
  at: string | null;
  used?: number;
  limit?: number;
  errors?: number;
}

export interface CardCount {
  count: number;
  items: HomeItemRow[];
}

/** What a counter needs: the database, the caller's scope and licence, and the moment. */
export interface CounterInput {
  db: Db;
  scope: Scope;
  licenseId: number;
  /** The signed-in user: a review is due for its reviewers. */
  userId: number;
  now: Date;
}

type Counter = (input: CounterInput) => Promise<CardCount>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** `column`'s licence is in the caller's scope: every licence for a super administrator, else their own. */
const inScope = (column: SQL, { scope, licenseId }: CounterInput) => (scope.all ? sql`true` : sql`${column} = ${licenseId}`);

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Rows that carry `total` (the count of all) into the card's count and items. */
function cardOf<R extends { total: number }>(rows: R[], item: (row: R) => HomeItemRow): CardCount {
  return { count: rows.length ? Number(rows[0]!.total) : 0, items: rows.map(item) };
}

type LicenseRow = { license_id: number; license_name: string; total: number };

/** Active licences whose expiry date is fewer than 61 days away (spec 1 §5), or already past: the soonest first. */
const licensesExpiring: Counter = async (input) => {
  const rows = await rawRows<LicenseRow & { expiry_date: Date | string }>(
    input.db,
    sql`
    select l.license_id, l.name as license_name, l.expiry_date, count(*) over ()::int as total
    from licenses l
    where l.is_active and l.expiry_date < ${at(input.now)} + make_interval(days => ${EXPIRY_WARNING_DAYS}::int) and ${inScope(sql`l.license_id`, input)}
    order by l.expiry_date, l.license_id
    limit ${HOME_CARD_ITEMS}`,
  );
  return cardOf(rows, (r) => ({
    ref: String(r.license_id),
    title: r.license_name,
    licenseId: r.license_id,
    licenseName: r.license_name,
    at: iso(r.expiry_date),
  }));
};

/** Product licences with a limit (above 0) of which more than 90 % of the seats are held (the seat ledger, license_seats): the fullest first. */
const seatsNearlyFull: Counter = async (input) => {
  const rows = await rawRows<LicenseRow & { add_on_name: string; used: number; max_users: number }>(
    input.db,
    sql`
    with held as (
      select ls.license_id, ls.add_on_id, count(*)::int as used from license_seats ls
      where ${inScope(sql`ls.license_id`, input)}
      group by ls.license_id, ls.add_on_id
    )
    select la.license_id, l.name as license_name, a.name as add_on_name, h.used, la.max_users, count(*) over ()::int as total
    from held h
    join license_addons la on la.license_id = h.license_id and la.add_on_id = h.add_on_id
    join licenses l on l.license_id = la.license_id
    join addons a on a.add_on_id = la.add_on_id
    where la.max_users > 0 and h.used > la.max_users * ${SEATS_NEARLY_FULL}::numeric
    order by h.used::float / la.max_users desc, l.name, a.name
    limit ${HOME_CARD_ITEMS}`,
  );
  return cardOf(rows, (r) => ({
    ref: String(r.license_id),
    title: r.add_on_name,
    licenseId: r.license_id,
    licenseName: r.license_name,
    at: null,
    used: Number(r.used),
    limit: Number(r.max_users),
  }));
};

type UserRow = LicenseRow & { user_name: string; last_login_date: Date | string | null };

/**
 * Dormant accounts, as the seat dashboard counts them (seats.handlers.ts): accounts holding a seat
 * whose last sign-in (their creation when they never signed in) is more than the licence's
 * `dormantAfterDays` ago (90 at first). The longest silent first.
 */
const dormantAccounts: Counter = async (input) => {
  const rows = await rawRows<UserRow>(
    input.db,
    sql`
    select u.user_name, u.license_id, l.name as license_name, u.last_login_date, count(*) over ()::int as total
    from users u join licenses l on l.license_id = u.license_id
    where ${inScope(sql`u.license_id`, input)}
      and coalesce(u.last_login_date, u.create_date) < ${at(input.now)} - make_interval(days => l.dormant_after_days)
      and exists (select 1 from license_seats ls where ls.user_id = u.user_id and ls.license_id = u.license_id)
    order by coalesce(u.last_login_date, u.create_date), u.user_id
    limit ${HOME_CARD_ITEMS}`,
  );
  return cardOf(rows, (r) => ({ ref: r.user_name, title: r.user_name, licenseId: r.license_id, licenseName: r.license_name, at: iso(r.last_login_date) }));
};

/**
 * Active users whose licence's policy requires a second factor they have not set up
 * (domain/factors.ts `factorPolicyFor` and `meetsPolicy`): 'everyone', or 'administrators' and
 * they hold an administrative role (directly or through a group); single sign-on users are
 * exempt; a confirmed authenticator app or a passkey meets it (only a passkey with
 * 'phishing-resistant only'). Those waiting longest (created first) first.
 */
const secondFactorMissing: Counter = async (input) => {
  const portalRoles = sql.join(
    PORTAL_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  const rows = await rawRows<UserRow>(
    input.db,
    sql`
    select u.user_name, u.license_id, l.name as license_name, u.last_login_date, count(*) over ()::int as
      total
    from users u join licenses l on l.license_id = u.license_id
    where ${inScope(sql`u.license_id`, input)}
      and u.is_approved and not u.is_sso_user
      and (l.second_factor_policy = 'everyone' or (l.second_factor_policy = 'administrators' and exists (
        select 1 from roles r
        where (r.name in (${portalRoles}) or r.name like 'ADMINISTER\\_%')
          and (r.role_id in (select ur.role_id from user_roles ur where ur.user_id = u.user_id)
            or r.role_id in (select gr.role_id from user_group_users gu join user_group_roles gr on
      gr.user_group_id = gu.user_group_id where gu.user_id = u.user_id)))))
      and not exists (select 1 from passkeys p where p.user_id = u.user_id)
      and (l.second_factor_phishing_resistant or not exists (select 1 from totp_factors f where f.user_id =
      u.user_id and f.confirmed_at is not null))
    order by u.create_date, u.user_id
    limit ${HOME_CARD_ITEMS}`,
  );
  return cardOf(rows, (r) => ({ ref: r.user_name, title: r.user_name, licenseId: r.license_id, licenseName: r.license_name, at: iso(r.last_login_date) }));
};

/**
 * Imports that failed in the last day: integration reports of the last 24 hours whose report
 * lists errors (`reportJson.errors`, a non-empty array: rows the import refused). The newest first.
 */
const importsFailed: Counter = async (input) => {
  const errors = sql`case when jsonb_typeof(r.report_json -> 'errors') = 'array' then jsonb_array_length(r.report_json -> 'errors') else 0 end`;
  const rows = await rawRows<LicenseRow & { integration_reference: string; display_name: string; create_time: Date | string; errors: number }>(
    input.db,
    sql`
    select r.integration_reference, r.display_name, r.create_time, p.license_id, l.name as license_name,
      ${errors}::int as errors, count(*) over ()::int as total
    from integration_reports r
    join projects p on p.project_id = r.request_project_id
    join licenses l on l.license_id = p.license_id
    where r.create_time > ${at(input.now)} - make_interval(hours => ${FAILED_IMPORT_HOURS}::int) and ${errors} > 0 and ${inScope(sql`p.license_id`, input)}
    order by r.create_time desc, r.integration_reference desc
    limit ${HOME_CARD_ITEMS}`,
  );
  return cardOf(rows, (r) => ({
    ref: r.integration_reference,
    title: r.display_name,
    licenseId: r.license_id,
    licenseName: r.license_name,
    at: iso(r.create_time),
    errors: Number(r.errors),
  }));
};

/**
 * Open access reviews (issue 41) of the caller's scope in which the caller is a reviewer and
 * holdings are still undecided: the nearest due date first.
 */
const reviewsDue: Counter = async (input) => {
  const rows = await rawRows<{ review_id: number; name: string; due_date: string; license_id: number; license_name: string; undecided: number; total: number }>(
    input.db,
    sql`
    select r.review_id, r.name, r.due_date::text as due_date, r.license_id, l.name as license_name,
      (select count(*) from access_review_items i where i.review_id = r.review_id and i.decision is null)::int as undecided,
      count(*) over ()::int as total
    from access_reviews r
    join licenses l on l.license_id = r.license_id
    where r.state = 'open' and ${inScope(sql`r.license_id`, input)}
      and exists (select 1 from access_review_reviewers v where v.review_id = r.review_id and v.user_id = ${input.userId})
      and exists (select 1 from access_review_items i where i.review_id = r.review_id and i.decision is null)
    order by r.due_date, r.review_id
    limit ${HOME_CARD_ITEMS}`,
  );
  return cardOf(rows, (r) => ({
    ref: String(r.review_id),
    title: r.name,
    licenseId: r.license_id,
    licenseName: r.license_name,
    at: iso(r.due_date),
    errors: Number(r.undecided),
  }));
};

/** Sections whose code failed to load in browsers in the last day (release channels' reports), per remote and version: the most failures first. */
const remotesFailed: Counter = async (input) => {
  const rows = await remoteLoadFailuresSince(input.db, new Date(input.now.getTime() - 86_400_000));
  return {
    count: rows.length,
    items: rows
      .slice(0, HOME_CARD_ITEMS)
      .map((r) => ({ ref: r.remoteId, title: `${r.remoteId} ${r.version}`, licenseId: 0, licenseName: '', at: r.lastAt, errors: r.failures })),
  };
};

/** The counter of each card. */
export const HOME_COUNTERS: Partial<Record<HomeCardId, Counter>> = {
  'reviews-due': reviewsDue,
  'remotes-failed': remotesFailed,
  'licenses-expiring': licensesExpiring,
  'seats-nearly-full': seatsNearlyFull,
  'dormant-accounts': dormantAccounts,
  'second-factor-missing': secondFactorMissing,
  'imports-failed': importsFailed,
};
