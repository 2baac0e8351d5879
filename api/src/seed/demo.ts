/**
 * The demo seed, written once on an empty database: enough licences, people, projects,
 * sites, groups, imports, reports, workflows and preservations to show every screen.
 * Passwords come from ADMIN_PASSWORD and DEMO_PASSWORD, or are generated and reported once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import * as t from '../db/schema';
import type { PasswordHasher } from '../services/passwords';
import { generatePassword, randomToken } from '../services/secrets';
import { ADJUSTMENT_TYPE, BASE_ADDON_ID } from './catalogue';
import { crew, DAY, DOCUMENT_TYPES, GROUPS, LICENCES, PEOPLE, PROJECTS, type DemoSite, type DemoUser } from './demo-data';
import { passwordConfigData, ROOT_PROJECT_ID } from './reference';
import { seedSeatHistory } from './seat-history';

export const DEMO_SSO_CLIENT_ID = 'admin-console';

export interface SeedReport {
  seeded: boolean;
  adminPassword?: string;
  demoPassword?: string;
  generated: { admin: boolean; demo: boolean };
}

/** A small deterministic generator, so the demo looks the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.users);
  return (row?.n ?? 0) === 0;
}

async function insertSites(tx: Tx, projectId: number, sites: DemoSite[], parentId: number | null, depth: number, parentActive: boolean) {
  for (const site of sites) {
    const active = parentActive && site.active !== false;
    const [row] = await tx
      .insert(t.sites)
      .values({
        projectId,
        parentId,
        name: site.name,
        depth,
        active,
        siteClass: site.siteClass ?? 'site',
        siteTypes: site.siteTypes ?? {},
        siteColor: depth === 1 ? '#2563eb' : null,
        borderColor: depth === 1 ? '#1e3a8a' : null,
        siteOpacity: depth === 1 ? 0.4 : null,
        borderOpacity: depth === 1 ? 0.8 : null,
        properties: depth === 1 ? { overlays: [], userProperties: { Supervisor: { value: 'Site supervisor on duty', type: 'text' } } } : {},
      })
      .returning({ siteId: t.sites.siteId });
    if (site.children) await insertSites(tx, projectId, site.children, row!.siteId, depth + 1, active);
  }
}

const item = (itemName: string, itemWeight: number, itemType = 2) => ({
  itemId: randomUUID(),
  itemName,
  itemType,
  itemWeight,
  preRequisite: null,
  conditionalVisibility: [],
  triggers: [],
  complete: [],
  reset: [],
  requirements: [] as unknown[],
  itemStateFromEquipmentStatus: [],
  equipmentStatus: { progressState: 0, equipmentStatusState: null },
  production: null,
  emails: [],
});

const phase = (phaseName: string, color: string, phaseWeight: number, items: ReturnType<typeof item>[]) => ({
  phaseId: randomUUID(),
  phaseName,
  color,
  phaseWeight,
  items,
});

function steelErection() {
  const delivered = item('Delivered to site', 40);
  delivered.requirements = [{ name: 'Delivery docket', description: 'Photo of the signed docket', requirementType: 1, requirmentWeight: 0 }];
  return {
    phases: [
      phase('Delivery', '#FCC400', 20, [delivered, item('Inspected', 60)]),
      phase('Erection', '#2563EB', 50, [item('Lifted', 30), item('Bolted', 40), item('Plumbed', 30)]),
      phase('Sign-off', '#16A34A', 30, [item('Torque checked', 50), item('QA released', 50)]),
    ],
  };
}

function receivingInspection() {
  return {
    phases: [phase('Receive', '#FCC400', 50, [item('Unloaded', 50), item('Counted', 50)]), phase('Inspect', '#DC2626', 50, [item('Visual check', 100)])],
  };
}

const step = (name: string, type: number, interval: number, intervalUnit: 0 | 1) => ({
  id: randomUUID(),
  name,
  type,
  interval,
  intervalUnit,
  phaseName: type === 0 ? 'Initial' : 'Recurring',
  fields: [],
});

function apiKeyValues(prefix: string) {
  const secret = `${prefix}.${randomToken(24)}`;
  return { keyPrefix: prefix, secretHash: createHash('sha256').update(secret).digest('base64url') };
}

/** SEED=none: on an empty database, only an administration licence and its super administrator. */
export async function seedAdministrator(db: Db, config: Config, passwords: PasswordHasher): Promise<SeedReport> {
  if (!(await isEmpty(db))) return { seeded: false, generated: { admin: false, demo: false } };
  const adminPassword = config.adminPassword ?? generatePassword();
  const passwordHash = await passwords.hash(adminPassword);
  const [admin] = PEOPLE;
  await db.transaction(async (tx) => {
    const [license] = await tx
      .insert(t.licenses)
      .values({ name: 'Administration', company: 'Platform operator', licenseType: 'Internal', maxProjects: -1, maxUsers: -1 })
      .returning({ licenseId: t.licenses.licenseId });
    const licenseId = license!.licenseId;
    await tx.insert(t.licenseAddons).values({ licenseId, addOnId: BASE_ADDON_ID, maxUsers: -1 });
    const [user] = await tx
      .insert(t.users)
      .values({
        userName: admin!.userName,
        firstName: admin!.firstName,
        lastName: admin!.lastName,
        email: admin!.email!,
        licenseId,
        passwordHash,
        lastPasswordChangeDate: new Date(),
      })
      .returning({ userId: t.users.userId });
    const roleRows = await tx.select({ roleId: t.roles.roleId, name: t.roles.name }).from(t.roles);
    await tx.insert(t.userRoles).values(roleRows.filter((r) => admin!.roles.includes(r.name)).map((r) => ({ userId: user!.userId, roleId: r.roleId })));
    await tx.insert(t.userAddons).values({ userId: user!.userId, addOnId: BASE_ADDON_ID });
    await tx.update(t.licenses).set({ ownerId: user!.userId }).where(eq(t.licenses.licenseId, licenseId));
  });
  return { seeded: true, adminPassword: config.adminPassword ? undefined : adminPassword, generated: { admin: !config.adminPassword, demo: false } };
}

