import type { ConfigData } from './configs.entities';
import {
  changesElevatedProperty,
  configProblems,
  pickLocationProblem,
  readResourceProperty,
  resourcePropertyProblems,
  writeResourceProperty,
} from './configs.rules';
import {
  ConfigMessages,
  locationExactLevels,
  locationLevelRange,
  pickLocationLevelConflict,
  propertyRepeated,
  propertyRepeatedForTypes,
} from './licensing.messages';

const levels = (min: unknown, max: unknown): ConfigData => ({
  configs: [
    {
      property: 'EnforceStorageLevels',
      parameters: [
        { name: 'MinimumLevels', value: min, inputType: 'positiveNumber' },
        { name: 'MaximumLevels', value: max, inputType: 'positiveNumber' },
      ],
    },
  ],
});
const receipt = (location: string): ConfigData => ({
  configs: [{ property: 'ReceiptPost', parameters: [{ name: 'DirectHandoverPickLocation', value: location, inputType: 'text' }] }],
});
const messages = (problems: { message: string }[]) => problems.map((problem) => problem.message);

describe('the config rules (spec 1 §5)', () => {
  it('refuse a negative positiveNumber, on the parameter', () => {
    expect(configProblems('EnforceStorageLevels', levels(-1, 3))).toEqual([{ entry: 0, parameter: 0, message: ConfigMessages.negative }]);
    expect(configProblems('EnforceStorageLevels', levels('2', '3'))).toEqual([]);
  });

  it('keep the minimum levels at or below the maximum, 0 meaning no restriction', () => {
    expect(messages(configProblems('EnforceStorageLevels', levels(4, 2)))).toEqual([ConfigMessages.minAboveMax]);
    expect(configProblems('EnforceStorageLevels', levels(4, 0))).toEqual([]);
  });

  it('keep EnforceStorageLevels agreeing with the pick location’s level count', () => {
    const related = { receiptPost: receipt('Main Warehouse > Aisle 1 > Shelf A') };
    expect(messages(configProblems('EnforceStorageLevels', levels(4, 5), related))).toEqual([pickLocationLevelConflict(3)]);
    expect(configProblems('EnforceStorageLevels', levels(2, 3), related)).toEqual([]);
    expect(configProblems('EnforceStorageLevels', levels(4, 5), { receiptPost: receipt('') })).toEqual([]);
  });

  it('check the pick location’s separators and its levels against EnforceStorageLevels', () => {
    expect(pickLocationProblem('Yard>Rack', { min: 0, max: 0 })).toBe(ConfigMessages.locationSeparator);
    expect(pickLocationProblem('Yard >  > Rack', { min: 0, max: 0 })).toBe(ConfigMessages.locationSeparator);
    expect(pickLocationProblem('Yard > Rack', { min: 3, max: 3 })).toBe(locationExactLevels(3));
    expect(pickLocationProblem('Yard > Rack', { min: 3, max: 5 })).toBe(locationLevelRange(3, 5));
    expect(pickLocationProblem('Yard > Rack > Bin', { min: 3, max: 5 })).toBeNull();
    expect(messages(configProblems('ReceiptPost', receipt('Yard > Rack'), { storageLevels: levels(3, 3) }))).toEqual([locationExactLevels(3)]);
  });
});

