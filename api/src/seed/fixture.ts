/**
 * `seed --fixture FILE`: adds the users a JSON file describes to an existing licence, with
 * roles, a project and flags. Test suites and demos use it to prepare accounts without
 * touching the server's source; users that exist already are left as they are.
 *
 * ```json
 * { "license": "Northwind Construction", "project": "Northwind Tower A", "password": "…",
 *   "users": [{ "userName": "e2e.reset", "roles": ["MENU_ADMIN_TOOL_ACCESS"], "twoFactorEnabled": false }] }
 * ```
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { int } from 'contracts/common/fields';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { PasswordHasher } from '../services/passwords';

const FixtureUser = v.object({
  userName: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(256)),
  roles: v.optional(v.array(v.string()), []),
  /**
   * Product licences (add-on ids) the user holds; SiteSense by default. Written as given, like data
   * imported from elsewhere: roles are not checked against them.
   */
  addons: v.optional(v.array(int), [1]),
  mustUpdatePassword: v.optional(v.boolean(), false),
  twoFactorEnabled: v.optional(v.boolean(), false),
  isLockedOut: v.optional(v.boolean(), false),
  isApproved: v.optional(v.boolean(), true),
});

export const FixtureSchema = v.object({
  license: v.pipe(v.string(), v.nonEmpty()),
  project: v.optional(v.string()),
  password: v.pipe(v.string(), v.minLength(8)),
  users: v.array(FixtureUser),
});

export type Fixture = v.InferOutput<typeof FixtureSchema>;

/** Adds the fixture's users; answers how many were added. */
export async function seedFixture(db: Db, passwords: PasswordHasher, input: unknown): Promise<number> {
  const parsed = v.safeParse(FixtureSchema, input);
  if (!parsed.success) throw new Error(`The fixture is not valid: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`);
  const fixture = parsed.output;
  const [license] = await db.select().from(t.licenses).where(eq(t.licenses.name, fixture.license));
  if (!license) throw new Error(`No licence named '${fixture.license}'.`);
  const [project] = fixture.project
    ? await db
        .select()
        .from(t.projects)
        .where(and(eq(t.projects.name, fixture.project), eq(t.projects.licenseId, license.licenseId)))
    : [];
  if (fixture.project && !project) throw new Error(`No project named '${fixture.project}' in '${fixture.license}'.`);
  const roleNames = [...new Set(fixture.users.flatMap((u) => u.roles))];
  const roleRows = roleNames.length ? await db.select().from(t.roles).where(inArray(t.roles.name, roleNames)) : [];
  const unknown = roleNames.filter((name) => !roleRows.some((r) => r.name === name));
  if (unknown.length) throw new Error(`Unknown roles: ${unknown.join(', ')}.`);
  const hash = await passwords.hash(fixture.password);
  let added = 0;
  for (const { roles, addons, ...user } of fixture.users) {
    const [existing] = await db
      .select({ id: t.users.userId })
      .from(t.users)
      .where(sql`lower(${t.users.userName}) = lower(${user.userName})`);
    if (existing) continue;
    const [row] = await db
      .insert(t.users)
      .values({
        ...user,
        firstName: 'Test',
        lastName: user.userName,
        email: `${user.userName}@example.test`,
        licenseId: license.licenseId,
        passwordHash: hash,
      })
      .returning({ userId: t.users.userId });
    const userId = row!.userId;
    if (roles.length) await db.insert(t.userRoles).values(roles.map((name) => ({ userId, roleId: roleRows.find((r) => r.name === name)!.roleId })));
    if (project) await db.insert(t.userProjects).values({ userId, projectId: project.projectId });
    if (addons.length)
      await db
        .insert(t.userAddons)
        .values(addons.map((addOnId) => ({ userId, addOnId })))
        .onConflictDoNothing();
    added++;
  }
  return added;
}
