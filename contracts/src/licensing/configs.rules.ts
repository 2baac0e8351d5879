/**
 * The rules a config must keep (spec 1 §5), written once: the config editor shows them as
 * the administrator types, and the API refuses a config that breaks them whatever the caller
 * sends. Each rule answers problems — where and the spec's message — never throws.
 *
 * - A positiveNumber parameter is at least 0 ('Value cannot be negative.').
 * - EnforceStorageLevels: the minimum is not above the maximum (0 means no restriction), and
 *   its range agrees with the levels of ReceiptPost's direct-handover pick location.
 * - ReceiptPost: the pick location separates levels with ' > ' and has as many levels as
 *   EnforceStorageLevels allows.
 * - ResourceProperties: names not blank, a restricted selection has choices, a name (any case)
 *   used twice only for different resource types.
 * - UserPassword (ours, issue 36): whole numbers; the lockout's waits at most a day, and the
 *   longest not shorter than the first (a missing one: its default).
 */
import { DEFAULT_PASSWORD_POLICY, MAX_LOCKOUT_WAIT_SECONDS, PASSWORD_CONFIG_NAME } from '../auth/password-policy';
import type { ConfigData, ConfigEntry, ConfigParameter, ResourceProperty } from './configs.entities';
import {
  ConfigMessages,
  locationAtLeastLevels,
  locationAtMostLevels,
  locationExactLevels,
  locationLevelRange,
  pickLocationLevelConflict,
  propertyRepeated,
  propertyRepeatedForTypes,
} from './licensing.messages';

/** The config whose parameters are the resource properties (its own editor and tab). */
export const RESOURCE_PROPERTIES_CONFIG = 'ResourceProperties';
export const STORAGE_LEVELS_CONFIG = 'EnforceStorageLevels';
export const RECEIPT_POST_CONFIG = 'ReceiptPost';
export const MIN_LEVELS = 'MinimumLevels';
export const MAX_LEVELS = 'MaximumLevels';
export const PICK_LOCATION = 'DirectHandoverPickLocation';

/**
 * Ours: the project configs that have an effect only where a customer's integration reads
 * them (the project's Project Config tab names those it has, spec 2: 'The following project
 * configs require custom integration logic to have an effect.').
 */
export const CUSTOM_INTEGRATION_CONFIGS: readonly string[] = ['CustomSiteBarcode', 'MaterialCheckInOut'];

/** Where a problem is: the entry's index in `data.configs` and the parameter's (null: the entry as a whole). */
export interface ConfigProblem {
  entry: number;
  parameter: number | null;
  message: string;
}

/** A parameter's number, or null when it holds none (blank text counts as none). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The named parameter of a config (any entry), or undefined. */
export function parameterOf(data: ConfigData | null | undefined, name: string): ConfigParameter | undefined {
  for (const entry of data?.configs ?? []) {
    const found = entry.parameters.find((parameter) => parameter.name === name);
    if (found) return found;
  }
  return undefined;
}

/** EnforceStorageLevels' range; 0 (or none) on a side means no restriction there. */
export interface StorageLevels {
  min: number;
  max: number;
}

export function storageLevelsOf(data: ConfigData | null | undefined): StorageLevels {
  return { min: numberOf(parameterOf(data, MIN_LEVELS)?.value) ?? 0, max: numberOf(parameterOf(data, MAX_LEVELS)?.value) ?? 0 };
}

/** The direct-handover pick location's text, '' when unset. */
export function pickLocationOf(data: ConfigData | null | undefined): string {
  const value = parameterOf(data, PICK_LOCATION)?.value;
  return typeof value === 'string' ? value.trim() : '';
}

/** The levels of a location ('Yard > Rack 2 > Bin 4' has 3); 0 for none. */
export function locationLevels(location: string): number {
  return location.trim() === '' ? 0 : location.trim().split(' > ').length;
}

/** Whether a location's levels fit the range (0 on a side: no restriction there). */
function fits(levels: number, { min, max }: StorageLevels): boolean {
  return (min <= 0 || levels >= min) && (max <= 0 || levels <= max);
}

