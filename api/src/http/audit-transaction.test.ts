/**
 * A change and its audit entry commit together or not at all (issue 36 item 6, issue 37): a write
 * route's handler runs in one transaction with its audit rows, so an audit row that cannot be
 * written rolls the change back and the call answers 500, never success; a refused change leaves
 * its call in the trail and no change.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, userRow } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Makes every insert into the audit trail fail until `restore()`. */
async function breakAuditTrail() {
  await app.deps.db.execute(sql`alter table audit_log add constraint audit_refuses_everything check (false) not valid`);
  return () => app.deps.db.execute(sql`alter table audit_log drop constraint audit_refuses_everything`);
}

async function administrator() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
  const user = await createUser(app, license.licenseId, { firstName: 'Before' });
  return { user, token: await login(app, admin.userName) };
}

describe('a change and its audit entry', () => {
  it('answers 500 and keeps nothing of the change when its audit entry cannot be written', async () => {
    const { user, token } = await administrator();
    const before = await userRow(app, user.userId);
    const restore = await breakAuditTrail();
    try {
      const answer = await app.request('PUT', `/api/users/${user.userName}`, { token, body: { firstName: 'After' } });
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toMatch(/audit_refuses_everything|check constraint/);
    } finally {
      await restore();
    }
    expect(await userRow(app, user.userId)).toEqual(before);
  });

  it('also for a route that writes through its own transaction (a password set by an administrator)', async () => {
    const { user, token } = await administrator();
    const before = await userRow(app, user.userId);
    const restore = await breakAuditTrail();
    try {
      const answer = await app.request('PUT', `/api/users/${user.userName}/password`, { token, body: { mode: 'manual', password: 'A-New-Password-123' } });
      expect(answer.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await userRow(app, user.userId)).passwordHash).toBe(before.passwordHash);
  });

  it('writes the change and its entry together when both can be written', async () => {
    const { user, token } = await administrator();
    const answer = await app.request('PUT', `/api/users/${user.userName}`, { token, body: { firstName: 'After' } });
    expect(answer.status).toBe(200);
    expect((await userRow(app, user.userId)).firstName).toBe('After');
    const [entry] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `user:${user.userId}`))
      .orderBy(desc(t.auditLog.auditId))
      .limit(1);
    expect([entry!.before, entry!.after, entry!.status]).toEqual([{ firstName: 'Before' }, { firstName: 'After' }, 200]);
  });
});