describe('the resource properties (spec 1 §3, §5)', () => {
  const property = (label: string, types: string[] = [], extra: Partial<ReturnType<typeof readResourceProperty>> = {}) =>
    writeResourceProperty({
      label_name: label,
      name: '',
      type: 'default',
      selection: [],
      requiresElevated: false,
      resourceTypes: types.map((typeName, i) => ({ typeName, typeNumber: i + 1 })),
      ...extra,
    });

  it('read both stored forms: a plain name, and a JSON blob with type, selection and requiresElevated', () => {
    expect(readResourceProperty({ property: 'HeatNumber', parameters: [{ name: 'HeatNumber', value: '', label_name: 'Heat Number' }] })).toMatchObject({
      label_name: 'Heat Number',
      type: 'default',
    });
    const blob = {
      property: 'Paint',
      parameters: [{ name: JSON.stringify({ type: 'selection', selection: ['Zinc'], requiresElevated: true }), value: '', label_name: 'Paint' }],
    };
    expect(readResourceProperty(blob)).toMatchObject({ label_name: 'Paint', type: 'selection', selection: ['Zinc'], requiresElevated: true });
    expect(readResourceProperty(writeResourceProperty(readResourceProperty(blob)))).toEqual(readResourceProperty(blob));
  });

  it('refuse blank names, selections without choices and names repeated for no or the same resource types', () => {
    expect(resourcePropertyProblems({ configs: [property(' ')] })).toEqual([ConfigMessages.propertyNameBlank]);
    expect(resourcePropertyProblems({ configs: [property('Paint', [], { type: 'selection', selection: [] })] })).toEqual([ConfigMessages.selectionRequired]);
    expect(resourcePropertyProblems({ configs: [property('Heat'), property('heat', ['Material'])] })).toEqual([propertyRepeated('Heat')]);
    expect(resourcePropertyProblems({ configs: [property('Heat', ['Material', 'Spool']), property('HEAT', ['Spool'])] })).toEqual([
      propertyRepeatedForTypes('Heat', ['Spool']),
    ]);
    expect(resourcePropertyProblems({ configs: [property('Heat', ['Material']), property('Heat', ['Spool'])] })).toEqual([]);
  });

  it('tell when a change touches a property that requires elevated privileges', () => {
    const elevated = property('Cert', [], { requiresElevated: true });
    const before = { configs: [elevated, property('Heat')] };
    expect(changesElevatedProperty(before, { configs: [elevated, property('Heat', ['Material'])] })).toBe(false);
    expect(changesElevatedProperty(before, { configs: [property('Heat')] })).toBe(true);
    expect(changesElevatedProperty(before, { configs: [property('Cert', ['Spool'], { requiresElevated: true }), property('Heat')] })).toBe(true);
    expect(changesElevatedProperty({ configs: [] }, { configs: [elevated] })).toBe(true);
  });
});

describe('the sign-in lockout settings of UserPassword (issue 36)', () => {
  const password = (entries: Record<string, unknown>): ConfigData => ({
    configs: [{ property: 'UserPassword', parameters: Object.entries(entries).map(([name, value]) => ({ name, value, inputType: 'positiveNumber' })) }],
  });

  it('keep the maximum wait at or above the first wait, on the maximum', () => {
    expect(configProblems('UserPassword', password({ LockoutWaitSeconds: 600, LockoutMaxWaitSeconds: 60 }))).toEqual([
      { entry: 0, parameter: 1, message: ConfigMessages.lockoutMaxWaitBelowWait },
    ]);
    expect(configProblems('UserPassword', password({ LockoutWaitSeconds: 60, LockoutMaxWaitSeconds: 60 }))).toEqual([]);
    // No temporary lock at all (a first wait of 0): the maximum does not matter.
    expect(configProblems('UserPassword', password({ LockoutWaitSeconds: 0, LockoutMaxWaitSeconds: 0 }))).toEqual([]);
  });

  it('keep each wait within a day', () => {
    expect(messages(configProblems('UserPassword', password({ LockoutWaitSeconds: 86_401, LockoutMaxWaitSeconds: 90_000 })))).toEqual([
      ConfigMessages.lockoutWaitTooLong,
      ConfigMessages.lockoutWaitTooLong,
    ]);
    expect(configProblems('UserPassword', password({ LockoutWaitSeconds: 86_400, LockoutMaxWaitSeconds: 86_400 }))).toEqual([]);
  });

  it('take whole numbers only, for every entry of the policy', () => {
    expect(configProblems('UserPassword', password({ MaxFailedAccessAttempts: 2.5 }))).toEqual([
      { entry: 0, parameter: 0, message: ConfigMessages.wholeNumber },
    ]);
    expect(configProblems('UserPassword', password({ MaxTemporaryLockouts: '3', RequiredLength: 10 }))).toEqual([]);
  });

  it('read the stored maximum against the stored wait when only one is sent (the defaults stand in for a missing one)', () => {
    expect(messages(configProblems('UserPassword', password({ LockoutMaxWaitSeconds: 30 })))).toEqual([ConfigMessages.lockoutMaxWaitBelowWait]);
  });
});
