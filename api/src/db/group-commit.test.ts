/**
 * A group commit (db/group-commit.ts) does the writes that arrive together in one transaction,
 * answers each its own outcome, leaves a write it did not do (or a whole failed group) to its
 * caller, and waits for the calls on their way. On PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { groupCommit } from './group-commit';
import { rawRows } from './rows';

let app: TestApp;
const table = sql.identifier(`group_commit_test_${process.pid}`);
beforeAll(async () => {
  app = await createTestApp();
  await app.deps.db.execute(sql`create table ${table} (id serial primary key, name text not null unique)`);
});
afterAll(async () => {
  await app.deps.db.execute(sql`drop table if exists ${table}`);
  await app.close();
});

/** A group commit inserting names (those starting 'skip' left out, 'boom' failing the group), recording each group's size. */
function namesGroup() {
  const groups: number[] = [];
  const commit = groupCommit<string, number>(app.deps.db, async (tx, names) => {
    groups.push(names.length);
    const wanted = names.filter((name) => !name.startsWith('skip'));
    const rows = await rawRows<{ id: number; name: string }>(
      tx,
      sql`insert into ${table} (name) select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) on conflict do nothing returning id, name`,
    );
    if (names.some((name) => name.startsWith('boom'))) throw new Error('the group fails');
    return names.map((name) => rows.find((row) => row.name === name)?.id);
  });
  return { groups, commit };
}

const stored = async (names: string[]) =>
  (
    await rawRows<{ name: string }>(
      app.deps.db,
      sql`select name from ${table} where name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)) order by name`,
    )
  ).map((row) => row.name);

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('groupCommit', () => {
  it('does the writes made together in one transaction and answers each its own outcome', async () => {
    const { groups, commit } = namesGroup();
    const names = ['g1-a', 'g1-b', 'g1-c', 'g1-d', 'g1-e'];
    const ids = await Promise.all(names.map((name) => commit.write(name)));
    expect(groups).toEqual([5]);
    const rows = await rawRows<{ id: number; name: string }>(app.deps.db, sql`select id, name from ${table} where name like 'g1-%'`);
    expect(ids).toEqual(names.map((name) => rows.find((row) => row.name === name)!.id));
    // A lone write later is a group of its own, at once.
    expect(await commit.write('g1-f')).toEqual(expect.any(Number));
    expect(groups).toEqual([5, 1]);
  });

  it('answers undefined for a write the group left out, and for every write of a group that failed, keeping none of it', async () => {
    const { commit } = namesGroup();
    expect(await Promise.all([commit.write('g2-a'), commit.write('skip-g2'), commit.write('g2-b')])).toEqual([
      expect.any(Number),
      undefined,
      expect.any(Number),
    ]);
    expect(await Promise.all([commit.write('g2-c'), commit.write('boom-g2'), commit.write('g2-d')])).toEqual([undefined, undefined, undefined]);
    expect(await stored(['g2-a', 'g2-b', 'g2-c', 'g2-d', 'boom-g2', 'skip-g2'])).toEqual(['g2-a', 'g2-b']);
    // The next group is not held up by the failed one.
    expect(await commit.write('g2-e')).toEqual(expect.any(Number));
  });

  it('waits for a call that arrived until it writes or leaves', async () => {
    const { groups, commit } = namesGroup();
    const coming = commit.arrive();
    const first = commit.write('g3-a');
    await tick();
    expect(groups).toEqual([]);
    const second = commit.write('g3-b', coming);
    await Promise.all([first, second]);
    expect(groups).toEqual([2]);

    const refused = commit.arrive();
    const third = commit.write('g3-c');
    await tick();
    expect(groups).toEqual([2]);
    refused.leave();
    refused.leave();
    await third;
    expect(groups).toEqual([2, 1]);
  });

  it('waits at most a moment for a call that never comes', async () => {
    const { groups, commit } = namesGroup();
    const lost = commit.arrive();
    expect(await commit.write('g4-a')).toEqual(expect.any(Number));
    expect(groups).toEqual([1]);
    lost.leave();
  });
});
