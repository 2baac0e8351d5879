/**
 * An audit entry in words (issue 36 item 16): what it did ('Changed first name, last name',
 * 'Password set by admin', 'Created user', 'Signed in'), and each changed field under the label
 * the screens give it, a secret as 'changed', a set (roles, projects, product licences) as what it
 * gained and lost by name, a document (a config, a workflow's phases) marked for a JSON diff.
 * The request's method and path stay in the entry for its details line. Read-side only: the
 * entries are written as before (http/audit.ts); this describes what they hold.
 */
import { ApiKeyFieldLabels, UserAccessLabels, UserFieldLabels, UserGroupFieldLabels } from 'contracts/identity/model';
import { LicenseFieldLabels, MobileReleaseFieldLabels, ReportGroupFieldLabels } from 'contracts/licensing/model';
import { ConfigFieldLabels, ImportSystemFieldLabels, ProjectFieldLabels, SiteFieldLabels } from 'contracts/projects-sites/model';
import { PreservationFieldLabels, WorkflowFieldLabels } from 'contracts/workflows/model';
import { idKindOf, type Names } from './audit.names';

/** One field's change as the History shows it (contracts/common AuditChangeSchema). */
export interface ChangeInWords {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
  secret?: true;
  added?: string[];
  removed?: string[];
  json?: true;
}

/** What an entry holds, as the trail stores it. */
export interface StoredEntry {
  entity: string;
  entityId: string | null;
  actorUserId: number | null;
  method: string;
  path: string;
  status: number;
  before: unknown;
  after: unknown;
}

/** What http/audit.ts stores in place of a secret. */
const REDACTED = '[redacted]';

/** How each kind of entry reads: its noun, its fields' labels, fields never shown, and its own words where the generic ones fall short. */
interface Kind {
  noun: string;
  labels?: Readonly<Record<string, string>>;
  /** Internal fields a History never lists (ids, timestamps the row keeps for itself). */
  hidden?: readonly string[];
  /** The action, when the entry says more than 'Created …' or 'Changed …'. */
  action?: (entry: Shape) => string | undefined;
  /** A value as the screens say it ('Unlimited'), when plain text would not do. */
  value?: (field: string, value: unknown) => string | undefined;
  /** The whole value is one list (a user's role names): its field's label. */
  listLabel?: string;
  /** Its fields are names already (a product licence's, a report's, a resource type's): shown as they are. */
  namedFields?: true;
}

