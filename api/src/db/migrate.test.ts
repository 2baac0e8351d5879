import { readFileSync } from 'node:fs';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { prepareDatabase } from '../bootstrap';
import { ADJUSTMENT_TYPE } from '../seed/catalogue';
import { ensureReferenceData, ROOT_PROJECT_ID } from '../seed/reference';
import { emptyDatabase } from '../../test/empty-database';
import { migratedDatabase } from '../../test/harness';
import * as t from './schema';

describe('migrations', () => {
  it('apply on an empty database and write the reference data, twice without harm', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await prepareDatabase(database);
      await prepareDatabase(database);
      const [roles] = await database.db.select({ n: count() }).from(t.roles);
      expect(roles!.n).toBeGreaterThanOrEqual(140);
      const [root] = await database.db.select().from(t.projects).where(eq(t.projects.projectId, ROOT_PROJECT_ID));
      expect(root?.licenseId).toBeNull();
      const rootConfigs = await database.db.select({ name: t.configs.name }).from(t.configs).where(eq(t.configs.projectId, ROOT_PROJECT_ID));
      expect(rootConfigs.map((c) => c.name)).toEqual(expect.arrayContaining(['UserPassword', 'EnforceStorageLevels', 'ResourceProperties']));
      const [adjustment] = await database.db.select().from(t.resourceTypes).where(eq(t.resourceTypes.typeNumber, ADJUSTMENT_TYPE));
      expect(adjustment?.typeName).toBe('Adjustment');
    } finally {
      await database.close();
      await drop();
    }
  });

  it('bring a default added in a later release to an existing database, leaving the defaults it has as they are', async () => {
    const { database, drop } = await migratedDatabase();
    try {
      const { db } = database;
      const rootConfig = (name: string) =>
        db
          .select()
          .from(t.configs)
          .where(and(eq(t.configs.projectId, ROOT_PROJECT_ID), eq(t.configs.name, name)));
      const licenseDefault = (name: string) =>
        db
          .select()
          .from(t.configs)
          .where(and(eq(t.configs.isLicense, true), isNull(t.configs.licenseId), isNull(t.configs.projectId), eq(t.configs.name, name)));
      // As a database from before MaterialCheckInOut and the licence ResourceProperties default, whose barcode default a super administrator changed.
      await db.delete(t.configs).where(and(eq(t.configs.projectId, ROOT_PROJECT_ID), eq(t.configs.name, 'MaterialCheckInOut')));
      await db.delete(t.configs).where(and(eq(t.configs.isLicense, true), isNull(t.configs.licenseId), eq(t.configs.name, 'ResourceProperties')));
      const changed = { configs: [{ property: 'CustomSiteBarcode', parameters: [{ name: 'Prefix', value: 'NW-', inputType: 'text' }] }] };
      await db
        .update(t.configs)
        .set({ data: changed, version: 3 })
        .where(and(eq(t.configs.projectId, ROOT_PROJECT_ID), eq(t.configs.name, 'CustomSiteBarcode')));

      await ensureReferenceData(db);
      const [material] = await rootConfig('MaterialCheckInOut');
      expect(material?.data.configs[0]!.parameters.map((p) => [p.name, p.value, p.inputType, p.label_name])).toEqual([
        ['CheckInStatus', null, 'materialStatus', 'Status on check-in'],
        ['CheckOutStatus', null, 'materialStatus', 'Status on check-out'],
      ]);
      expect((await licenseDefault('ResourceProperties'))[0]?.data).toEqual({ configs: [] });
      expect((await rootConfig('CustomSiteBarcode'))[0]).toMatchObject({ data: changed, version: 3 });
      expect(await rootConfig('ReceiptPost')).toHaveLength(1);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('enforce the spec’s uniqueness rules in the database', async () => {
    const { database, drop } = await migratedDatabase();
    try {
      const { db } = database;
      const [license] = await db.insert(t.licenses).values({ name: 'Unique Co', company: 'U' }).returning();
      const [project] = await db.insert(t.projects).values({ name: 'P1', licenseId: license!.licenseId }).returning();
      await db.insert(t.sites).values({ projectId: project!.projectId, name: 'Yard' });
      await expect(db.insert(t.sites).values({ projectId: project!.projectId, name: 'Yard' })).rejects.toThrow();
      // Sibling sites trimmed and in any case (spec 1 §5); top-level sites are siblings.
      await expect(db.insert(t.sites).values({ projectId: project!.projectId, name: ' YARD' })).rejects.toThrow();
      await db.insert(t.userGroups).values({ name: 'Crew', licenseId: license!.licenseId });
      await expect(db.insert(t.userGroups).values({ name: 'CREW', licenseId: license!.licenseId })).rejects.toThrow();
      await db.insert(t.importSystems).values({ projectId: project!.projectId, displayName: 'SAP', path: '/sap' });
      await expect(db.insert(t.importSystems).values({ projectId: project!.projectId, displayName: 'SAP', path: '/other' })).rejects.toThrow();
    } finally {
      await database.close();
      await drop();
    }
  });

  it('rename sibling sites an older database holds twice in another case, and trim every name, before the index is made (0015)', async () => {
    const { database, drop } = await migratedDatabase();
    try {
      const { db } = database;
      const [license] = await db.insert(t.licenses).values({ name: 'Older Co', company: 'O' }).returning();
      const [project] = await db.insert(t.projects).values({ name: 'P1', licenseId: license!.licenseId }).returning();
      // As before 0015: names compared as stored.
      await db.execute(sql`drop index sites_sibling_name_ci`);
      const rows = await db
        .insert(t.sites)
        .values(['Bay 1', 'bay 1 ', 'BAY 1', ' Yard', 'x'.repeat(50), 'X'.repeat(50)].map((name) => ({ projectId: project!.projectId, name, depth: 1 })))
        .returning();
      const id = (i: number) => rows[i]!.siteId;
      const migration = readFileSync(new URL('../../drizzle/0015_site_names_any_case.sql', import.meta.url), 'utf8');
      // Its statements after dropping the old constraint (gone already here).
      for (const statement of migration.split('--> statement-breakpoint').slice(1)) await db.execute(sql.raw(statement));
      const names = await db.select({ siteId: t.sites.siteId, name: t.sites.name }).from(t.sites).where(eq(t.sites.projectId, project!.projectId));
      expect(names.sort((a, b) => a.siteId - b.siteId).map((row) => row.name)).toEqual([
        'Bay 1',
        `bay 1 (${id(1)})`,
        `BAY 1 (${id(2)})`,
        'Yard',
        'x'.repeat(50),
        `${'X'.repeat(50 - ` (${id(5)})`.length)} (${id(5)})`,
      ]);
      await expect(db.insert(t.sites).values({ projectId: project!.projectId, name: 'yard' })).rejects.toThrow();
    } finally {
      await database.close();
      await drop();
    }
  });
});
