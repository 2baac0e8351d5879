/**
 * What the config editors compute from a config and its draft, React-free: the configs a tab
 * lists, the defaults the owner may add, the related configs the rules read, a parameter's
 * kind of field, a change to one parameter, and the JSON view's parsing. The rules themselves
 * are the licensing model's (configProblems, resourcePropertyProblems): never repeated here.
 */
import * as v from 'valibot';
import {
  ConfigDataSchema,
  CUSTOM_INTEGRATION_CONFIGS,
  RECEIPT_POST_CONFIG,
  RESOURCE_PROPERTIES_CONFIG,
  STORAGE_LEVELS_CONFIG,
  type Config,
  type ConfigData,
  type ConfigParameter,
  type ConfigProblem,
  type RelatedConfigs,
} from 'contracts/licensing';

/** The configs the Project Config (or licence configuration) tab lists: all but ResourceProperties, which has its own tab. */
export const editableConfigs = (configs: readonly Config[]) => configs.filter((config) => config.name !== RESOURCE_PROPERTIES_CONFIG);

/** The defaults the owner does not have yet, without ResourceProperties (its own tab adds it). */
export const newDefaults = (defaults: readonly Config[], owned: readonly Config[]) => {
  const names = new Set(owned.map((config) => config.name));
  return defaults.filter((config) => config.name !== RESOURCE_PROPERTIES_CONFIG && !names.has(config.name));
};

/** The owner's saved EnforceStorageLevels and ReceiptPost, which the rules check a config against. */
export const relatedOf = (configs: readonly Config[]): RelatedConfigs => ({
  storageLevels: configs.find((config) => config.name === STORAGE_LEVELS_CONFIG)?.data ?? null,
  receiptPost: configs.find((config) => config.name === RECEIPT_POST_CONFIG)?.data ?? null,
});

/** The owner's configs that need custom integration logic to have an effect (spec 2). */
export const customIntegrationNames = (configs: readonly Config[]) =>
  configs.map((config) => config.name).filter((name) => CUSTOM_INTEGRATION_CONFIGS.includes(name));

/** Whether two configs' data are the same. */
export const sameData = (a: ConfigData | null | undefined, b: ConfigData | null | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The kind of field a parameter is edited with: its `inputType`, else what its value is. */
export type FieldKind = 'positiveNumber' | 'number' | 'text' | 'bool' | 'list' | 'materialStatus';

const KINDS: readonly FieldKind[] = ['positiveNumber', 'number', 'text', 'bool', 'list', 'materialStatus'];

export function fieldKind(parameter: ConfigParameter): FieldKind {
  const given = parameter.inputType ?? '';
  if ((KINDS as readonly string[]).includes(given)) return given as FieldKind;
  if (parameter.bool === true || typeof parameter.value === 'boolean') return 'bool';
  if (typeof parameter.value === 'number') return 'number';
  if (Array.isArray(parameter.value)) return 'list';
  return 'text';
}

/** A parameter's label (spec: `label_name`, else its name). */
export const labelOf = (parameter: ConfigParameter) => parameter.label_name?.trim() || parameter.name;

/** The data with one parameter's value replaced (entry `e`, parameter `p`). */
export function withValue(data: ConfigData, e: number, p: number, value: unknown): ConfigData {
  return {
    ...data,
    configs: data.configs.map((entry, i) =>
      i !== e ? entry : { ...entry, parameters: entry.parameters.map((parameter, j) => (j !== p ? parameter : { ...parameter, value })) },
    ),
  };
}

/** A number field's text as the value it stores: a number, or '' while blank. */
export const numberValue = (text: string): number | '' => (text.trim() === '' || !Number.isFinite(Number(text)) ? '' : Number(text));

/** Number parameters left blank (entry and parameter), which cannot be saved. */
export function blankNumbers(data: ConfigData): { entry: number; parameter: number }[] {
  const blanks: { entry: number; parameter: number }[] = [];
  data.configs.forEach((entry, e) =>
    entry.parameters.forEach((parameter, p) => {
      const kind = fieldKind(parameter);
      if ((kind === 'number' || kind === 'positiveNumber') && (parameter.value === '' || parameter.value === null || parameter.value === undefined))
        blanks.push({ entry: e, parameter: p });
    }),
  );
  return blanks;
}

/** The messages of the problems at one parameter. */
export const messagesAt = (problems: readonly ConfigProblem[], e: number, p: number) =>
  problems.filter((problem) => problem.entry === e && problem.parameter === p).map((problem) => problem.message);

/** The messages of the problems of an entry as a whole, or of no parameter the form shows. */
export function entryMessages(problems: readonly ConfigProblem[], data: ConfigData, e: number): string[] {
  return problems
    .filter((problem) => problem.entry === e && (problem.parameter === null || problem.parameter >= (data.configs[e]?.parameters.length ?? 0)))
    .map((problem) => problem.message);
}

/** A config's data as the JSON view shows it. */
export const jsonOf = (data: ConfigData) => JSON.stringify(data, null, 2);

/** The JSON view's text as config data, or null when it is not JSON of a config ({ "configs": [ … ] }). */
export function parseConfigJson(text: string): ConfigData | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Array.isArray((parsed as { configs?: unknown }).configs)) return null;
  const result = v.safeParse(ConfigDataSchema, parsed);
  return result.success ? result.output : null;
}