/** An entry's before and after as records (a list is under the entity's own name), and what changed. */
interface Shape {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changed: string[];
  method: string;
  path: string;
  status: number;
  /** The actor is the entry's own user (their own password, their own sign-in). */
  byThemselves: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const only = (shape: Shape, ...fields: string[]) => shape.changed.length > 0 && shape.changed.every((field) => fields.includes(field));
const flag = (shape: Shape, field: string) => shape.after?.[field] === true;
const unlimited = (value: unknown) => (typeof value === 'number' && value < 0 ? 'Unlimited' : undefined);

const ACCESS_LABELS = { ...UserAccessLabels };

const KINDS: Record<string, Kind> = {
  user: {
    noun: 'user',
    labels: UserFieldLabels,
    hidden: ['userId', 'createDate', 'lastActivityDate', 'lastLoginDate', 'lastLockedDate', 'lastPasswordChangeDate', 'isSsoInitial', 'updatedAt'],
    action: (shape) => {
      const after = shape.after ?? {};
      if ('password' in after) {
        // Its value and the flag beside it are stored redacted: who set it says which it was.
        if (/\/password\/reset\b/.test(shape.path)) return 'Password reset by link';
        return shape.byThemselves ? 'Changed own password' : 'Password set by admin';
      }
      // Second factors (issue 40): an administrator's reset, and the owner's own changes.
      if (after.secondFactorsReset === true) return 'Second factors reset by admin';
      if ('passkeyAdded' in after) return 'Added a passkey';
      if ('passkeyRemoved' in after) return 'Removed a passkey';
      if ('passkeyName' in after) return 'Renamed a passkey';
      if ('authenticatorApp' in after)
        return after.authenticatorApp === true
          ? 'Set up an authenticator app'
          : after.authenticatorApp === false
            ? 'Removed the authenticator app'
            : 'Started setting up an authenticator app';
      if ('recoveryCodes' in after) return 'Replaced the recovery codes';
      if ('failedLoginCount' in after) return after.isLockedOut === true ? 'Locked after failed sign-ins' : 'Failed sign-in';
      if (shape.before === null && typeof after.copiedFrom === 'string') return `Created as a copy of ${after.copiedFrom}`;
      // A user file (issue 39): the user it created, or what it changed.
      if (/\/user-import$/.test(shape.path)) return shape.before === null ? 'Imported' : 'Imported changes';
      if (only(shape, 'isApproved')) return flag(shape, 'isApproved') ? 'Activated' : 'Deactivated';
      if (only(shape, 'isLockedOut')) return flag(shape, 'isLockedOut') ? 'Locked' : 'Unlocked';
      return undefined;
    },
  },
  'user-roles': { noun: 'roles', listLabel: 'Roles', action: () => 'Changed roles' },
  'user-addons': {
    noun: 'product licenses',
    labels: ACCESS_LABELS,
    action: (shape) => (shape.after && 'lostAddons' in shape.after ? 'Seats freed as a dormant account' : 'Changed product licenses'),
  },
  'user-projects': { noun: 'projects', labels: ACCESS_LABELS, action: () => 'Changed projects' },
  'user-imports': { noun: 'imports', listLabel: 'Imports', action: () => 'Changed imports' },
  'user-reports': {
    noun: 'reports',
    labels: ACCESS_LABELS,
    listLabel: 'Reports',
    action: (shape) =>
      shape.after && typeof shape.after.assigned === 'boolean'
        ? shape.after.assigned
          ? 'Assigned a report'
          : 'Unassigned a report'
        : 'Changed report assignments',
  },
  'password-reset-link': { noun: 'password reset link', labels: ACCESS_LABELS, action: () => 'Sent a password reset link' },
  'user-sessions': {
    noun: 'sessions',
    labels: { session: 'Session', sessions: 'Sessions', signedOut: 'Signed out', allOthers: 'All other sessions' },
    action: (shape) =>
      shape.after?.allOthers === true ? (shape.byThemselves ? 'Signed out everywhere else' : 'Signed out all sessions') : 'Signed out a session',
  },
  'user-group': { noun: 'user group', labels: UserGroupFieldLabels },
  'user-group-users': {
    noun: 'members',
    labels: UserGroupFieldLabels,
    action: (shape) =>
      shape.after && 'added' in shape.after ? 'Added members' : shape.after && 'memberships' in shape.after ? 'Removed members' : 'Changed members',
  },
  'user-group-addons': { noun: 'product licenses', labels: UserGroupFieldLabels, action: () => 'Changed product licenses' },
  'user-group-roles': { noun: 'roles', labels: UserGroupFieldLabels, action: () => 'Changed roles' },
  'user-group-projects': { noun: 'projects', labels: UserGroupFieldLabels, action: () => 'Changed projects' },
  'api-key': {
    noun: 'API key',
    labels: ApiKeyFieldLabels,
    action: (shape) => (only(shape, 'isActive') ? (flag(shape, 'isActive') ? 'Activated' : 'Deactivated') : undefined),
  },
  'api-key-addons': { noun: 'product licenses', labels: ApiKeyFieldLabels, action: () => 'Changed product licenses' },
  'api-key-roles': { noun: 'roles', labels: ApiKeyFieldLabels, action: () => 'Changed roles' },
  'api-key-projects': { noun: 'projects', labels: ApiKeyFieldLabels, action: () => 'Changed projects' },
  license: {
    noun: 'license',
    labels: LicenseFieldLabels,
    hidden: ['licenseId', 'updatedAt'],
    action: (shape) => (only(shape, 'isActive') ? (flag(shape, 'isActive') ? 'Activated' : 'Deactivated') : undefined),
    value: (field, value) => (field === 'maxUsers' || field === 'maxProjects' ? unlimited(value) : undefined),
  },
  // Each field is a product licence's name, its value the seat limit.
  'license-addons': {
    noun: 'product license limits',
    namedFields: true,
    action: () => 'Changed product license limits',
    value: (_field, value) => unlimited(value) ?? (value === 0 ? 'Not offered' : undefined),
  },
  'license-integrations': { noun: 'integrations', labels: LicenseFieldLabels, action: () => 'Changed integrations' },
  'license-internal-config': { noun: 'internal configuration', labels: LicenseFieldLabels, action: () => 'Changed internal configuration' },
  'license-seats': { noun: 'seats', labels: LicenseFieldLabels, action: () => 'Freed seats of dormant accounts' },
  'license-environment': { noun: 'environment', labels: LicenseFieldLabels, action: () => 'Linked an environment' },
  'license-expiry-notice': { noun: 'expiry notice', action: () => 'Sent the expiry notice' },
  // Each field is a report's name, its value its shortcut.
  shortcuts: {
    noun: 'report shortcuts',
    namedFields: true,
    action: (shape) => (shape.method === 'DELETE' ? 'Removed a report shortcut' : 'Changed report shortcuts'),
    value: (_field, value) => {
      if (!isRecord(value)) return undefined;
      if (typeof value.order === 'number') return `Basic Shortcut, place ${value.order}`;
      if (typeof value.type === 'string') return `Dashboard: ${value.type}`;
      return undefined;
    },
  },
  'report-group': {
    noun: 'report group',
    labels: ReportGroupFieldLabels,
    hidden: ['reportGroupId'],
    action: (shape) => (shape.after === null ? 'Removed report group' : undefined),
  },
  'mobile-release': { noun: 'mobile release', labels: MobileReleaseFieldLabels, hidden: ['id'] },
  // Ours (issue 42): a remote's release channel, its id the remote's.
  'remote-channel': {
    noun: 'release channel',
    labels: {
      stableVersion: 'Stable',
      pilotVersion: 'Pilot',
      // Written as the licences' names (domain/release-channels.ts channelAudited); entries before that hold their ids.
      pilotLicenses: 'Pilot licences',
      pilotLicenseIds: 'Pilot licences',
      pilotPercent: 'Pilot share of users (%)',
      rollback: 'Rollback rule',
      autoRolledBack: 'Rolled back by the rule',
    },
    hidden: ['remoteId'],
    action: (shape) => {
      const before = shape.before?.pilotVersion ?? null;
      const after = shape.after?.pilotVersion ?? null;
      if (after !== null && after !== before) return `Started the pilot of ${String(after)}`;
      if (before === null || after !== null) return undefined;
      if (shape.after?.stableVersion === before) return `Promoted ${String(before)} to stable`;
      return shape.after?.autoRolledBack ? `${String(before)} rolled back by the rule` : `Rolled back ${String(before)}`;
    },
  },
  project: {
    noun: 'project',
    labels: ProjectFieldLabels,
    action: (shape) => (only(shape, 'isActive', 'removedFrom') ? (flag(shape, 'isActive') ? 'Activated project' : 'Deactivated project') : undefined),
  },
  'import-system': { noun: 'import system', labels: ImportSystemFieldLabels, hidden: ['configId', 'enabled'] },
  'document-numbering': { noun: 'document numbering', namedFields: true, action: () => 'Changed document numbering' },
  'workflow-resource-types': {
    noun: 'resource types of workflows',
    listLabel: 'Resource types',
    action: (shape) => (shape.after ? 'Copied resource types to workflows' : 'Removed resource types from workflows'),
  },
  'preservation-resource-types': {
    noun: 'resource types of preservations',
    listLabel: 'Resource types',
    action: (shape) => (shape.after ? 'Copied resource types to preservations' : 'Removed resource types from preservations'),
  },
  site: {
    noun: 'site',
    labels: SiteFieldLabels,
    action: (shape) => {
      if (!only(shape, 'active', 'copiedFrom')) return undefined;
      if (!flag(shape, 'active')) return 'Archived site';
      return shape.after && 'copiedFrom' in shape.after ? 'Unarchived by a copy' : 'Unarchived site';
    },
  },
  config: {
    noun: 'config',
    labels: ConfigFieldLabels,
    action: (shape) => (shape.before === null ? 'Added config' : shape.after === null ? 'Removed config' : 'Changed config'),
  },
  workflow: {
    noun: 'workflow',
    labels: WorkflowFieldLabels,
    hidden: ['workflowRelatedKey', 'workflowType'],
    action: (shape) => (shape.changed.includes('isDecommissioned') && flag(shape, 'isDecommissioned') ? 'Archived workflow' : undefined),
  },
  preservation: { noun: 'preservation', labels: PreservationFieldLabels, hidden: ['id', 'preservationRelatedKey', 'projectName'] },
  login: { noun: 'sign-in', action: () => 'Failed sign-in' },
  session: {
    noun: 'session',
    action: (shape) => {
      const after = shape.after ?? {};
      if ('revokedAt' in after) return 'Signed out';
      return after.method === 'sso' ? 'Signed in with single sign-on' : after.method === 'two-factor e-mail' ? 'Signed in with a two-factor code' : 'Signed in';
    },
  },
  'two-factor': { noun: 'two-factor code', action: (shape) => (shape.after && 'result' in shape.after ? 'Wrong two-factor code' : 'Sent a two-factor code') },
  'environment-session': { noun: 'environment', action: (shape) => (shape.after?.ended === true ? 'Left the environments' : 'Opened an environment') },
  'session-guid': { noun: 'hand-off', action: () => 'Started a hand-off to an environment' },
};

/** 'firstName' → 'First name', 'ssoUrl' → 'Sso url': a field no map names. */
export function humanize(field: string): string {
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A label inside a sentence: 'First name' → 'first name', 'SSO URL' stays, 'Project Name' → 'project name'. */
const inSentence = (label: string) =>
  label
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word.replace(/[^A-Za-z0-9]/g, '')) ? word : word.toLowerCase()))
    .join(' ');

