/**
 * A large licence for benchmarks: `pnpm --dir api seed --users 10000` (up to 1,000,000).
 * Users share one password hash (hashing a million passwords would take hours and proves
 * nothing here).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { PasswordHasher } from '../services/passwords';
import { generatePassword } from '../services/secrets';
import { BASE_ADDON_ID } from './catalogue';
import { ROOT_PROJECT_ID } from './reference';

const CHUNK = 50_000;
const PROJECTS = 2_000;

/** An int[] literal for SQL, built from ids the seed itself made. */
const sqlArray = (ids: number[]) => sql.raw(`array[${ids.map((id) => Number(id)).join(',')}]::int[]`);
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export interface LargeSeedReport {
  licenseId: number;
  licenseName: string;
  users: number;
  password: string;
}

export async function seedLargeLicense(db: Db, passwords: PasswordHasher, userCount: number, password = generatePassword()): Promise<LargeSeedReport> {
  const passwordHash = await passwords.hash(password);
  const existing = await db
    .select({ id: t.licenses.licenseId })
    .from(t.licenses)
    .where(eq(t.licenses.name, `Benchmark ${userCount}`));
  if (existing.length > 0) throw new Error(`A licence named 'Benchmark ${userCount}' already exists; the large seed ran before.`);
  const [license] = await db
    .insert(t.licenses)
    .values({ name: `Benchmark ${userCount}`, company: 'Benchmark Holdings', licenseType: 'Enterprise', maxProjects: -1, maxUsers: -1 })
    .returning({ licenseId: t.licenses.licenseId });
  const licenseId = license!.licenseId;
  await db.insert(t.licenseAddons).values([1, 2, 3].map((addOnId) => ({ licenseId, addOnId, maxUsers: -1 })));
  const projectRows = await db
    .insert(t.projects)
    // 2,000 projects (issue 25: the project list and view at that size).
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        name: `Benchmark Project ${String(i + 1).padStart(4, '0')}`,
        description: 'Generated for benchmarks.',
        licenseId,
        rootProjectId: ROOT_PROJECT_ID,
        isActive: i % 10 !== 9,
      })),
    )
    .returning({ projectId: t.projects.projectId });
  const groups = await db
    .insert(t.userGroups)
    .values(Array.from({ length: 10 }, (_, i) => ({ name: `Benchmark Group ${i + 1}`, licenseId })))
    .returning({ id: t.userGroups.userGroupId });
  const [role] = await db.select({ roleId: t.roles.roleId }).from(t.roles).where(eq(t.roles.name, 'VIEW_STATUS'));

  // Set-based: the database generates the rows itself, in chunks, so a million users take
  // a minute or two rather than hours, and PGlite yields to the event loop between chunks.
  // Created 400 days ago; a quarter last signed in more than 90 days ago (the seat dashboard's
  // dormant accounts). Written with the rows: an update of every user afterwards would leave the
  // table's first half empty pages, which every sequential scan of it then reads.
  for (let first = 1; first <= userCount; first += CHUNK) {
    const last = Math.min(userCount, first + CHUNK - 1);
    await db.execute(sql`
      insert into users (user_name, first_name, last_name, email, company_name, position, license_id, password_hash, is_approved,
                         create_date, last_login_date)
      select 'bench.user' || n, 'Bench' || n, 'User', 'bench.user' || n || '@benchmark.example', 'Benchmark Holdings',
             (array['Rigger', 'Storeperson', 'Engineer', 'Foreman'])[n % 4 + 1], ${licenseId}, ${passwordHash}, n % 17 <> 0,
             now() - make_interval(days => 400), now() - make_interval(days => n % 120)
      from generate_series(${first}::int, ${last}::int) as n`);
    await yieldToEventLoop();
  }
  const [range] = await db
    .select({ low: sql<number>`min(${t.users.userId})`.mapWith(Number), high: sql<number>`max(${t.users.userId})`.mapWith(Number) })
    .from(t.users)
    .where(eq(t.users.licenseId, licenseId));
  const projectIds = projectRows.map((p) => p.projectId);
  const groupIds = groups.map((g) => g.id);
  for (let low = range!.low; low <= range!.high; low += CHUNK) {
    const inChunk = sql`license_id = ${licenseId} and user_id between ${low} and ${low + CHUNK - 1}`;
    await db.execute(sql`insert into user_addons (user_id, add_on_id) select user_id, ${BASE_ADDON_ID} from users where ${inChunk}`);
    await db.execute(
      sql`insert into user_projects (user_id, project_id) select user_id,
        (${sqlArray(projectIds)})[user_id % ${projectIds.length} + 1] from users where ${inChunk}`,
    );
    await db.execute(
      sql`insert into user_group_users (user_group_id, user_id) select
        (${sqlArray(groupIds)})[user_id % ${groupIds.length} + 1], user_id from users where ${inChunk}`,
    );
    if (role) await db.execute(sql`insert into user_roles (user_id, role_id) select user_id, ${role.roleId} from users where ${inChunk}`);
    await yieldToEventLoop();
  }
  // Eight years of seat history (issue 24: the monthly users report reads it): each user's seats
  // gained on a day of the last eight years, and twice as many former users' seats that came and
  // went.
  const days = 8 * 365;
  await db.execute(
    sql`update seat_events set at = now() - make_interval(days => ((coalesce(user_id, 0)::bigint * 7919) % ${days})::int) where license_id = ${licenseId}`,
  );
  await db.execute(sql`
    insert into seat_events (license_id, add_on_id, user_id, change, at)
    select
    ${licenseId}::int, 1 + n % 3, null::int, 1, now() - make_interval(days => n % ${days}::int) from
    generate_series(1, ${userCount * 2}::int) as n
    union all
    select ${licenseId}::int, 1 + n % 3, null::int, -1, now() - make_interval(days => (n % ${days}::int) / 2)
    from generate_series(1, ${userCount * 2}::int) as n`);
  // What autovacuum would do in a while (and PGlite never does): statistics for the planner
  // and the visibility map that lets a deep page be read off an index alone.
  await db.execute(sql`vacuum analyze`);
  return { licenseId, licenseName: `Benchmark ${userCount}`, users: userCount, password };
}
