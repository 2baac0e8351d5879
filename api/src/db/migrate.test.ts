import { PGlite } from '@electric-sql/pglite';
import { count, eq } from 'drizzle-orm';
import { prepareDatabase } from '../bootstrap';
import { ADJUSTMENT_TYPE } from '../seed/catalogue';
import { ROOT_PROJECT_ID } from '../seed/reference';
import { openDatabase } from './client';
import * as t from './schema';

describe('migrations', () => {
  it('apply on an empty database and write the reference data, twice without harm', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
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
    }
  });

  it('enforce the spec’s uniqueness rules in the database', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
    try {
      await prepareDatabase(database);
      const { db } = database;
      const [licence] = await db.insert(t.licenses).values({ name: 'Unique Co', company: 'U' }).returning();
      const [project] = await db.insert(t.projects).values({ name: 'P1', licenseId: licence!.licenseId }).returning();
      await db.insert(t.sites).values({ projectId: project!.projectId, name: 'Yard' });
      await expect(db.insert(t.sites).values({ projectId: project!.projectId, name: 'Yard' })).rejects.toThrow();
      await db.insert(t.userGroups).values({ name: 'Crew', licenseId: licence!.licenseId });
      await expect(db.insert(t.userGroups).values({ name: 'CREW', licenseId: licence!.licenseId })).rejects.toThrow();
      await db.insert(t.importSystems).values({ projectId: project!.projectId, displayName: 'SAP', path: '/sap' });
      await expect(db.insert(t.importSystems).values({ projectId: project!.projectId, displayName: 'SAP', path: '/other' })).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