/** 'Changed a, b and 2 more': the fields of a change, at most three by name. */
function changedText(labels: string[]): string {
  const named = labels.slice(0, 3).map(inSentence).join(', ');
  return labels.length > 3 ? `${named} and ${labels.length - 3} more` : named;
}

/** Whether a value says anything at creation: not null, not empty. */
const meaningful = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(isRecord(value) && Object.keys(value).length === 0);

/** A value to compare: nothing, null, '' and an empty list or record are all 'nothing' (an entry's empty `vendors: []` is no change). */
const same = (value: unknown) => (meaningful(value) ? JSON.stringify(value) : 'null');

/** A list of scalars (not of objects): its items as text. */
const scalarList = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item))
    ? value.map((item) => String(item))
    : null;

/**
 * Describes one entry: its action in words and its changes, labelled. `names` turns the ids
 * it holds into names (read once for the page, audit.names.ts).
 */
export function describe(entry: StoredEntry, names: Names): { action: string; changes: ChangeInWords[] } {
  const kind: Kind = KINDS[entry.entity] ?? { noun: humanize(entry.entity).toLowerCase() };
  const listField = entry.entity;
  // A list stored whole (a user's role names) reads as one field named after the entity.
  const asRecord = (value: unknown): Record<string, unknown> | null =>
    value === null || value === undefined ? null : isRecord(value) ? value : { [listField]: value };
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const created = before === null && after !== null;
  // In the order the screens show them (the label map's), the rest by name: a JSON document keeps no order of its own.
  const order = Object.keys(kind.labels ?? {});
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])]
    .filter((field) => !(kind.hidden ?? []).includes(field))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const changed = fields.filter((field) =>
    created ? meaningful(after![field]) : same(before?.[field]) !== same(after?.[field]) || after?.[field] === REDACTED,
  );
  const labelOf = (field: string) =>
    field === listField && kind.listLabel ? kind.listLabel : (kind.labels?.[field] ?? (kind.namedFields ? field : humanize(field)));

  /** A value as text: names for ids, the kind's own words, Yes/No, lists joined; objects as JSON. */
  const text = (field: string, value: unknown): string | null => {
    if (value === null || value === undefined) return null;
    const own = kind.value?.(field, value);
    if (own !== undefined) return own;
    const idKind = idKindOf(entry.entity, field);
    if (idKind) {
      const ids = Array.isArray(value) ? value : [value];
      if (ids.every((id) => typeof id === 'number')) return ids.map((id) => names.nameOf(idKind, id as number)).join(', ');
    }
    if (entry.entity === 'user-roles' && field === listField && Array.isArray(value))
      return value.length ? value.map((name) => names.roleLabel(String(name))).join(', ') : null;
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    const list = scalarList(value);
    if (list) return list.length ? list.join(', ') : null;
    return JSON.stringify(value);
  };

  /** The items of a set-like list (ids by name), for added/removed. */
  const items = (field: string, value: unknown): string[] | null => {
    if (value === null || value === undefined) return [];
    const list = scalarList(value);
    if (!list) return null;
    const idKind = idKindOf(entry.entity, field);
    if (idKind && (value as unknown[]).every((id) => typeof id === 'number')) return (value as number[]).map((id) => names.nameOf(idKind, id));
    if (entry.entity === 'user-roles') return list.map((name) => names.roleLabel(name));
    return list;
  };

  const changes = changed.map((field): ChangeInWords => {
    const was = before?.[field];
    const is = after?.[field];
    const label = labelOf(field);
    if (was === REDACTED || is === REDACTED) return { field, label, before: null, after: null, secret: true };
    const isDocument = [was, is].some((value) => isRecord(value) || (Array.isArray(value) && scalarList(value) === null));
    if (isDocument && !kind.value)
      return {
        field,
        label,
        before: was === undefined || was === null ? null : JSON.stringify(was),
        after: is === undefined || is === null ? null : JSON.stringify(is),
        json: true,
      };
    const change: ChangeInWords = { field, label, before: text(field, was), after: text(field, is) };
    // A set (roles, projects, product licences, integrations): what it gained and lost, by name.
    const wasItems = items(field, was);
    const isItems = items(field, is);
    if ((Array.isArray(was) || Array.isArray(is)) && wasItems && isItems && field !== 'expiryNotificationDays') {
      change.added = isItems.filter((item) => !wasItems.includes(item));
      change.removed = wasItems.filter((item) => !isItems.includes(item));
    }
    return change;
  });

  const byThemselves = entry.actorUserId !== null && entry.entityId !== null && String(entry.actorUserId) === entry.entityId;
  const shape: Shape = { before, after, changed, method: entry.method, path: entry.path, status: entry.status, byThemselves };
  const action =
    kind.action?.(shape) ??
    (created
      ? `Created ${kind.noun}`
      : after === null && before !== null
        ? `Removed ${kind.noun}`
        : changes.length
          ? `Changed ${changedText(changes.map((change) => change.label))}`
          : `Changed ${kind.noun}`);
  return { action, changes };
}
