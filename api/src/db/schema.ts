/**
 * The whole data model of the spec, one table per entity and one per relation.
 * Uniqueness rules of the spec are constraints here, so the database refuses a duplicate
 * even when two requests race. PostgreSQL 15 features only (Debian's server is 15).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------- environments, licences

export const environments = pgTable('environments', {
  environmentId: id('environment_id'),
  name: text('name').notNull().unique(),
  serverUrl: text('server_url').notNull(),
  /** 'UAT', 'DEV' or null for production; shown beside the name. */
  label: text('label'),
});

export const licenses = pgTable(
  'licenses',
  {
    licenseId: id('license_id'),
    name: text('name').notNull().unique(),
    company: text('company').notNull(),
    licenseType: text('license_type').notNull().default('Standard'),
    ownerId: integer('owner_id').references((): AnyPgColumn => users.userId, { onDelete: 'set null' }),
    environmentId: integer('environment_id').references(() => environments.environmentId, { onDelete: 'set null' }),
    /** -1 (any negative) is unlimited. */
    maxProjects: integer('max_projects').notNull().default(0),
    maxUsers: integer('max_users').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Null: never expires. At most 18 Jan 2038. */
    expiryDate: at('expiry_date'),
    expiryNotificationDays: integer('expiry_notification_days')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** OpenID Connect issuer of the licence's single sign-on, and the console's client id there. */
    ssoUrl: text('sso_url'),
    ssoClientId: text('sso_client_id'),
    customerCode: text('customer_code'),
    opportunityId: text('opportunity_id'),
    /** Ours (issue 24): days without signing in after which an account holding a seat is dormant (the seat dashboard). */
    dormantAfterDays: integer('dormant_after_days').notNull().default(90),
    /**
     * Ours (issue 40): the licence's second-factor policy (domain/factors.ts): 'off' (no new
     * set-ups), 'optional', 'administrators' (required for anyone holding an administrative role)
     * or 'everyone'. Single sign-on users are exempt: their provider decides.
     */
    secondFactorPolicy: text('second_factor_policy').notNull().default('optional'),
    /** With a required policy: only a phishing-resistant factor (a passkey) meets it. */
    secondFactorPhishingResistant: boolean('second_factor_phishing_resistant').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('licenses_dormant_after_days', sql`${t.dormantAfterDays} between 1 and 3650`),
    check('licenses_second_factor_policy', sql`${t.secondFactorPolicy} in ('off', 'optional', 'administrators', 'everyone')`),
  ],
);

export const licenseEnvironments = pgTable(
  'license_environments',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    environmentId: integer('environment_id')
      .notNull()
      .references(() => environments.environmentId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.environmentId] })],
);

/** Product licences. Add-on 1 is the base product (no infinite toggle); category VENDOR needs vendors. */
export const addons = pgTable('addons', {
  addOnId: id('add_on_id'),
  name: text('name').notNull().unique(),
  shortName: text('short_name').notNull().unique(),
  description: text('description').notNull().default(''),
  color: text('color').notNull().default('#64748b'),
  category: text('category'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Seat limit of an add-on in a licence: -1 unlimited, 0 not offered. */
export const licenseAddons = pgTable(
  'license_addons',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    addOnId: integer('add_on_id')
      .notNull()
      .references(() => addons.addOnId, { onDelete: 'cascade' }),
    maxUsers: integer('max_users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.addOnId] })],
);

export const vendors = pgTable(
  'vendors',
  {
    vendorId: id('vendor_id'),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('vendors_license_name').on(t.licenseId, t.name)],
);

export const integrations = pgTable('integrations', {
  integrationId: id('integration_id'),
  integrationName: text('integration_name').notNull().unique(),
  imgUrl: text('img_url').notNull().default(''),
  description: text('description').notNull().default(''),
});

export const licenseIntegrations = pgTable(
  'license_integrations',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.integrationId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.integrationId] })],
);

/** Internal configuration: per-project overrides of a licence (customer code and opportunity id live on the licence). */
export const licenseProjectOverrides = pgTable(
  'license_project_overrides',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.projectId, t.type] })],
);

/**
 * The seat ledger (issue 24, beyond the spec): who holds which product licence in which
 * licence, as last recorded, and every seat gained (+) or lost (-) with its moment, from which
 * the monthly users report reads past months — so a past month's figures never change.
 * Triggers keep both (migration 0010, `record_seats`): every change to a user's product
 * licences, a group's product licences or members, or a user's licence or existence, records
 * itself at commit, whatever wrote it. Neither table has foreign keys: a deleted user's or
 * licence's past stays counted.
 */
