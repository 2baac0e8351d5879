/**
 * Users from a CSV file (issue 39): the template, the dry run (each row new, changed with its
 * fields before and after, unchanged or refused with its line, column and the user form's
 * message; seats against what is free; unknown groups), the apply (every valid row in one
 * transaction or nothing, refused rows left out, History 'Imported'), the welcome mail (only
 * when asked, only after the commit), the privilege ceiling, another licence, and the
 * round trip through the export.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { addonLimitExceeded, UserImportMessages, UserImportReplySchema, UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createApiKey, createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.deps.db;
const ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE];

/** A licence offering Material Control (add-on 2) with `seats` seats, a user group, and its user administrator signed in. */
async function world(seats = -1, roles: string[] = ADMIN) {
  const license = await createLicense(app);
  await db().insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: 2, maxUsers: seats });
  const [group] = await db()
    .insert(t.userGroups)
    .values({ name: unique('Crew'), licenseId: license.licenseId })
    .returning();
  const admin = await createUser(app, license.licenseId, { roles });
  return { license, group: group!, admin, token: await login(app, admin.userName) };
}
type World = Awaited<ReturnType<typeof world>>;

const csv = (...lines: string[]) => [...lines, ''].join('\r\n');
const HEADER = 'userName,firstName,lastName,email,phoneNumber,companyName,position,userGroups,productLicenses,isSsoUser';
const preview = (w: World, file: string, query = '', token = w.token) =>
  app.request('POST', `/api/user-import/preview${query}`, { token, body: file, headers: { 'content-type': 'text/csv' } });
const apply = (w: World, file: string, query = '', token = w.token) =>
  app.request('POST', `/api/user-import${query}`, { token, body: file, headers: { 'content-type': 'text/csv' } });
const usersNamed = (...names: string[]) =>
  db()
    .select()
    .from(t.users)
    .where(
      inArray(
        sql`lower(${t.users.userName})`,
        names.map((n) => n.toLowerCase()),
      ),
    );

