/** Each test makes the data it needs, with names no other test uses. */
import { eq, inArray } from 'drizzle-orm';
import { authEndpoints } from 'contracts/auth/model';
import { newApiKey } from '../src/domain/api-key-secrets';
import * as t from '../src/db/schema';
import type { TestApp } from './harness';

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

export const PASSWORD = 'Correct-Horse-9';

export async function createLicense(app: TestApp, values: Partial<typeof t.licenses.$inferInsert> = {}) {
  const [license] = await app.deps.db
    .insert(t.licenses)
    .values({ name: unique('Licence'), company: 'Test Co', maxProjects: 10, maxUsers: 10, ...values })
    .returning();
  await app.deps.db.insert(t.licenseAddons).values({ licenseId: license!.licenseId, addOnId: 1, maxUsers: -1 });
  return license!;
}

export interface NewUser extends Partial<typeof t.users.$inferInsert> {
  roles?: string[];
  password?: string | null;
  projects?: number[];
}

export async function createUser(app: TestApp, licenseId: number, options: NewUser = {}) {
  const { roles = [], password = PASSWORD, projects = [], ...values } = options;
  const userName = values.userName ?? unique('user');
  const [user] = await app.deps.db
    .insert(t.users)
    .values({
      userName,
      firstName: 'Test',
      lastName: 'User',
      email: `${userName}@example.test`,
      licenseId,
      passwordHash: password ? await app.deps.passwords.hash(password) : null,
      ...values,
    })
    .returning();
  if (roles.length) {
    const rows = await app.deps.db.select().from(t.roles).where(inArray(t.roles.name, roles));
    if (rows.length !== roles.length) throw new Error(`Unknown role among ${roles.join(', ')}`);
    await app.deps.db.insert(t.userRoles).values(rows.map((r) => ({ userId: user!.userId, roleId: r.roleId })));
  }
  if (projects.length) await app.deps.db.insert(t.userProjects).values(projects.map((projectId) => ({ userId: user!.userId, projectId })));
  return { ...user!, password: password ?? '' };
}

export async function createProject(app: TestApp, licenseId: number, values: Partial<typeof t.projects.$inferInsert> = {}) {
  const [project] = await app.deps.db
    .insert(t.projects)
    .values({ name: unique('Project'), description: 'A test project', licenseId, ...values })
    .returning();
  return project!;
}

/** Signs in through the API and answers the session token. */
export async function login(app: TestApp, userName: string, password = PASSWORD): Promise<string> {
  const answer = await app.call(authEndpoints.login, undefined, { userName, password });
  if (answer.status !== 200 || !('token' in answer.body)) throw new Error(`login of ${userName} answered ${answer.status}: ${answer.text}`);
  return answer.body.token;
}

export async function userRow(app: TestApp, userId: number) {
  const [row] = await app.deps.db.select().from(t.users).where(eq(t.users.userId, userId));
  return row!;
}

/**
 * An API key of `licenseId` made in the database, holding `roles` (and every project with
 * `allProjects`): answers its row and the `Authorization` header that sends it.
 */
export async function createApiKey(app: TestApp, licenseId: number, options: { roles?: string[]; allProjects?: boolean; isActive?: boolean } = {}) {
  const { key, prefix, hash } = newApiKey();
  const [row] = await app.deps.db
    .insert(t.apiKeys)
    .values({
      keyPrefix: prefix,
      secretHash: hash,
      name: unique('Key'),
      licenseId,
      isActive: options.isActive ?? true,
      allProjects: options.allProjects ?? false,
    })
    .returning();
  const roles = options.roles ?? [];
  if (roles.length) {
    const rows = await app.deps.db.select().from(t.roles).where(inArray(t.roles.name, roles));
    if (rows.length !== roles.length) throw new Error(`Unknown role among ${roles.join(', ')}`);
    await app.deps.db.insert(t.apiKeyRoles).values(rows.map((r) => ({ apiKeyId: row!.apiKeyId, roleId: r.roleId })));
  }
  return { ...row!, key, headers: { authorization: `ApiKey ${key}` } };
}
