/** What the mobile release calls do (mobile-releases.routes.ts has their definitions). */
import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { MobileReleaseMessages, type MobileReleaseBodySchema } from 'contracts/licensing/model';
import type { Db, Tx } from '../../db/client';
import { containing } from '../../db/text-search';
import { mobileReleases } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { listPage } from '../../http/params';
import { implement } from '../../http/route';
import { mobileReleaseSpecs } from './mobile-releases.routes';

type Row = typeof mobileReleases.$inferSelect;
type Body = v.InferOutput<typeof MobileReleaseBodySchema>;

/** Every save of 'current' takes this lock first, so two saves never make two releases current. */
const CURRENT_LOCK = 720_518_001;

const reply = (row: Row) => ({
  id: row.id,
  version: row.version,
  couchUrl: row.couchUrl,
  releaseDate: row.releaseDate.toISOString().slice(0, 10),
  active: row.active,
  current: row.current,
});
const values = (body: Body) => ({
  version: body.version,
  couchUrl: body.couchUrl,
  releaseDate: new Date(`${body.releaseDate}T00:00:00Z`),
  active: body.active,
  current: body.current,
});
const versionTaken = () => conflict(MobileReleaseMessages.versionTaken, { errors: { version: MobileReleaseMessages.versionTaken } });

async function oneRelease(db: Db | Tx, id: number): Promise<Row> {
  const [row] = await db.select().from(mobileReleases).where(eq(mobileReleases.id, id));
  if (!row) throw notFound();
  return row;
}

/** Saves a release in a transaction; made current, it takes the current one's place under the lock. */
async function save(db: Db, write: (tx: Tx) => Promise<Row>, current: boolean, id?: number): Promise<Row> {
  try {
    return await db.transaction(async (tx) => {
      if (current) {
        await tx.execute(sql`select pg_advisory_xact_lock(${CURRENT_LOCK})`);
        await tx
          .update(mobileReleases)
          .set({ current: false })
          .where(id === undefined ? eq(mobileReleases.current, true) : and(eq(mobileReleases.current, true), ne(mobileReleases.id, id)));
      }
      return write(tx);
    });
  } catch (error) {
    // The only other unique index, one current release, is kept by the lock above.
    if (isUniqueViolation(error)) throw versionTaken();
    throw error;
  }
}

export const mobileReleaseRoutes = implement(mobileReleaseSpecs, {
  async getMobileReleases({ db, query, json }) {
    const pattern = containing(query.filter);
    const where = query.filter ? or(ilike(mobileReleases.version, pattern), ilike(mobileReleases.couchUrl, pattern)) : undefined;
    return json(
      await listPage(
        db.select({ total: count() }).from(mobileReleases).where(where),
        (limit, offset) =>
          db.select().from(mobileReleases).where(where).orderBy(desc(mobileReleases.releaseDate), desc(mobileReleases.id)).limit(limit).offset(offset),
        query,
        (rows) => rows.map(reply),
      ),
    );
  },

  async getMobileRelease({ db, params, json }) {
    return json(reply(await oneRelease(db, params.id)));
  },

  async createMobileRelease({ db, body, audit, json }) {
    const created = await save(db, async (tx) => (await tx.insert(mobileReleases).values(values(body)).returning())[0]!, body.current);
    audit({ entity: 'mobile-release', entityId: created.id, after: reply(created) });
    return json(reply(created), 201);
  },

  async updateMobileRelease({ db, params, body, audit, json }) {
    const before = await oneRelease(db, params.id);
    const updated = await save(
      db,
      async (tx) => {
        const [row] = await tx.update(mobileReleases).set(values(body)).where(eq(mobileReleases.id, params.id)).returning();
        if (!row) throw notFound();
        return row;
      },
      body.current,
      params.id,
    );
    audit({ entity: 'mobile-release', entityId: updated.id, before: reply(before), after: reply(updated) });
    return json(reply(updated));
  },
});
