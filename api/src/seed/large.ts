/**
 * A large licence for benchmarks: `pnpm --dir api seed --users 10000`. Users share one
 * password hash (hashing 10,000 passwords would take minutes and proves nothing here).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { PasswordHasher } from '../services/passwords';
import { generatePassword } from '../services/secrets';
import { BASE_ADDON_ID } from './catalogue';
import { ROOT_PROJECT_ID } from './reference';

const BATCH = 500;
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export interface LargeSeedReport {
  licenseId: number;
  licenceName: string;
  users: number;
  password: string;
}

export async function seedLargeLicence(db: Db, passwords: PasswordHasher, userCount: number, password = generatePassword()): Promise<LargeSeedReport> {
  const passwordHash = await passwords.hash(password);
  const existing = await db.select({ id: t.licenses.licenseId }).from(t.licenses).where(eq(t.licenses.name, `Benchmark ${userCount}`));
  if (existing.length > 0) throw new Error(`A licence named 'Benchmark ${userCount}' already exists; the large seed ran before.`);
  const [licence] = await db
    .insert(t.licenses)
    .values({ name: `Benchmark ${userCount}`, company: 'Benchmark Holdings', licenseType: 'Enterprise', maxProjects: -1, maxUsers: -1 })
    .returning({ licenseId: t.licenses.licenseId });
  const licenseId = licence!.licenseId;
  await db.insert(t.licenseAddons).values([1, 2, 3].map((addOnId) => ({ licenseId, addOnId, maxUsers: -1 })));
  const projectRows = await db
    .insert(t.projects)
    .values(Array.from({ length: 20 }, (_, i) => ({ name: `Benchmark Project ${String(i + 1).padStart(2, '0')}`, description: 'Generated for benchmarks.', licenseId, rootProjectId: ROOT_PROJECT_ID })))
    .returning({ projectId: t.projects.projectId });
  const groups = await db
    .insert(t.userGroups)
    .values(Array.from({ length: 10 }, (_, i) => ({ name: `Benchmark Group ${i + 1}`, licenseId })))
    .returning({ id: t.userGroups.userGroupId });
  const [role] = await db.select({ roleId: t.roles.roleId }).from(t.roles).where(eq(t.roles.name, 'VIEW_STATUS'));

  for (let start = 0; start < userCount; start += BATCH) {
    const size = Math.min(BATCH, userCount - start);
    const rows = await db
      .insert(t.users)
      .values(
        Array.from({ length: size }, (_, i) => {
          const n = start + i + 1;
          return {
            userName: `bench.user${n}`,
            firstName: `Bench${n}`,
            lastName: 'User',
            email: `bench.user${n}@benchmark.example`,
            companyName: 'Benchmark Holdings',
            position: ['Rigger', 'Storeperson', 'Engineer', 'Foreman'][n % 4]!,
            licenseId,
            passwordHash,
            isApproved: n % 17 !== 0,
          };
        }),
      )
      .returning({ userId: t.users.userId });
    await db.insert(t.userAddons).values(rows.map((r) => ({ userId: r.userId, addOnId: BASE_ADDON_ID })));
    await db.insert(t.userProjects).values(rows.map((r, i) => ({ userId: r.userId, projectId: projectRows[(start + i) % projectRows.length]!.projectId })));
    await db.insert(t.userGroupUsers).values(rows.map((r, i) => ({ userId: r.userId, userGroupId: groups[(start + i) % groups.length]!.id })));
    if (role) await db.insert(t.userRoles).values(rows.map((r) => ({ userId: r.userId, roleId: role.roleId })));
    await yieldToEventLoop();
  }
  return { licenseId, licenceName: `Benchmark ${userCount}`, users: userCount, password };
}