export const licenseSeats = pgTable(
  'license_seats',
  {
    userId: integer('user_id').notNull(),
    addOnId: integer('add_on_id').notNull(),
    licenseId: integer('license_id').notNull(),
    /**
     * When the holder last showed itself (their last sign-in, or creation when they never signed
     * in): written by `record_seats` and, on every sign-in, by the users' trigger (migration 0032),
     * under the ledger's lock, so the seat dashboard counts a million users' dormant seats along
     * an index instead of joining them to users (issue 38).
     */
    seenAt: at('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addOnId, t.licenseId] }), index('license_seats_dormant').on(t.licenseId, t.seenAt, t.userId, t.addOnId)],
);

/**
 * The seat ledger's running count (issue 38): seats in use per licence and product licence, kept
 * by `record_seats` from the same gains and losses it writes to seat_events (migration 0024), so
 * `GET licenses/{id}/addons` and the seat dashboard read a row instead of counting a million
 * holders. Like license_seats it is as of the last commit: a check inside a transaction that
 * changes seats counts live (domain/seats.ts `seatsUsed`).
 */
export const licenseSeatCounts = pgTable(
  'license_seat_counts',
  {
    licenseId: integer('license_id').notNull(),
    addOnId: integer('add_on_id').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.addOnId] })],
);

/**
 * One row: a number that every change to what authentication reads (a session ended or its
 * set-up flag, a user's name, licence, state or existence, roles, group roles or memberships,
 * a role's name) raises in the change's own transaction (statement triggers, migration 0025).
 * A server on PGlite keeps what it read per session while the number stays the same
 * (http/auth.ts), so the next request after any such change reads it again. A PostgreSQL
 * connection turns the triggers off (`console.auth_epoch = off`): servers there read every time.
 */
export const authEpoch = pgTable('auth_epoch', {
  id: integer('id').primaryKey().default(1),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
});

export const seatEvents = pgTable(
  'seat_events',
  {
    seatEventId: bigint('seat_event_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    licenseId: integer('license_id').notNull(),
    addOnId: integer('add_on_id').notNull(),
    /** The user whose seat it was; null for figures carried over from before the ledger. */
    userId: integer('user_id'),
    /** Seats gained (positive) or lost (negative). */
    change: integer('change').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('seat_events_license_at').on(t.licenseId, t.at), check('seat_events_change', sql`${t.change} <> 0`)],
);

/**
 * The seat ledger by month (issue 38): per licence, product licence and month (UTC, as
 * `year * 12 + month - 1`), the sum of the seat_events of that month, kept by statement triggers
 * on seat_events in the writing transaction (migration 0033), so the monthly users report reads
 * a few hundred rows instead of summing millions of events at a million users.
 */
export const seatMonths = pgTable(
  'seat_months',
  {
    licenseId: integer('license_id').notNull(),
    addOnId: integer('add_on_id').notNull(),
    month: integer('month').notNull(),
    change: integer('change').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.addOnId, t.month] })],
);

/**
 * Who is assigned to each project, directly or through a user group, each once, and how many
 * (issue 25: the project lists count users without counting a million assignments). Kept by
 * the same deferred triggers as the seat ledger (migrations 0010, 0012), from the final state of
 * each transaction; no foreign keys, like the ledger.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user').on(t.userId)],
);

export const projectUserCounts = pgTable('project_user_counts', {
  projectId: integer('project_id').primaryKey(),
  users: integer('users').notNull().default(0),
});

/**
 * Expiry notices (issue 24, beyond the spec): one row per licence per UTC day on which a
 * notice went out. The key is the lease: of several servers on one database, only the one
 * whose insert succeeds sends that day's notice (domain/expiry-notices.ts).
 */
export const licenseExpiryNotices = pgTable(
  'license_expiry_notices',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    /** The UTC date of the notice, 'YYYY-MM-DD'. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Days left before expiry: one of the licence's notification days. */
    daysLeft: integer('days_left').notNull(),
    /** When the row was claimed (before any mail went out). */
    claimedAt: at('claimed_at').notNull().defaultNow(),
    /** 'sending' until the mail is sent, then 'sent' or 'failed'. */
    status: text('status').notNull().default('sending'),
    /** How many recipients the notice went to. */
    recipients: integer('recipients').notNull().default(0),
    /** Why sending failed (a class and a short message; never an address). */
    error: text('error'),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.day] })],
);

// ---------------------------------------------------------------- projects and sites