describe('GET user-import/template.csv', () => {
  it('is the header row of the import’s columns, for user administrators only', async () => {
    const w = await world();
    const answer = await app.request('GET', '/api/user-import/template.csv', { token: w.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.text.replace(/^\uFEFF/, '')).toBe(`${HEADER}\r\n`);
    const viewer = await createUser(app, w.license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    expect((await app.request('GET', '/api/user-import/template.csv', { token: await login(app, viewer.userName) })).status).toBe(403);
  });
});

describe('POST user-import/preview', () => {
  it('reads a semicolon file with a byte-order mark and its columns in any order, marks rows new, changed and unchanged, and writes nothing', async () => {
    const w = await world();
    const known = await createUser(app, w.license.licenseId, { firstName: 'Ann', lastName: 'Lee', position: 'Rigger', companyName: 'Acme' });
    const same = await createUser(app, w.license.licenseId, { firstName: 'Bob', lastName: 'Ray' });
    const fresh = unique('new');
    const file =
      '\uFEFF' +
      csv(
        'Email;LastName;userName;FirstName;Position;userGroups',
        `${fresh}@example.test;Smith;${fresh};Jo;Welder;${w.group.name}`,
        `${known.email};Lee;${known.userName.toUpperCase()};Ann;"Crane; operator";`,
        `${same.email};Ray;${same.userName};Bob;;`,
      );
    const answer = await preview(w, file);
    expect(answer.status).toBe(200);
    const body = v.parse(UserImportReplySchema, answer.body);
    expect(body.applied).toBe(false);
    expect(body.counts).toEqual({ rows: 3, new: 1, changed: 1, unchanged: 1, refused: 0 });
    expect(body.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'new'],
      [3, 'changed'],
      [4, 'unchanged'],
    ]);
    // A column the file has changes its field: Bob's empty position is no change, Ann's is.
    expect(body.rows[1]!.changes).toEqual([{ field: 'position', before: 'Rigger', after: 'Crane; operator' }]);
    expect(body.canApply).toBe(true);
    expect(await usersNamed(fresh)).toEqual([]);
    expect((await usersNamed(known.userName))[0]!.position).toBe('Rigger');
  });

  it('counts a known user whose row says what they hold as unchanged', async () => {
    const w = await world();
    const user = await createUser(app, w.license.licenseId, { firstName: 'Cy', lastName: 'Ng', position: 'Lead' });
    const answer = await preview(w, csv('userName,firstName,lastName,email,position', `${user.userName},Cy,Ng,${user.email},Lead`));
    expect(answer.body.rows).toEqual([{ line: 2, userName: user.userName, status: 'unchanged', changes: [], problems: [] }]);
    expect(answer.body.canApply).toBe(false);
  });

  it('refuses each broken row with its line, column and the user form’s message, and lists groups that do not exist', async () => {
    const w = await world();
    const other = await world();
    const stranger = await createUser(app, other.license.licenseId);
    const a = unique('a');
    const file = csv(
      HEADER,
      `${a},,Doe,${a}@example.test,,,,,,`,
      `${unique('b')},Jo,Doe,not-an-email,,,,,,`,
      `bad name,Jo,Doe,x@example.test,,,,,,`,
      `${a.toUpperCase()},Jo,Doe,${a}@example.test,,,,,,`,
      `${unique('c')},Jo,Doe,c@example.test,,,,Night shift | ${w.group.name},,`,
      `${unique('d')},Jo,Doe,d@example.test,,,,,Teleportation,`,
      `${unique('e')},Jo,Doe,e@example.test,,,,,Workforce,`,
      `${unique('f')},Jo,Doe,f@example.test,,,,,,maybe`,
      `${stranger.userName},Jo,Doe,g@example.test,,,,,,`,
      `${unique('h')},Jo,Doe,h@example.test,,,,,Vendor Portal,`,
    );
    const answer = await preview(w, file);
    expect(answer.status).toBe(200);
    const refused = answer.body.rows.map((r: { line: number; status: string; problems: unknown[] }) => [r.line, r.status, r.problems]);
    expect(refused).toEqual([
      [2, 'refused', [{ column: 'firstName', message: UserMessages.firstNameRequired }]],
      [3, 'refused', [{ column: 'email', message: UserMessages.emailInvalid }]],
      [4, 'refused', [{ column: 'userName', message: UserMessages.userNameInvalid }]],
      [5, 'refused', [{ column: 'userName', message: UserImportMessages.duplicateRow(2) }]],
      [6, 'refused', [{ column: 'userGroups', message: UserImportMessages.groupUnknown('Night shift') }]],
      [7, 'refused', [{ column: 'productLicenses', message: UserImportMessages.addonUnknown('Teleportation') }]],
      [8, 'refused', [{ column: 'productLicenses', message: UserMessages.addonNotOffered('Workforce') }]],
      [9, 'refused', [{ column: 'isSsoUser', message: UserImportMessages.ssoInvalid }]],
      [10, 'refused', [{ column: 'userName', message: UserImportMessages.otherLicense }]],
      [11, 'refused', [{ column: 'productLicenses', message: UserImportMessages.vendorAddon('Vendor Portal') }]],
    ]);
    expect(answer.body.unknownGroups).toEqual(['Night shift']);
    expect(answer.body.counts).toMatchObject({ rows: 10, refused: 10, new: 0 });
    expect(answer.body.canApply).toBe(false);
  });

  it('refuses a username already on an earlier line', async () => {
    const w = await world();
    const name = unique('twice');
    const answer = await preview(w, csv('userName,firstName,lastName,email', `${name},A,B,a@example.test`, `${name.toUpperCase()},C,D,c@example.test`));
    expect(answer.body.rows[1]).toMatchObject({ line: 3, status: 'refused', problems: [{ column: 'userName', message: UserImportMessages.duplicateRow(2) }] });
  });

  it('answers a clear 400 for a file that is not a user file', async () => {
    const w = await world();
    expect((await preview(w, '')).body.Message).toBe(UserImportMessages.empty);
    expect((await preview(w, csv('userName,shoeSize', 'a,42'))).body.Message).toBe(UserImportMessages.unknownColumn('shoeSize'));
    expect((await preview(w, csv('firstName,lastName', 'a,b'))).body.Message).toBe(UserImportMessages.userNameColumn);
    const unclosed = await preview(w, csv('userName,firstName', 'a,"b'));
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.Message).toBe(UserImportMessages.unclosedQuote(2));
  });

  it('counts the seats the file would take per product licence against those free, through groups too', async () => {
    const w = await world(2);
    await db().insert(t.userGroupAddons).values({ userGroupId: w.group.userGroupId, addOnId: 2 });
    const holder = await createUser(app, w.license.licenseId);
    await db().insert(t.userAddons).values({ userId: holder.userId, addOnId: 2 });
    const answer = await preview(
      w,
      csv(
        'userName,firstName,lastName,email,userGroups,productLicenses',
        `${unique('a')},A,B,a@example.test,${w.group.name},`,
        `${unique('b')},A,B,b@example.test,,MC`,
      ),
    );
    expect(answer.body.seats).toEqual([{ addOnId: 2, name: 'Material Control', needed: 2, used: 1, maxUsers: 2, free: 1, over: true }]);
    expect(answer.body.canApply).toBe(false);
  });

  it('keeps a licence administrator in their licence: another licence is a 404', async () => {
    const w = await world();
    const other = await world();
    expect((await preview(w, csv('userName', 'x'), `?licenseId=${other.license.licenseId}`)).status).toBe(404);
  });
});