export async function seedDemo(db: Db, config: Config, passwords: PasswordHasher): Promise<SeedReport> {
  if (!(await isEmpty(db))) return { seeded: false, generated: { admin: false, demo: false } };
  const adminPassword = config.adminPassword ?? generatePassword();
  const demoPassword = config.demoPassword ?? generatePassword();
  // Hash outside the transaction: PGlite's transaction holds the whole database.
  const [adminHash, demoHash] = await Promise.all([passwords.hash(adminPassword), passwords.hash(demoPassword)]);
  const now = new Date();
  const rnd = random(42);

  await db.transaction(async (tx) => {
    const [production, uat] = await tx
      .insert(t.environments)
      .values([
        { name: 'Production', serverUrl: config.publicUrl, label: null },
        { name: 'UAT', serverUrl: `${config.publicUrl}/uat`, label: 'UAT' },
      ])
      .returning();
    const environmentIds = { production: production!.environmentId, uat: uat!.environmentId };
    const integrationRows = await tx.select().from(t.integrations);

    const licenseIds = new Map<string, number>();
    for (const license of LICENCES) {
      const [row] = await tx
        .insert(t.licenses)
        .values({
          name: license.name,
          company: license.company,
          licenseType: license.licenseType,
          environmentId: environmentIds[license.environments[0]!],
          maxProjects: license.maxProjects,
          maxUsers: license.maxUsers,
          expiryDate: license.expiresInDays === null ? null : new Date(now.getTime() + license.expiresInDays * DAY),
          expiryNotificationDays: license.notificationDays,
          ssoUrl: license.sso && config.demoIdp ? `${config.publicUrl}/demo-idp` : null,
          ssoClientId: license.sso && config.demoIdp ? DEMO_SSO_CLIENT_ID : null,
          customerCode: license.customerCode ?? null,
          opportunityId: license.opportunityId ?? null,
          createdAt: new Date(now.getTime() - license.createdYearsAgo * 365 * DAY),
        })
        .returning({ licenseId: t.licenses.licenseId });
      const licenseId = row!.licenseId;
      licenseIds.set(license.key, licenseId);
      await tx.insert(t.licenseEnvironments).values(license.environments.map((e) => ({ licenseId, environmentId: environmentIds[e] })));
      await tx.insert(t.licenseAddons).values(Object.entries(license.addons).map(([addOnId, maxUsers]) => ({ licenseId, addOnId: Number(addOnId), maxUsers })));
      if (license.vendors.length) await tx.insert(t.vendors).values(license.vendors.map((name) => ({ licenseId, name })));
      const linked = integrationRows.filter((i) => license.integrations.includes(i.integrationName));
      if (linked.length) await tx.insert(t.licenseIntegrations).values(linked.map((i) => ({ licenseId, integrationId: i.integrationId })));
    }
    await tx.insert(t.configs).values({
      name: 'UserPassword',
      isLicense: true,
      licenseId: licenseIds.get('northwind')!,
      data: {
        configs: passwordConfigData().configs.map((c) => ({
          ...c,
          parameters: c.parameters.map((p) => (p.name === 'RequiredLength' ? { ...p, value: 10 } : p.name === 'RequiredDigits' ? { ...p, value: 1 } : p)),
        })),
      },
    });

    const projectIds = new Map<string, number>();
    for (const project of PROJECTS) {
      const parentId = project.parent ? projectIds.get(project.parent)! : null;
      const [row] = await tx
        .insert(t.projects)
        .values({
          name: project.name,
          description: project.description,
          licenseId: licenseIds.get(project.license)!,
          environmentId: environmentIds[project.environment ?? 'production'],
          parentProjectId: parentId,
          rootProjectId: ROOT_PROJECT_ID,
          isActive: project.active !== false,
        })
        .returning({ projectId: t.projects.projectId });
      const projectId = row!.projectId;
      projectIds.set(project.name, projectId);
      await insertSites(tx, projectId, project.sites, null, 1, project.active !== false);
      for (const imp of project.imports) {
        await tx.insert(t.importSystems).values({
          projectId,
          displayName: imp.displayName,
          path: imp.path,
          description: imp.description,
          isInternal: imp.isInternal ?? false,
          active: imp.active ?? true,
        });
      }
      await tx.insert(t.documentNumbering).values(DOCUMENT_TYPES.map((d) => ({ projectId, ...d, nextNumber: d.nextNumber + Math.floor(rnd() * 50) })));
    }

    const towerA = projectIds.get('Northwind Tower A')!;
    const [bin] = await tx.select({ siteId: t.sites.siteId }).from(t.sites).where(eq(t.sites.name, 'Bin 01')).limit(1);
    await tx
      .update(t.projects)
      .set({ defaultStorage: { siteId: bin!.siteId, siteHierarchy: 'Main Warehouse > Aisle 1 > Shelf A > Bin 01' } })
      .where(eq(t.projects.projectId, towerA));
    await tx.insert(t.configs).values([
      {
        name: 'EnforceStorageLevels',
        projectId: towerA,
        data: {
          configs: [
            {
              property: 'EnforceStorageLevels',
              parameters: [
                { name: 'MinimumLevels', value: 2, inputType: 'positiveNumber' },
                { name: 'MaximumLevels', value: 4, inputType: 'positiveNumber' },
              ],
            },
          ],
        },
      },
      {
        name: 'ReceiptPost',
        projectId: towerA,
        data: {
          configs: [
            { property: 'ReceiptPost', parameters: [{ name: 'DirectHandoverPickLocation', value: 'Main Warehouse > Aisle 1 > Shelf A', inputType: 'text' }] },
          ],
        },
      },
      {
        name: 'ResourceProperties',
        projectId: towerA,
        data: {
          configs: [
            {
              property: 'HeatNumber',
              parameters: [{ name: 'HeatNumber', value: '', label_name: 'Heat Number', resourceTypes: [{ typeName: 'Material', typeNumber: 2 }] }],
            },
            {
              property: 'PaintSystem',
              parameters: [
                {
                  name: JSON.stringify({ type: 'selection', selection: ['Zinc primer', 'Intumescent', 'None'], requiresElevated: false }),
                  value: '',
                  label_name: 'Paint System',
                },
              ],
            },
          ],
        },
      },
    ]);
    await tx.insert(t.licenseProjectOverrides).values({ licenseId: licenseIds.get('northwind')!, projectId: towerA, type: 'CustomerCode', value: 'NWC-TA' });

    const roleRows = await tx.select({ roleId: t.roles.roleId, name: t.roles.name }).from(t.roles);
    const roleId = new Map(roleRows.map((r) => [r.name, r.roleId]));
    const people: DemoUser[] = [...PEOPLE, ...crew(36)];
    const userIds = new Map<string, number>();
    for (const person of people) {
      const domain = person.license === 'internal' ? 'sitesense.example' : `${person.license}.example`;
      const [row] = await tx
        .insert(t.users)
        .values({
          userName: person.userName,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email ?? `${person.userName.replace(/[^a-z0-9.]/gi, '')}@${domain}`,
          phoneNumber: person.phoneNumber ?? '',
          companyName: LICENCES.find((l) => l.key === person.license)!.company,
          position: person.position,
          comment: person.comment ?? '',
          licenseId: licenseIds.get(person.license)!,
          isApproved: !person.inactive,
          isLockedOut: Boolean(person.locked),
          lastLockedDate: person.locked ? new Date(now.getTime() - 2 * DAY) : null,
          failedLoginCount: person.locked ? 5 : 0,
          isSsoUser: Boolean(person.sso),
          isSsoInitial: Boolean(person.sso),
          twoFactorEnabled: Boolean(person.twoFactor),
          mustUpdatePassword: Boolean(person.mustUpdatePassword),
          passwordHash: person.password === 'admin' ? adminHash : person.password === 'demo' ? demoHash : null,
          createDate: new Date(now.getTime() - (person.createdDaysAgo ?? Math.floor(rnd() * 700 + 30)) * DAY),
          lastLoginDate:
            person.inactive || person.lastSignInDaysAgo === null ? null : new Date(now.getTime() - (person.lastSignInDaysAgo ?? Math.floor(rnd() * 20)) * DAY),
          lastPasswordChangeDate: person.password ? new Date(now.getTime() - 40 * DAY) : null,
        })
        .returning({ userId: t.users.userId });
      const userId = row!.userId;
      userIds.set(person.userName, userId);
      const roleIds = person.roles.map((name) => roleId.get(name)).filter((id): id is number => id !== undefined);
      if (roleIds.length) await tx.insert(t.userRoles).values(roleIds.map((r) => ({ userId, roleId: r })));
      if (person.addons.length) await tx.insert(t.userAddons).values(person.addons.map((addOnId) => ({ userId, addOnId })));
      const projects = person.projects.map((name) => projectIds.get(name)!);
      if (projects.length) await tx.insert(t.userProjects).values(projects.map((projectId) => ({ userId, projectId })));
    }
    for (const [key, licenseId] of licenseIds) {
      const owner = PEOPLE.find((p) => p.license === key && (p.roles.includes('ACCESS_MY_CUSTOMER_LICENCE') || p.userName === 'admin'));
      if (owner)
        await tx
          .update(t.licenses)
          .set({ ownerId: userIds.get(owner.userName)! })
          .where(eq(t.licenses.licenseId, licenseId));
    }
    const northwindVendors = await tx
      .select()
      .from(t.vendors)
      .where(eq(t.vendors.licenseId, licenseIds.get('northwind')!));
    const vendorUser = userIds.get('alex.nguyen')!;
    await tx.insert(t.userAddons).values({ userId: vendorUser, addOnId: 7 });
    await tx.insert(t.userAddonVendors).values(northwindVendors.slice(0, 2).map((v) => ({ userId: vendorUser, addOnId: 7, vendorId: v.vendorId })));

    for (const group of GROUPS) {
      const [row] = await tx
        .insert(t.userGroups)
        .values({ name: group.name, licenseId: licenseIds.get(group.license)! })
        .returning({ id: t.userGroups.userGroupId });
      const userGroupId = row!.id;
      await tx.insert(t.userGroupRoles).values(group.roles.map((name) => ({ userGroupId, roleId: roleId.get(name)! })));
      await tx.insert(t.userGroupProjects).values(group.projects.map((name) => ({ userGroupId, projectId: projectIds.get(name)! })));
      await tx.insert(t.userGroupAddons).values(group.addons.map((addOnId) => ({ userGroupId, addOnId })));
      await tx.insert(t.userGroupUsers).values(group.members.map((name) => ({ userGroupId, userId: userIds.get(name)! })));
    }

    const northwind = licenseIds.get('northwind')!;
    await tx.insert(t.apiKeys).values([
      { ...apiKeyValues('nwc7Kp2Q'), name: 'Procore Sync', description: 'Pushes RFIs and submittals from Procore.', licenseId: northwind, allProjects: true },
      { ...apiKeyValues('nwc9Zr4T'), name: 'Power BI Export', description: 'Read-only reporting feed.', licenseId: northwind, isActive: false },
      { ...apiKeyValues('hbj3Wm8L'), name: 'SAP Gateway', description: 'Goods receipts from SAP.', licenseId: licenseIds.get('harbour')! },
    ]);
    const keys = await tx.select().from(t.apiKeys);
    await tx.insert(t.apiKeyAddons).values(keys.map((k) => ({ apiKeyId: k.apiKeyId, addOnId: BASE_ADDON_ID })));
    const procore = keys.find((k) => k.name === 'Power BI Export')!;
    await tx.insert(t.apiKeyProjects).values({ apiKeyId: procore.apiKeyId, projectId: towerA });
    await tx.insert(t.apiKeyRoles).values(['VIEW_STATUS', 'REPORT_PROGRESS'].map((name) => ({ apiKeyId: procore.apiKeyId, roleId: roleId.get(name)! })));

    const imports = await tx.select().from(t.importSystems);
    const jsmith = userIds.get('jsmith')!;
    const towerImports = imports.filter((i) => i.projectId === towerA);
    await tx.insert(t.userImports).values(towerImports.map((i, n) => ({ userId: jsmith, configId: i.configId, enabled: n !== 1 })));
    const reporters = ['jsmith', 'psingh', 'licadmin'];
    await tx.insert(t.integrationReports).values(
      Array.from({ length: 45 }, (_, n) => {
        const imp = towerImports[n % towerImports.length]!;
        const rows = 20 + Math.floor(rnd() * 400);
        const errors = n % 7 === 0 ? Math.floor(rnd() * 5) + 1 : 0;
        return {
          createTime: new Date(now.getTime() - n * 0.9 * DAY - Math.floor(rnd() * 3_600_000)),
          displayName: imp.displayName,
          requestS3Key: `imports/${towerA}/${imp.configId}/${n + 1000}.csv`,
          userName: n % 4 === 0 ? 'api:Procore Sync' : reporters[n % reporters.length]!,
          requestProjectId: towerA,
          requestImportId: imp.configId,
          dataLink: `/data/imports/${n + 1000}`,
          apiKeyName: n % 4 === 0 ? 'Procore Sync' : null,
          reportJson: {
            rowsRead: rows,
            rowsImported: rows - errors,
            errors: Array.from({ length: errors }, (_, e) => ({ row: e * 13 + 4, message: 'Unknown site path' })),
          },
        };
      }),
    );

    // The files those imports read (the report view downloads them): a header and the rows read.
    const runs = await tx.select().from(t.integrationReports);
    await tx.insert(t.integrationReportFiles).values(
      runs.map((run) => {
        const rowsRead = Number((run.reportJson as { rowsRead?: number }).rowsRead ?? 20);
        const lines = Array.from(
          { length: rowsRead },
          (_, i) =>
            `MAT-${String(i + 1).padStart(5, '0')},Steel beam ${i + 1},Site 1>Area ${String.fromCharCode(65 + (i % 6))}>Bay ${(i % 12) + 1},${(i % 9) + 1}`,
        );
        return {
          integrationReference: run.integrationReference,
          fileName: run.requestS3Key.split('/').pop()!,
          content: ['Tag,Description,Site Path,Quantity', ...lines].join('\r\n') + '\r\n',
        };
      }),
    );

    const reportRows = await tx.select().from(t.reports);
    const report = (name: string) => reportRows.find((r) => r.reportName === name)!.reportId;
    await tx.insert(t.reportGroups).values([
      { reportId: report('Progress Summary'), roleId: roleId.get('VIEW_STATUS')!, licenseId: northwind, projectId: null },
      { reportId: report('Stock On Hand'), roleId: roleId.get('VIEW_MATERIAL')!, licenseId: northwind, projectId: towerA },
      { reportId: report('Muster Report'), roleId: roleId.get('MOBILE_MUSTER_TOOL')!, licenseId: null, projectId: null },
    ]);
    await tx.insert(t.userReports).values([{ userId: jsmith, reportId: report('Earned Value'), assigned: true }]);
    await tx.insert(t.shortcuts).values([
      { licenseId: northwind, reportId: report('Progress Summary'), type: null, order: 1 },
      { licenseId: northwind, reportId: report('Earned Value'), type: null, order: 2 },
      { licenseId: northwind, reportId: report('Stock On Hand'), type: 'inventory', order: null },
      { licenseId: northwind, reportId: report('Overdue Shipments'), type: 'shipments', order: null },
    ]);

    const steel = steelErection();
    const steelKey = randomUUID();
    const [steelA] = await tx
      .insert(t.workflows)
      .values([
        { name: 'Steel Erection', projectId: towerA, workflowRelatedKey: steelKey, workflowData: steel },
        { name: 'Steel Erection', projectId: projectIds.get('Northwind Tower B')!, workflowRelatedKey: steelKey, workflowData: steel },
        {
          name: 'Receiving Inspection',
          projectId: projectIds.get('Northwind Logistics Hub')!,
          workflowRelatedKey: randomUUID(),
          workflowData: receivingInspection(),
        },
        {
          name: 'Deck Segment Install',
          projectId: projectIds.get('Harbour Bridge Deck')!,
          workflowRelatedKey: randomUUID(),
          workflowData: receivingInspection(),
        },
        {
          name: 'Old Scaffold Process',
          projectId: towerA,
          workflowRelatedKey: randomUUID(),
          workflowData: receivingInspection(),
          isDecommissioned: true,
          decommissionDateTime: new Date(now.getTime() - 90 * DAY),
        },
      ])
      .returning();
    await tx.insert(t.workflowResourceTypes).values([
      { projectId: towerA, typeNumber: 7, workflowId: steelA!.workflowId },
      { projectId: towerA, typeNumber: ADJUSTMENT_TYPE, workflowId: steelA!.workflowId },
    ]);
    const motorKey = randomUUID();
    const motorSteps = [step('Inspect packaging', 0, 0, 0), step('Rotate shaft', 1, 30, 0), step('Check space heaters', 1, 12, 1)];
    const [motorA] = await tx
      .insert(t.preservations)
      .values([
        { name: 'Motor Preservation', projectId: towerA, preservationRelatedKey: motorKey, preservationSteps: motorSteps },
        { name: 'Motor Preservation', projectId: projectIds.get('Northwind Logistics Hub')!, preservationRelatedKey: motorKey, preservationSteps: motorSteps },
        {
          name: 'Cable Drum Care',
          projectId: projectIds.get('Northwind Logistics Hub')!,
          preservationRelatedKey: randomUUID(),
          preservationSteps: [step('Seal ends', 0, 0, 0), step('Rotate drum', 1, 90, 0)],
        },
      ])
      .returning();
    await tx.insert(t.preservationResourceTypes).values({ projectId: towerA, typeNumber: 3, preservationId: motorA!.id });

    await tx.insert(t.mobileReleases).values([
      { version: '3.14.0', couchUrl: 'https://sync.sitesense.example/db-3-14', releaseDate: new Date(now.getTime() - 12 * DAY), active: true, current: true },
      { version: '3.13.2', couchUrl: 'https://sync.sitesense.example/db-3-13', releaseDate: new Date(now.getTime() - 70 * DAY), active: true, current: false },
      {
        version: '3.12.0',
        couchUrl: 'https://sync.sitesense.example/db-3-12',
        releaseDate: new Date(now.getTime() - 160 * DAY),
        active: false,
        current: false,
      },
    ]);

    // A plausible seat history from October 2018 (or the licence's start) for the monthly users report.
    await seedSeatHistory(
      tx,
      now,
      rnd,
      LICENCES.map((license) => ({
        licenseId: licenseIds.get(license.key)!,
        start: new Date(Math.max(Date.UTC(2018, 9, 1), now.getTime() - license.createdYearsAgo * 365 * DAY)),
      })),
    );
  });

  return {
    seeded: true,
    adminPassword: config.adminPassword ? undefined : adminPassword,
    demoPassword: config.demoPassword ? undefined : demoPassword,
    generated: { admin: !config.adminPassword, demo: !config.demoPassword },
  };
}