export const projects = pgTable(
  'projects',
  {
    projectId: id('project_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Null only for root project 1, which supplies the default configs. */
    licenseId: integer('license_id').references(() => licenses.licenseId, { onDelete: 'restrict' }),
    environmentId: integer('environment_id').references(() => environments.environmentId, { onDelete: 'set null' }),
    parentProjectId: integer('parent_project_id').references((): AnyPgColumn => projects.projectId, { onDelete: 'set null' }),
    rootProjectId: integer('root_project_id'),
    isActive: boolean('is_active').notNull().default(true),
    /** The default storage location: a site id and its hierarchy text. */
    defaultStorage: jsonb('default_storage').$type<{ siteId: number; siteHierarchy: string } | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('projects_license_name').on(t.licenseId, t.name), index('projects_license').on(t.licenseId)],
);

/**
 * A number per project that every statement changing its sites raises in its own transaction
 * (statement triggers, migration 0029); no row: 0. A server keeps the replies it built from a
 * project's sites (the hierarchy, the Sites tab's trees) while the number stays the same
 * (routes/sites/site-replies.ts), on PGlite and PostgreSQL alike: the number is read with each
 * request, so no server answers from sites older than the last commit. No foreign key: a
 * project's deletion removes its sites, whose trigger then raises the number of a project gone.
 */
export const projectSiteVersions = pgTable('project_site_versions', {
  projectId: integer('project_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export type SiteTypeFlags = {
  receivable?: boolean;
  issuable?: boolean;
  quarantine?: boolean;
  locked?: boolean;
  toolsAndEquipment?: boolean;
};

export type SiteProperties = {
  overlays?: { url: string; name: string }[];
  userProperties?: Record<string, { value: string; type: string }>;
};

export const sites = pgTable(
  'sites',
  {
    siteId: id('site_id'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => sites.siteId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    depth: integer('depth').notNull().default(0),
    siteClass: text('site_class').notNull().default('site'),
    siteTypes: jsonb('site_types').$type<SiteTypeFlags>().notNull().default({}),
    siteColor: text('site_color'),
    borderColor: text('border_color'),
    borderOpacity: real('border_opacity'),
    siteOpacity: real('site_opacity'),
    location: jsonb('location'),
    properties: jsonb('properties').$type<SiteProperties>().notNull().default({}),
  },
  (t) => [
    // Siblings cannot share a name, trimmed and in any case (spec 1 §5: 'Bay 1' and ' bay 1' are
    // one name); top-level sites (no parent, 0 here) are siblings too. Two concurrent creates of
    // one name under one parent cannot both succeed.
    uniqueIndex('sites_sibling_name_ci').on(t.projectId, sql`coalesce(${t.parentId}, 0)`, sql`lower(btrim(${t.name}))`),
    index('sites_parent').on(t.parentId),
    // The header's site search (GET sites/search): a name holding the text, ILIKE '%…%', by
    // trigrams. No pending list (fastupdate off), as users_search_trgm: PGlite has no autovacuum.
    index('sites_name_trgm')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('sites_class', sql`${t.siteClass} in ('area', 'warehouse', 'bin', 'muster', 'site')`),
  ],
);

export type ConfigParameter = {
  name: string;
  value: unknown;
  bool?: boolean;
  label_name?: string;
  label_type?: string;
  resourceTypes?: { typeName: string; typeNumber: number }[];
  required?: boolean;
  inputType?: string;
};
export type ConfigData = { configs: { property: string; parameters: ConfigParameter[] }[] };

/**
 * Configs of a project (project id set), of a licence (licence id set, isLicense), or the
 * default licence configs (isLicense, neither id set). Root project 1's are the project defaults.
 */
export const configs = pgTable(
  'configs',
  {
    configId: id('config_id'),
    systemConfigId: integer('system_config_id'),
    name: text('name').notNull(),
    isLicense: boolean('is_license').notNull().default(false),
    licenseId: integer('license_id').references(() => licenses.licenseId, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.projectId, { onDelete: 'cascade' }),
    data: jsonb('data').$type<ConfigData>().notNull(),
    /** Ours: counts the config's saves; an update names the version it read (compare-and-set, issue 26). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('configs_project_name')
      .on(t.projectId, t.name)
      .where(sql`${t.projectId} is not null`),
    uniqueIndex('configs_license_name')
      .on(t.licenseId, t.name)
      .where(sql`${t.licenseId} is not null`),
    uniqueIndex('configs_default_license_name')
      .on(t.name)
      .where(sql`${t.isLicense} and ${t.licenseId} is null and ${t.projectId} is null`),
    check('configs_owner', sql`not (${t.licenseId} is not null and ${t.projectId} is not null)`),
  ],
);

/** Resource types (typeName, typeNumber); 707 is the fixed 'Adjustment' type. */
export const resourceTypes = pgTable('resource_types', {
  typeNumber: integer('type_number').primaryKey(),
  typeName: text('type_name').notNull().unique(),
});

/** Document numbering per project and document type, with optimistic concurrency on next_number. */
export const documentNumbering = pgTable(
  'document_numbering',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    property: text('property').notNull(),
    label: text('label').notNull(),
    prefix: text('prefix').notNull().default(''),
    nextNumber: integer('next_number').notNull().default(1),
    parentProperty: text('parent_property'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.property] }), check('document_numbering_next', sql`${t.nextNumber} >= 0`)],
);

// ---------------------------------------------------------------- imports and reports

export const importSystems = pgTable(
  'import_systems',
  {
    configId: id('config_id'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    path: text('path').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    isInternal: boolean('is_internal').notNull().default(false),
  },
  // One name per project in any case (spec 1 §4: import creation is blocked when the name exists
  // in the project; 'ERP' and 'erp' are one name to the people choosing among them).
  (t) => [uniqueIndex('import_systems_project_name_ci').on(t.projectId, sql`lower(${t.displayName})`)],
);

export const integrationReports = pgTable(
  'integration_reports',
  {
    integrationReference: uuid('integration_reference').primaryKey().defaultRandom(),
    createTime: at('create_time').notNull().defaultNow(),
    displayName: text('display_name').notNull(),
    requestS3Key: text('request_s3_key').notNull(),
    userName: text('user_name').notNull(),
    requestProjectId: integer('request_project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    requestImportId: integer('request_import_id').references(() => importSystems.configId, { onDelete: 'set null' }),
    dataLink: text('data_link'),
    apiKeyName: text('api_key_name'),
    reportJson: jsonb('report_json').notNull().default({}),
  },
  (t) => [index('integration_reports_project_time').on(t.requestProjectId, t.createTime)],
);

/**
 * The file an integration report imported, kept with it (issue 25: the report view's import
 * file download; the platform keeps these in object storage under `requestS3Key`, this console
 * in its own database).
 */
export const integrationReportFiles = pgTable('integration_report_files', {
  integrationReference: uuid('integration_reference')
    .primaryKey()
    .references(() => integrationReports.integrationReference, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull().default('text/csv'),
  content: text('content').notNull(),
});

export const reports = pgTable('reports', {
  reportId: id('report_id'),
  reportPath: text('report_path').notNull().unique(),
  reportName: text('report_name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const reportGroups = pgTable(
  'report_groups',
  {
    reportGroupId: id('report_group_id'),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.reportId, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
    licenseId: integer('license_id').references(() => licenses.licenseId, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.projectId, { onDelete: 'cascade' }),
  },
  (t) => [unique('report_groups_unique').on(t.reportId, t.roleId, t.licenseId, t.projectId).nullsNotDistinct()],
);

/** Licence report shortcuts: basic ones have an order and no type, dashboard ones a type and no order. */
export const shortcuts = pgTable(
  'shortcuts',
  {
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.reportId, { onDelete: 'cascade' }),
    type: text('type'),
    order: integer('order'),
  },
  (t) => [
    primaryKey({ columns: [t.licenseId, t.reportId] }),
    // Ours: one report per dashboard type, and one per basic shortcut position, in a licence.
    uniqueIndex('shortcuts_license_type')
      .on(t.licenseId, t.type)
      .where(sql`${t.type} is not null`),
    uniqueIndex('shortcuts_license_order')
      .on(t.licenseId, t.order)
      .where(sql`${t.order} is not null`),
  ],
);

// ---------------------------------------------------------------- roles, users, groups

export const roleGroups = pgTable('role_groups', {
  roleGroupId: id('role_group_id'),
  name: text('name').notNull().unique(),
  /** The product whose holders may be given this group's roles; null: any user. */
  addOnId: integer('add_on_id').references(() => addons.addOnId, { onDelete: 'set null' }),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const roles = pgTable('roles', {
  roleId: id('role_id'),
  name: text('name').notNull().unique(),
  friendlyName: text('friendly_name').notNull(),
  description: text('description').notNull().default(''),
  roleGroupId: integer('role_group_id')
    .notNull()
    .references(() => roleGroups.roleGroupId, { onDelete: 'restrict' }),
  /**
   * An administrative role (the Administration and Licence scope groups, MENU_ADMIN_TOOL_ACCESS)
   * is given only by someone who holds it; a product role by anyone who administers roles in
   * the licence (domain/ceiling.ts).
   */
  administrative: boolean('administrative').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    userId: id('user_id'),
    userName: text('user_name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    position: text('position').notNull().default(''),
    comment: text('comment').notNull().default(''),
    licenseId: integer('license_id')
      .notNull()
      .references((): AnyPgColumn => licenses.licenseId, { onDelete: 'restrict' }),
    isApproved: boolean('is_approved').notNull().default(true),
    isLockedOut: boolean('is_locked_out').notNull().default(false),
    isSsoUser: boolean('is_sso_user').notNull().default(false),
    isSsoInitial: boolean('is_sso_initial').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    mustUpdatePassword: boolean('must_update_password').notNull().default(false),
    /** scrypt hash, 'scrypt$N$r$p$salt$hash'; null for single sign-on users. */
    passwordHash: text('password_hash'),
    /** Failed sign-ins (passwords, two-factor codes) since the last success or lock (routes/auth/lockout.ts). */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** The last counted failed sign-in: failures further apart than the policy's FailureResetSeconds start again. */
    lastFailedLoginDate: at('last_failed_login_date'),
    /** The end of a temporary lock after failed sign-ins (issue 36); is_locked_out is the lasting lock. */
    lockedUntil: at('locked_until'),
    /** Temporary locks since the last successful sign-in: each doubles the wait; past the policy's MaxTemporaryLockouts the lock lasts. */
    lockoutRounds: integer('lockout_rounds').notNull().default(0),
    createDate: at('create_date').notNull().defaultNow(),
    lastActivityDate: at('last_activity_date'),
    lastLoginDate: at('last_login_date'),
    lastLockedDate: at('last_locked_date'),
    lastPasswordChangeDate: at('last_password_change_date'),
    userData: jsonb('user_data').$type<Record<string, unknown>>().notNull().default({}),
    /** The directory's id of the user (SCIM `externalId`), unique in the licence; null for users no directory provisioned. */
    externalId: text('external_id'),
    /**
     * Counts changes to what SCIM shows of the user (names, contacts, flags, externalId): its
     * `meta.version` and ETag. A trigger (migration 0020) raises it on every such change, the
     * console's included, and sets `updatedDate` (SCIM `meta.lastModified`).
     */
    version: integer('version').notNull().default(1),
    updatedDate: at('updated_date'),
    /**
     * What the user search matches: every searchable field, one space apart, in lower case, kept
     * by PostgreSQL (migration 0035). A search tests it with LIKE against the lowered pattern
     * (db/text-search.ts, searchTextHolds): what ILIKE on the joined fields did, without joining
     * and lowering six fields for each row it tests.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("user_name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "company_name" || ' ' || "position")`),
  },
  (t) => [
    uniqueIndex('users_user_name_ci').on(sql`lower(${t.userName})`),
    uniqueIndex('users_license_external_id')
      .on(t.licenseId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('users_license').on(t.licenseId),
    // A licence's users in each list order (domain/user-list.ts): a page is read off one of
    // these alone. The migration (0004) adds INCLUDE (the columns the order's expressions
    // read), which drizzle cannot say, so PostgreSQL can skip the rows before a deep page in
    // the index without visiting the table (an index-only scan).
    index('users_license_name').on(t.licenseId, sql`lower(${t.userName})`, t.userId),
    index('users_license_full_name').on(t.licenseId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`, sql`lower(${t.userName})`, t.userId),
    index('users_license_company').on(t.licenseId, sql`lower(${t.companyName})`, sql`lower(${t.userName})`, t.userId),
    index('users_license_position').on(t.licenseId, sql`lower(${t.position})`, sql`lower(${t.userName})`, t.userId),
    index('users_license_approved').on(t.licenseId, t.isApproved, sql`lower(${t.userName})`, t.userId),
    index('users_license_locked').on(t.licenseId, t.isLockedOut, sql`lower(${t.userName})`, t.userId),
    // A licence's users, longest silent first (last sign-in, or creation when never): the seat
    // dashboard lists its dormant accounts off this, reading only the ones it shows (issue 38).
    index('users_license_last_seen').on(t.licenseId, sql`coalesce(${t.lastLoginDate}, ${t.createDate})`, t.userId),
    // The user search (user name, names, e-mail, company, position), by trigrams: LIKE '%…%' on
    // the search text uses it. Writes add their trigrams to a pending list merged in bulk
    // (migration 0028; src/db/search-index.ts merges it on PGlite, which has no autovacuum).
    index('users_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: true, gin_pending_list_limit: 1024 }),
    index('users_email_ci').on(sql`lower(${t.email})`),
  ],
);

/**
 * How many users each licence has, and how many of them are active: the unfiltered user
 * list's total without counting a million rows. Statement triggers on users (migration
 * 0004) keep it, so every insert, delete and update is counted, whoever makes it.
 */
export const licenseUserCounts = pgTable('license_user_counts', {
  licenseId: integer('license_id')
    .primaryKey()
    .references(() => licenses.licenseId, { onDelete: 'cascade' }),
  users: integer('users').notNull().default(0),
  approved: integer('approved').notNull().default(0),
  /**
   * Raised by the same triggers whenever the licence's user list may have changed order: a user
   * added, removed, moved between licences, or a sorted column changed (migration 0034). A
   * server's page anchors of a long list (domain/user-list.ts) hold only while it stays the same.
   */
  orderVersion: bigint('order_version', { mode: 'number' }).notNull().default(0),
});

/** Both columns of a many-to-many table form its key; the second is indexed for reverse lookups. */
const linkKeys = (name: string) => (t: Record<string, AnyPgColumn>) => {
  const [a, b] = Object.values(t) as [AnyPgColumn, AnyPgColumn];
  return [primaryKey({ columns: [a, b] }), index(`${name}_rev`).on(b)];
};
const ref = (name: string, column: () => AnyPgColumn) => integer(name).notNull().references(column, { onDelete: 'cascade' });

export const userProjects = pgTable(
  'user_projects',
  { userId: ref('user_id', () => users.userId), projectId: ref('project_id', () => projects.projectId) },
  linkKeys('user_projects'),
);
export const userRoles = pgTable(
  'user_roles',
  { userId: ref('user_id', () => users.userId), roleId: ref('role_id', () => roles.roleId) },
  linkKeys('user_roles'),
);
export const userAddons = pgTable(
  'user_addons',
  { userId: ref('user_id', () => users.userId), addOnId: ref('add_on_id', () => addons.addOnId) },
  linkKeys('user_addons'),
);

export const userAddonVendors = pgTable(
  'user_addon_vendors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    addOnId: integer('add_on_id')
      .notNull()
      .references(() => addons.addOnId, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.vendorId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addOnId, t.vendorId] })],
);

export const userImports = pgTable(
  'user_imports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => importSystems.configId, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.configId] })],
);

/** Reports assigned by hand; auto-assigned ones come from report groups. */
export const userReports = pgTable(
  'user_reports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.reportId, { onDelete: 'cascade' }),
    assigned: boolean('assigned').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reportId] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userGroupId: id('user_group_id'),
    name: text('name').notNull(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    /** The directory's id of the group (SCIM `externalId`), unique in the licence. */
    externalId: text('external_id'),
    createdDate: at('created_date').notNull().defaultNow(),
    /** Raised by a trigger (migration 0020) when the name or the members change: SCIM `meta.version` and ETag. */
    version: integer('version').notNull().default(1),
    updatedDate: at('updated_date'),
  },
  (t) => [
    uniqueIndex('user_groups_license_name_ci').on(t.licenseId, sql`lower(${t.name})`),
    uniqueIndex('user_groups_license_external_id')
      .on(t.licenseId, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

const groupRef = () => ref('user_group_id', () => userGroups.userGroupId);
export const userGroupUsers = pgTable(
  'user_group_users',
  { userGroupId: groupRef(), userId: ref('user_id', () => users.userId) },
  linkKeys('user_group_users'),
);
export const userGroupRoles = pgTable(
  'user_group_roles',
  { userGroupId: groupRef(), roleId: ref('role_id', () => roles.roleId) },
  linkKeys('user_group_roles'),
);
export const userGroupProjects = pgTable(
  'user_group_projects',
  { userGroupId: groupRef(), projectId: ref('project_id', () => projects.projectId) },
  linkKeys('user_group_projects'),
);
export const userGroupAddons = pgTable(
  'user_group_addons',
  { userGroupId: groupRef(), addOnId: ref('add_on_id', () => addons.addOnId) },
  linkKeys('user_group_addons'),
);

// ---------------------------------------------------------------- API keys

export const apiKeys = pgTable(
  'api_keys',
  {
    apiKeyId: id('api_key_id'),
    /** The first characters of the key, shown in lists; the secret is stored only as a hash. */
    keyPrefix: text('key_prefix').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    allProjects: boolean('all_projects').notNull().default(false),
    createdDate: createdAt(),
    updatedDate: updatedAt(),
    /** When the key last authenticated a call (written at most once a minute). */
    lastUsedDate: at('last_used_date'),
  },
  (t) => [unique('api_keys_license_name').on(t.licenseId, t.name)],
);

const keyRef = () => ref('api_key_id', () => apiKeys.apiKeyId);
export const apiKeyAddons = pgTable('api_key_addons', { apiKeyId: keyRef(), addOnId: ref('add_on_id', () => addons.addOnId) }, linkKeys('api_key_addons'));
export const apiKeyRoles = pgTable('api_key_roles', { apiKeyId: keyRef(), roleId: ref('role_id', () => roles.roleId) }, linkKeys('api_key_roles'));
export const apiKeyProjects = pgTable(
  'api_key_projects',
  { apiKeyId: keyRef(), projectId: ref('project_id', () => projects.projectId) },
  linkKeys('api_key_projects'),
);

// ---------------------------------------------------------------- access reviews (issue 41)

/** An access review of a licence: what it covers, by when, and its sign-off. */
export const accessReviews = pgTable(
  'access_reviews',
  {
    reviewId: id('review_id'),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'administrative' (every administrative role), 'role', 'addon' or 'project'. */
    scopeKind: text('scope_kind').notNull(),
    /** The chosen roles, product licences or projects; empty for 'administrative'. */
    scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** 'open', then 'signed-off' (read-only). */
    state: text('state').notNull().default('open'),
    createdByUserId: integer('created_by_user_id'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    signedOffByUserId: integer('signed_off_by_user_id'),
    signedOffBy: text('signed_off_by'),
    signedOffAt: at('signed_off_at'),
  },
  (t) => [index('access_reviews_license').on(t.licenseId, t.reviewId)],
);

/** The licence administrators who review. */
export const accessReviewReviewers = pgTable(
  'access_review_reviewers',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => accessReviews.reviewId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('access_review_reviewers_user').on(t.userId)],
);

/** One holding under review, snapshotted at the start (domain/holdings.ts), with its decision. */
export const accessReviewItems = pgTable(
  'access_review_items',
  {
    itemId: id('item_id'),
    reviewId: integer('review_id')
      .notNull()
      .references(() => accessReviews.reviewId, { onDelete: 'cascade' }),
    holderKind: text('holder_kind').notNull(),
    holderId: integer('holder_id').notNull(),
    holderName: text('holder_name').notNull(),
    holderLabel: text('holder_label').notNull(),
    whatKind: text('what_kind').notNull(),
    whatId: integer('what_id').notNull(),
    whatName: text('what_name').notNull(),
    whatLabel: text('what_label').notNull(),
    viaKind: text('via_kind').notNull(),
    viaId: integer('via_id'),
    viaName: text('via_name'),
    grantedAt: at('granted_at'),
    grantedBy: text('granted_by'),
    /** null until decided, then 'keep' or 'remove'. */
    decision: text('decision'),
    comment: text('comment').notNull().default(''),
    decidedByUserId: integer('decided_by_user_id'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    /** When a removal was applied. */
    appliedAt: at('applied_at'),
    /** Raised by each decision: a decision names the version it saw, so of two at once one stands. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('access_review_items_review').on(t.reviewId, t.holderKind, t.holderId)],
);

/** Reminders to a review's reviewers: one row per review per UTC day, the lease (as license_expiry_notices). */
export const accessReviewReminders = pgTable(
  'access_review_reminders',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => accessReviews.reviewId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    status: text('status').notNull().default('sending'),
    recipients: integer('recipients').notNull().default(0),
    error: text('error'),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.day] })],
);

// ---------------------------------------------------------------- workflows and preservations

export const workflows = pgTable(
  'workflows',
  {
    workflowId: id('workflow_id'),
    name: text('name').notNull(),
    workflowType: text('workflow_type').notNull().default('progress'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    /** Links copies of one workflow across projects. */
    workflowRelatedKey: uuid('workflow_related_key').notNull(),
    workflowData: jsonb('workflow_data').$type<{ phases: unknown[] }>().notNull().default({ phases: [] }),
    isDecommissioned: boolean('is_decommissioned').notNull().default(false),
    decommissionDateTime: at('decommission_date_time'),
  },
  (t) => [
    // One live copy of a workflow per project: an archived copy does not count, so a project
    // taken off a workflow (its copy archived) and added again gets a new copy.
    uniqueIndex('workflows_project_related_live')
      .on(t.projectId, t.workflowRelatedKey)
      .where(sql`not ${t.isDecommissioned}`),
    index('workflows_related').on(t.workflowRelatedKey),
  ],
);

export const preservations = pgTable(
  'preservations',
  {
    id: id('preservation_id'),
    name: text('name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    preservationRelatedKey: uuid('preservation_related_key').notNull(),
    preservationSteps: jsonb('preservation_steps').$type<unknown[]>().notNull().default([]),
  },
  (t) => [unique('preservations_project_related').on(t.projectId, t.preservationRelatedKey)],
);

/** A resource type belongs to at most one workflow per project. */
export const workflowResourceTypes = pgTable(
  'workflow_resource_types',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    typeNumber: integer('type_number')
      .notNull()
      .references(() => resourceTypes.typeNumber, { onDelete: 'cascade' }),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.workflowId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.typeNumber] })],
);

/** A resource type has at most one preservation per project ('{type} already has a config assigned'). */
export const preservationResourceTypes = pgTable(
  'preservation_resource_types',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.projectId, { onDelete: 'cascade' }),
    typeNumber: integer('type_number')
      .notNull()
      .references(() => resourceTypes.typeNumber, { onDelete: 'cascade' }),
    preservationId: integer('preservation_id')
      .notNull()
      .references(() => preservations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.typeNumber] })],
);

// ---------------------------------------------------------------- mobile releases

/** Mobile app releases ('Mobile Admin'): at most one is current, which the database holds. */
export const mobileReleases = pgTable(
  'mobile_releases',
  {
    id: id('mobile_release_id'),
    version: text('version').notNull().unique(),
    couchUrl: text('couch_url').notNull(),
    releaseDate: at('release_date').notNull(),
    active: boolean('active').notNull().default(true),
    current: boolean('current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('mobile_releases_one_current')
      .on(t.current)
      .where(sql`${t.current}`),
  ],
);

// ---------------------------------------------------------------- sign-in state

export const sessions = pgTable(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** The issuer a single sign-on session came from, for the provider's logout. */
    ssoIssuer: text('sso_issuer'),
    /** The browser's User-Agent at sign-in, cut to SESSION_USER_AGENT_CHARS (the Sessions tab parses it). */
    userAgent: text('user_agent'),
    /** The client's address at sign-in (http/client-address.ts: the balancer's entry when TRUST_PROXY is on). */
    ipAddress: text('ip_address'),
    /** The session's last request, written at most once a minute (http/auth.ts). */
    lastActiveAt: at('last_active_at'),
    /**
     * Ours (issue 40): a session opened only to set up the second factor the licence's policy
     * requires: every call but the set-up ones answers 403 (http/route.ts `setupAllowed`).
     */
    setupOnly: boolean('setup_only').notNull().default(false),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Two-factor challenges: the login reply's token names one; the e-mailed code is stored as a hash. */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  challengeId: uuid('challenge_id').primaryKey().defaultRandom(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * A user's authenticator app (TOTP, RFC 6238; issue 40): the secret encrypted with
 * FACTOR_ENCRYPTION_KEY (services/factor-crypto.ts), never stored or logged in clear. It signs
 * in once confirmed by a first code; last_used_step makes each code work once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The latest 30-second step a code was accepted for: that step and earlier ones are refused. */
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes (issue 40), stored only as hashes; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    recoveryCodeId: id('recovery_code_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

/**
 * Passkeys (WebAuthn credentials) a user registered on their profile (issue 40). The public key
 * is no secret; the signature counter and the backed-up flag are kept and checked at each use.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'singleDevice' or 'multiDevice'. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user').on(t.userId)],
);

/**
 * One-use WebAuthn challenges (registration, passwordless sign-in, the second factor after a
 * password, re-authentication): only the challenge's hash is stored; a use spends it.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challengeId: uuid('challenge_id').primaryKey().defaultRandom(),
  purpose: text('purpose').$type<'register' | 'sign-in' | 'second-factor' | 'confirm'>().notNull(),
  /** Whose challenge it is; null for a passwordless sign-in, where the passkey names the user. */
  userId: integer('user_id').references(() => users.userId, { onDelete: 'cascade' }),
  /** sha256 of the challenge sent; null until the options are asked for (a second factor's ticket). */
  challengeHash: text('challenge_hash'),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Password reset links (24 hours, single use); only a hash of the link's token is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** id_tokens already used to sign in: a token signs in once, until it expires. */
export const ssoTokenUses = pgTable('sso_token_uses', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/** One-use GUIDs that hand a console session to an environment server (Account/Authenticate). */
export const sessionGuids = pgTable('session_guids', {
  guidHash: text('guid_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.sessionId, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Sign-ins on an environment this server serves, made by Account/Authenticate. */
export const environmentSessions = pgTable('environment_sessions', {
  environmentSessionId: uuid('environment_session_id').primaryKey().defaultRandom(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  environmentId: integer('environment_id')
    .notNull()
    .references(() => environments.environmentId, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  endedAt: at('ended_at'),
});

// ---------------------------------------------------------------- audit and server state

/** Who changed what, when, through which call; before and after images without secrets. */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: bigint('audit_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** What the entry is about, as its History shows it: `user:5`, `user-group:3`, `api-key:7`, `license:2`; null for the rest. */
    subject: text('subject'),
    /** The licence whose audit log holds the entry (the subject's, else the actor's): a licence administrator reads only theirs. */
    licenseId: integer('license_id'),
    /** How the change came: 'scim' for a directory's SCIM call (History shows 'via SCIM'); null for the console and the API. */
    channel: text('channel'),
  },
  (t) => [
    index('audit_log_entity').on(t.entity, t.entityId),
    index('audit_log_at').on(t.at),
    index('audit_log_subject').on(t.subject, t.auditId),
    index('audit_log_license').on(t.licenseId, t.auditId),
  ],
);

/** Secrets the server makes itself on first start (the token signing key) unless configured. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Throttle counters (sign-in, two-factor, recovery), one row per key and fixed window. They
 * live in the database so that every server on one PostgreSQL counts together.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('throttles_window').on(t.windowStart)],
);

// ---------------------------------------------------------------- release channels (issue 42)

/**
 * A build of a remote registered for release channels: served at its own address
 * (`/remotes/<id>/<version>/mf-manifest.json`), several versions of one remote side by side.
 */
export const remoteVersions = pgTable(
  'remote_versions',
  {
    id: id('remote_version_id'),
    remoteId: text('remote_id').notNull(),
    version: text('version').notNull(),
    /** The URL of its mf-manifest.json (absolute, or a path on this server). */
    entry: text('entry').notNull(),
    /** The kernel range it was built for ('^4.0.0'), checked against the console's at registration. */
    kernel: text('kernel').notNull(),
    registeredAt: at('registered_at').notNull().defaultNow(),
    registeredBy: text('registered_by'),
  },
  (t) => [unique('remote_versions_remote_version').on(t.remoteId, t.version)],
);

/**
 * A remote's channels: its stable version (null: the address remotes.json names) and an
 * optional pilot, given to chosen licences and/or a share of users (sticky per user), with an
 * automatic rollback rule.
 */
export const remoteChannels = pgTable('remote_channels', {
  remoteId: text('remote_id').primaryKey(),
  stableVersion: text('stable_version'),
  pilotVersion: text('pilot_version'),
  pilotLicenseIds: integer('pilot_license_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** 0–100: the share of users (by a hash of user, remote and pilot version) who get the pilot. */
  pilotPercent: integer('pilot_percent').notNull().default(0),
  pilotStartedAt: at('pilot_started_at'),
  /** Roll back by itself when the pilot's errors per 1,000 page views exceed `factor` × stable's, with at least `minViews` pilot views (null: no rule). */
  rollbackFactor: real('rollback_factor'),
  rollbackMinViews: integer('rollback_min_views'),
  /** The last automatic rollback, said on the health page: when, which version, why. */
  autoRolledBackAt: at('auto_rolled_back_at'),
  autoRolledBackVersion: text('auto_rolled_back_version'),
  autoRolledBackReason: text('auto_rolled_back_reason'),
  updatedAt: updatedAt(),
});

/**
 * What browsers reported of a remote version: one row per code load, load failure and error
 * (message and stack trimmed, the browser's name, never anything personal but the user id).
 * Kept 8 days (the minute job deletes older rows).
 */
export const remoteEvents = pgTable(
  'remote_events',
  {
    id: bigint('remote_event_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    remoteId: text('remote_id').notNull(),
    version: text('version').notNull(),
    /** 'load', 'load-failure' or 'error'. */
    kind: text('kind').notNull(),
    at: at('at').notNull().defaultNow(),
    userId: integer('user_id'),
    /** The route's template (`/workflow/:id`), never a path with ids. */
    route: text('route'),
    message: text('message'),
    stack: text('stack'),
    browser: text('browser'),
    loadMs: integer('load_ms'),
  },
  (t) => [index('remote_events_remote_at').on(t.remoteId, t.version, t.at)],
);

/** Page views of a remote version, counted per user and minute (one row, incremented). Kept 8 days. */
export const remotePageViews = pgTable(
  'remote_page_views',
  {
    remoteId: text('remote_id').notNull(),
    version: text('version').notNull(),
    minute: at('minute').notNull(),
    userId: integer('user_id').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remoteId, t.version, t.minute, t.userId] }), index('remote_page_views_minute').on(t.minute)],
);