describe('POST user-import', () => {
  it('writes every valid row in one go, leaves refused rows out, and records History ‘Imported’', async () => {
    const w = await world();
    const known = await createUser(app, w.license.licenseId, { firstName: 'Ann', lastName: 'Lee', position: 'Rigger' });
    const fresh = unique('new');
    const broken = unique('broken');
    const file = csv(
      HEADER,
      `${fresh},Jo,Smith,${fresh}@example.test,+44 20 7946 0000,Acme,Welder,${w.group.name},Material Control,false`,
      `${known.userName},Ann,Lee,${known.email},,,Crane operator,${w.group.name},,`,
      `${broken},,Smith,${broken}@example.test,,,,,,`,
    );
    const answer = await apply(w, file);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ applied: true, counts: { new: 1, changed: 1, refused: 1 }, Message: UserImportMessages.imported(1, 1), mailed: 0 });

    const [created] = await usersNamed(fresh);
    expect(created).toMatchObject({
      firstName: 'Jo',
      lastName: 'Smith',
      phoneNumber: '+44 20 7946 0000',
      companyName: 'Acme',
      position: 'Welder',
      licenseId: w.license.licenseId,
      isSsoUser: false,
      passwordHash: null,
    });
    expect(await db().select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userId, created!.userId))).toEqual([
      { userGroupId: w.group.userGroupId, userId: created!.userId },
    ]);
    expect(await db().select().from(t.userAddons).where(eq(t.userAddons.userId, created!.userId))).toEqual([{ userId: created!.userId, addOnId: 2 }]);
    expect((await usersNamed(known.userName))[0]!.position).toBe('Crane operator');
    expect(await usersNamed(broken)).toEqual([]);

    const history = await app.request('GET', `/api/audit?subject=user:${created!.userId}`, { token: w.token });
    expect(history.body.items[0]).toMatchObject({ entity: 'user', action: 'Imported', path: '/api/user-import' });
    const changed = await app.request('GET', `/api/audit?subject=user:${known.userId}`, { token: w.token });
    expect(changed.body.items[0]).toMatchObject({ action: 'Imported changes' });
    expect(changed.body.items[0].changesShown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'position', before: 'Rigger', after: 'Crane operator' }),
        expect.objectContaining({ field: 'userGroups', added: [w.group.name] }),
      ]),
    );
  });

  it('writes nothing when seats would run out: a 400 with the spec’s seat message, no user, no mail', async () => {
    const w = await world(1);
    const a = unique('a');
    const b = unique('b');
    const answer = await apply(
      w,
      csv('userName,firstName,lastName,email,productLicenses', `${a},A,B,a@example.test,MC`, `${b},A,B,b@example.test,MC`),
      '?sendWelcome=true',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(addonLimitExceeded('Material Control (0 of 1 seats in use, 2 more needed)'));
    expect(answer.body.seats).toEqual([expect.objectContaining({ addOnId: 2, needed: 2, over: true })]);
    expect(await usersNamed(a, b)).toEqual([]);
    expect(app.outbox.filter((mail) => [`${a}@example.test`, `${b}@example.test`].includes(String(mail.to)))).toEqual([]);
  });

  it('writes nothing at all when one write fails: new users, changes and memberships roll back together (409)', async () => {
    const w = await world();
    const known = await createUser(app, w.license.licenseId, { position: 'Rigger' });
    const a = unique('a');
    const doomed = unique('doomed');
    // Stands in for a name taken between the plan and the write: the last statement (product licences) fails on one user.
    await db().execute(
      sql.raw(`create or replace function fail_import_test() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where user_id = new.user_id and user_name = '${doomed}') then
          raise exception 'taken meanwhile' using errcode = 'unique_violation';
        end if;
        return new;
      end $$`),
    );
    await db().execute(sql.raw('create trigger fail_import_test before insert on user_addons for each row execute function fail_import_test()'));
    try {
      const answer = await apply(
        w,
        csv(
          'userName,firstName,lastName,email,position,userGroups,productLicenses',
          `${a},A,B,a@example.test,,${w.group.name},`,
          `${known.userName},Test,User,${known.email},Crane operator,,`,
          `${doomed},D,B,d@example.test,,,MC`,
        ),
        '?sendWelcome=true',
      );
      expect(answer.status).toBe(409);
    } finally {
      await db().execute(sql.raw('drop trigger fail_import_test on user_addons'));
    }
    expect(await usersNamed(a, doomed)).toEqual([]);
    expect((await usersNamed(known.userName))[0]!.position).toBe('Rigger');
    expect(app.outbox.some((mail) => String(mail.to) === 'a@example.test')).toBe(false);
  });

  it('lets exactly one of two imports racing for the last seat win (the seat lock; run on PostgreSQL too)', async () => {
    const w = await world(1);
    const names = [unique('racer'), unique('racer')];
    const answers = await Promise.all(
      names.map((name) => apply(w, csv('userName,firstName,lastName,email,productLicenses', `${name},A,B,${name}@example.test,Material Control`))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await usersNamed(...names)).toHaveLength(1);
    const [count] = await db()
      .select({ held: sql<number>`count(*)::int` })
      .from(t.userAddons)
      .innerJoin(t.users, eq(t.users.userId, t.userAddons.userId))
      .where(sql`${t.users.licenseId} = ${w.license.licenseId} and ${t.userAddons.addOnId} = 2`);
    expect(Number(count!.held)).toBe(1);
  });

  it('e-mails each new user a reset link only when asked, after the import is saved', async () => {
    const w = await world();
    const quiet = unique('quiet');
    expect((await apply(w, csv('userName,firstName,lastName,email', `${quiet},A,B,${quiet}@example.test`))).body.mailed).toBe(0);
    expect(app.outbox.some((mail) => String(mail.to) === `${quiet}@example.test`)).toBe(false);

    const welcomed = unique('welcomed');
    const sso = unique('sso');
    const answer = await apply(
      w,
      csv('userName,firstName,lastName,email,isSsoUser', `${welcomed},Wendy,B,${welcomed}@example.test,false`, `${sso},S,B,${sso}@example.test,true`),
      '?sendWelcome=true',
    );
    expect(answer.body.mailed).toBe(1);
    const mail = app.outbox.find((m) => String(m.to) === `${welcomed}@example.test`);
    expect(mail?.subject).toContain('Welcome to');
    expect(mail?.text).toContain('/users/password/reset?token=');
    expect(mail?.text).toContain(`Your username is ${welcomed}.`);
    // A single sign-on user signs in through the identity provider: no link.
    expect(app.outbox.some((m) => String(m.to) === `${sso}@example.test`)).toBe(false);
    const [row] = await usersNamed(welcomed);
    expect(await db().select().from(t.passwordResetTokens).where(eq(t.passwordResetTokens.userId, row!.userId))).toHaveLength(1);
  });

  it('lets an API key import but never send welcome mails (a reset link is password management)', async () => {
    const w = await world();
    const { headers } = await createApiKey(app, w.license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const a = unique('keyed');
    const file = csv('userName,firstName,lastName,email', `${a},A,B,${a}@example.test`);
    const send = (query: string) => app.request('POST', `/api/user-import${query}`, { body: file, headers: { ...headers, 'content-type': 'text/csv' } });
    expect((await send('?sendWelcome=true')).status).toBe(403);
    expect(await usersNamed(a)).toEqual([]);
    expect((await send('')).status).toBe(200);
    expect(await usersNamed(a)).toHaveLength(1);
  });

  it('holds the privilege ceiling: no change to a user above the caller, no group granting roles the caller lacks or projects they do not see', async () => {
    const w = await world();
    const menu = (await db().select().from(t.roles).where(eq(t.roles.name, 'ADMINISTER_CUSTOMER_LICENCE')))[0]!;
    expect(menu.administrative).toBe(true);
    const boss = await createUser(app, w.license.licenseId, { roles: ['ADMINISTER_CUSTOMER_LICENCE'], position: 'Boss' });
    const [powerful] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Admins'), licenseId: w.license.licenseId })
      .returning();
    await db().insert(t.userGroupRoles).values({ userGroupId: powerful!.userGroupId, roleId: menu.roleId });
    const project = await createProject(app, w.license.licenseId);
    const [secret] = await db()
      .insert(t.userGroups)
      .values({ name: unique('Secret'), licenseId: w.license.licenseId })
      .returning();
    await db().insert(t.userGroupProjects).values({ userGroupId: secret!.userGroupId, projectId: project.projectId });
    const a = unique('a');
    const b = unique('b');
    const file = csv(
      'userName,firstName,lastName,email,position,userGroups',
      `${boss.userName},Test,User,${boss.email},Minion,`,
      `${a},A,B,a@example.test,,${powerful!.name}`,
      `${b},A,B,b@example.test,,${secret!.name}`,
    );
    const answer = await preview(w, file);
    const friendly = menu.friendlyName;
    expect(answer.body.rows.map((r: { status: string; problems: unknown[] }) => [r.status, r.problems])).toEqual([
      ['refused', [{ column: '', message: UserMessages.accountAboveCaller(boss.userName, friendly) }]],
      ['refused', [{ column: 'userGroups', message: UserMessages.accountAboveCaller(a, friendly) }]],
      ['refused', [{ column: 'userGroups', message: UserMessages.projectsNotHeld(project.name) }]],
    ]);
    expect((await apply(w, file)).status).toBe(400);
    expect((await usersNamed(boss.userName))[0]!.position).toBe('Boss');
  });

  it('lets a super administrator import into a chosen licence', async () => {
    const w = await world();
    const root = await world(-1, [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE]);
    const name = unique('chosen');
    const answer = await apply(root, csv('userName,firstName,lastName,email', `${name},A,B,a@example.test`), `?licenseId=${w.license.licenseId}`);
    expect(answer.status).toBe(200);
    expect((await usersNamed(name))[0]!.licenseId).toBe(w.license.licenseId);
  });
});

describe('GET users.csv?format=import', () => {
  it('writes the licence’s users in the import’s columns, and importing it back changes nothing', async () => {
    const w = await world();
    const user = await createUser(app, w.license.licenseId, {
      firstName: 'Zoë',
      lastName: 'O’Neil, Jr.',
      phoneNumber: '+1 555 0100',
      companyName: '=Acme',
      position: 'Line\nbreak',
      isSsoUser: true,
    });
    await db().insert(t.userGroupUsers).values({ userGroupId: w.group.userGroupId, userId: user.userId });
    await db().insert(t.userAddons).values({ userId: user.userId, addOnId: 2 });
    const exported = await app.request('GET', `/api/users.csv?format=import`, { token: w.token });
    expect(exported.status).toBe(200);
    const lines = exported.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(exported.text).toContain(`${w.group.name},Material Control,true`);
    const answer = await preview(w, exported.text);
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toMatchObject({ rows: 2, unchanged: 2, new: 0, changed: 0, refused: 0 });
  });
});
