/**
 * Reference data every database needs, written at each start and safe to run again:
 * products, the permission catalogue, resource types, integrations, reports, and root
 * project 1 with the default configs it supplies.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_CONFIG_NAME, PASSWORD_POLICY_LABELS, type PasswordPolicyKey } from 'contracts/auth/model';
import type { Db } from '../db/client';
import { addons, configs, integrations, projects, reports, resourceTypes, roleGroups, roles, type ConfigData } from '../db/schema';
import { ADDONS, friendlyName, INTEGRATIONS, isAdministrative, REPORTS, RESOURCE_TYPES, ROLE_GROUPS } from './catalogue';

export const ROOT_PROJECT_ID = 1;

const one = (property: string, parameters: ConfigData['configs'][number]['parameters']): ConfigData => ({
  configs: [{ property, parameters }],
});

export const passwordConfigData = (): ConfigData =>
  one(
    PASSWORD_CONFIG_NAME,
    (Object.keys(DEFAULT_PASSWORD_POLICY) as PasswordPolicyKey[]).map((name) => ({
      name,
      value: DEFAULT_PASSWORD_POLICY[name],
      label_name: PASSWORD_POLICY_LABELS[name],
      inputType: 'positiveNumber',
    })),
  );

/** The project defaults root project 1 supplies. */
export const DEFAULT_PROJECT_CONFIGS: Record<string, () => ConfigData> = {
  [PASSWORD_CONFIG_NAME]: passwordConfigData,
  EnforceStorageLevels: () =>
    one('EnforceStorageLevels', [
      { name: 'MinimumLevels', value: 0, label_name: 'Minimum levels (0: no restriction)', inputType: 'positiveNumber' },
      { name: 'MaximumLevels', value: 0, label_name: 'Maximum levels (0: no restriction)', inputType: 'positiveNumber' },
    ]),
  ReceiptPost: () => one('ReceiptPost', [{ name: 'DirectHandoverPickLocation', value: '', label_name: 'Direct Handover Pick Location', inputType: 'text' }]),
  DocumentNameAutoNumbering: () =>
    one('DocumentNameAutoNumbering', [{ name: 'Enabled', value: true, bool: true, label_name: 'Number documents automatically', inputType: 'bool' }]),
  CustomSiteBarcode: () =>
    one('CustomSiteBarcode', [
      { name: 'Prefix', value: '', label_name: 'Barcode prefix', inputType: 'text' },
      { name: 'IncludeProjectId', value: false, bool: true, label_name: 'Include the project id', inputType: 'bool' },
    ]),
  CustomEquipmentStatus: () => one('CustomEquipmentStatus', [{ name: 'Statuses', value: [], label_name: 'Custom equipment statuses', inputType: 'list' }]),
  // The status a material takes when checked in or out (null: Do Not Change Status); the options are GET spot/status's.
  MaterialCheckInOut: () =>
    one('MaterialCheckInOut', [
      { name: 'CheckInStatus', value: null, label_name: 'Status on check-in', inputType: 'materialStatus' },
      { name: 'CheckOutStatus', value: null, label_name: 'Status on check-out', inputType: 'materialStatus' },
    ]),
  ResourceProperties: () => ({ configs: [] }),
};

/** Licence configs a licence may add (GET license/default/configs). */
export const DEFAULT_LICENCE_CONFIGS: Record<string, () => ConfigData> = {
  [PASSWORD_CONFIG_NAME]: passwordConfigData,
  TwoFactorAuthentication: () =>
    one('TwoFactorAuthentication', [{ name: 'Required', value: false, bool: true, label_name: 'Require two-factor sign-in', inputType: 'bool' }]),
  SessionTimeout: () => one('SessionTimeout', [{ name: 'Minutes', value: 480, label_name: 'Session length in minutes', inputType: 'positiveNumber' }]),
  ResourceProperties: () => ({ configs: [] }),
};

async function syncSequence(db: Db, table: string, column: string) {
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', '${column}'), greatest((select coalesce(max(${column}), 0) from ${table}), 1))`));
}

export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(addons)
    .values(ADDONS.map((addon, i) => ({ ...addon, sortOrder: i })))
    .onConflictDoUpdate({
      target: addons.addOnId,
      set: {
        name: sql`excluded.name`,
        shortName: sql`excluded.short_name`,
        description: sql`excluded.description`,
        color: sql`excluded.color`,
        category: sql`excluded.category`,
      },
    });
  await syncSequence(db, 'addons', 'add_on_id');

  const groups = await db
    .insert(roleGroups)
    .values(ROLE_GROUPS.map((group, i) => ({ name: group.name, addOnId: group.addOnId, sortOrder: i })))
    .onConflictDoUpdate({ target: roleGroups.name, set: { addOnId: sql`excluded.add_on_id`, sortOrder: sql`excluded.sort_order` } })
    .returning({ roleGroupId: roleGroups.roleGroupId, name: roleGroups.name });
  const groupId = new Map(groups.map((g) => [g.name, g.roleGroupId]));
  await db
    .insert(roles)
    .values(
      ROLE_GROUPS.flatMap((group) =>
        group.roles.map(([name, description]) => ({
          name,
          friendlyName: friendlyName(name),
          description,
          roleGroupId: groupId.get(group.name)!,
          administrative: isAdministrative(group, name),
        })),
      ),
    )
    .onConflictDoUpdate({
      target: roles.name,
      set: {
        friendlyName: sql`excluded.friendly_name`,
        description: sql`excluded.description`,
        roleGroupId: sql`excluded.role_group_id`,
        administrative: sql`excluded.administrative`,
      },
    });

  await db
    .insert(resourceTypes)
    .values([...RESOURCE_TYPES])
    .onConflictDoUpdate({ target: resourceTypes.typeNumber, set: { typeName: sql`excluded.type_name` } });
  await db
    .insert(integrations)
    .values([...INTEGRATIONS])
    .onConflictDoNothing();
  await db
    .insert(reports)
    .values(REPORTS.map(([reportPath, reportName]) => ({ reportPath, reportName })))
    .onConflictDoNothing();

  await db
    .insert(projects)
    .values({ projectId: ROOT_PROJECT_ID, name: 'Root', description: 'Supplies the default configs of every project.', licenseId: null })
    .onConflictDoNothing();
  await syncSequence(db, 'projects', 'project_id');
  // A default added in a later release reaches an existing database; the defaults it already
  // has (perhaps changed by a super administrator) stay as they are (the unique names hold it).
  await db
    .insert(configs)
    .values(Object.entries(DEFAULT_PROJECT_CONFIGS).map(([name, data]) => ({ name, projectId: ROOT_PROJECT_ID, data: data() })))
    .onConflictDoNothing();
  await db
    .insert(configs)
    .values(Object.entries(DEFAULT_LICENCE_CONFIGS).map(([name, data]) => ({ name, isLicense: true, data: data() })))
    .onConflictDoNothing();
}