/** What a pick location breaks, or null: the separator rule, then EnforceStorageLevels' range. */
export function pickLocationProblem(location: string, levels: StorageLevels): string | null {
  const text = location.trim();
  if (text === '') return null;
  const parts = text.split(' > ');
  if (parts.some((part) => part.includes('>') || part.trim() === '')) return ConfigMessages.locationSeparator;
  if (fits(parts.length, levels)) return null;
  const { min, max } = levels;
  if (min > 0 && max > 0) return min === max ? locationExactLevels(min) : locationLevelRange(min, max);
  return min > 0 ? locationAtLeastLevels(min) : locationAtMostLevels(max);
}

/**
 * The other configs a config's rules read: the owner's EnforceStorageLevels and ReceiptPost
 * as saved (the one being checked stands in for its own).
 */
export interface RelatedConfigs {
  storageLevels?: ConfigData | null;
  receiptPost?: ConfigData | null;
}

/** Every problem of a config (by name) as it would be saved. */
export function configProblems(name: string, data: ConfigData, related: RelatedConfigs = {}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  data.configs.forEach((entry, e) =>
    entry.parameters.forEach((parameter, p) => {
      if (parameter.inputType === 'positiveNumber' && (numberOf(parameter.value) ?? 0) < 0)
        problems.push({ entry: e, parameter: p, message: ConfigMessages.negative });
    }),
  );
  if (problems.length > 0) return problems;

  const where = (parameterName: string): ConfigProblem => {
    for (const [e, entry] of data.configs.entries()) {
      const p = entry.parameters.findIndex((parameter) => parameter.name === parameterName);
      if (p >= 0) return { entry: e, parameter: p, message: '' };
    }
    return { entry: 0, parameter: null, message: '' };
  };

  if (name === STORAGE_LEVELS_CONFIG) {
    const levels = storageLevelsOf(data);
    if (levels.min > 0 && levels.max > 0 && levels.min > levels.max) return [{ ...where(MIN_LEVELS), message: ConfigMessages.minAboveMax }];
    const location = pickLocationOf(related.receiptPost);
    if (location !== '' && !fits(locationLevels(location), levels)) {
      problems.push({ ...where(MIN_LEVELS), message: pickLocationLevelConflict(locationLevels(location)) });
    }
  }
  if (name === RECEIPT_POST_CONFIG) {
    const message = pickLocationProblem(pickLocationOf(data), storageLevelsOf(related.storageLevels));
    if (message) problems.push({ ...where(PICK_LOCATION), message });
  }
  if (name === RESOURCE_PROPERTIES_CONFIG) {
    for (const message of resourcePropertyProblems(data)) problems.push({ entry: 0, parameter: null, message });
  }
  if (name === PASSWORD_CONFIG_NAME) problems.push(...passwordConfigProblems(data, where));
  return problems;
}

/** UserPassword's rules: whole numbers, and the lockout's waits (issue 36). */
function passwordConfigProblems(data: ConfigData, where: (parameterName: string) => ConfigProblem): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  data.configs.forEach((entry, e) =>
    entry.parameters.forEach((parameter, p) => {
      const n = numberOf(parameter.value);
      if (parameter.name in DEFAULT_PASSWORD_POLICY && n !== null && !Number.isInteger(n))
        problems.push({ entry: e, parameter: p, message: ConfigMessages.wholeNumber });
    }),
  );
  const valueOf = (key: 'LockoutWaitSeconds' | 'LockoutMaxWaitSeconds') => numberOf(parameterOf(data, key)?.value) ?? DEFAULT_PASSWORD_POLICY[key];
  for (const key of ['LockoutWaitSeconds', 'LockoutMaxWaitSeconds'] as const) {
    if (valueOf(key) > MAX_LOCKOUT_WAIT_SECONDS) problems.push({ ...where(key), message: ConfigMessages.lockoutWaitTooLong });
  }
  const wait = valueOf('LockoutWaitSeconds');
  if (wait > 0 && valueOf('LockoutMaxWaitSeconds') < wait)
    problems.push({ ...where('LockoutMaxWaitSeconds'), message: ConfigMessages.lockoutMaxWaitBelowWait });
  return problems;
}

// ------------------------------------------------------------------ resource properties

/** What a resource property's `name` may hold as a JSON blob. */
interface PropertyBlob {
  type?: unknown;
  selection?: unknown;
  requiresElevated?: unknown;
}

function blobOf(name: string): PropertyBlob | null {
  if (!name.trim().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(name);
    return parsed && typeof parsed === 'object' ? (parsed as PropertyBlob) : null;
  } catch {
    return null;
  }
}

/**
 * A ResourceProperties entry as the editor shows it (spec 1 §3: its first parameter holds the
 * label, and a `name` that may be a JSON blob with type, selection and requiresElevated).
 */
export function readResourceProperty(entry: ConfigEntry): ResourceProperty {
  const first = entry.parameters[0];
  const name = typeof first?.name === 'string' ? first.name : '';
  const blob = blobOf(name);
  const record = (first ?? {}) as Record<string, unknown>;
  const type = blob?.type ?? record.type;
  const selection = blob?.selection ?? record.selection;
  const requiresElevated = blob?.requiresElevated ?? record.requiresElevated;
  return {
    label_name: typeof first?.label_name === 'string' ? first.label_name : blob ? entry.property : name,
    name: blob ? entry.property : name,
    type: type === 'selection' ? 'selection' : 'default',
    selection: Array.isArray(selection) ? selection.filter((item): item is string => typeof item === 'string') : [],
    requiresElevated: requiresElevated === true,
    resourceTypes: first?.resourceTypes ?? [],
  };
}

/** A resource property as the ResourceProperties config stores it (the blob form, which every reader understands). */
export function writeResourceProperty(property: ResourceProperty): ConfigEntry {
  const label = property.label_name.trim();
  const key = property.name.trim() || label.replace(/\s+/g, '');
  return {
    property: key,
    parameters: [
      {
        name: JSON.stringify({
          type: property.type,
          selection: property.type === 'selection' ? property.selection : [],
          requiresElevated: property.requiresElevated,
        }),
        value: '',
        label_name: label,
        resourceTypes: property.resourceTypes.map(({ typeName, typeNumber }) => ({ typeName, typeNumber })),
      },
    ],
  };
}

/** The resource properties a ResourceProperties config holds, in order. */
export function resourcePropertiesOf(data: ConfigData | null | undefined): ResourceProperty[] {
  return (data?.configs ?? []).map(readResourceProperty);
}

/** Every message the spec gives a set of resource properties, each once. */
export function resourcePropertyProblems(data: ConfigData): string[] {
  const properties = resourcePropertiesOf(data);
  const problems = new Set<string>();
  if (properties.some((property) => property.label_name.trim() === '')) problems.add(ConfigMessages.propertyNameBlank);
  if (properties.some((property) => property.type === 'selection' && property.selection.filter((item) => item.trim() !== '').length === 0)) {
    problems.add(ConfigMessages.selectionRequired);
  }
  const byName = new Map<string, ResourceProperty[]>();
  for (const property of properties) {
    const key = property.label_name.trim().toLowerCase();
    if (key === '') continue;
    byName.set(key, [...(byName.get(key) ?? []), property]);
  }
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const label = same[0]!.label_name.trim();
    if (same.some((property) => property.resourceTypes.length === 0)) {
      problems.add(propertyRepeated(label));
      continue;
    }
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const property of same) {
      for (const type of new Set(property.resourceTypes.map((t) => t.typeName))) {
        if (seen.has(type)) repeated.add(type);
        seen.add(type);
      }
    }
    if (repeated.size > 0) problems.add(propertyRepeatedForTypes(label, [...repeated]));
  }
  return [...problems];
}

/**
 * Whether `after` changes a property only elevated administrators may change (ours: the
 * spec's 'some properties need elevated privileges to edit'): one that requires elevation
 * in `before` or in `after`, added, removed or edited. Compared by the property's key.
 */
export function changesElevatedProperty(before: ConfigData | null | undefined, after: ConfigData): boolean {
  const keyed = (data: ConfigData | null | undefined) => new Map((data?.configs ?? []).map((entry) => [entry.property, entry] as const));
  const old = keyed(before);
  const next = keyed(after);
  for (const key of new Set([...old.keys(), ...next.keys()])) {
    const a = old.get(key);
    const b = next.get(key);
    const elevated = (a && readResourceProperty(a).requiresElevated) || (b && readResourceProperty(b).requiresElevated);
    if (elevated && JSON.stringify(a ? readResourceProperty(a) : null) !== JSON.stringify(b ? readResourceProperty(b) : null)) return true;
  }
  return false;
}
