import * as v from 'valibot';
import { LicenseMessages, type License } from 'contracts/licensing';
import {
  addonField,
  addonLimitsToSave,
  editFormInitial,
  integrationField,
  licenseChanges,
  licenseEditFormSchema,
  LicenseNewFormSchema,
  type EditOutput,
} from './licenseEdit.form';

const errorsOf = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]));
};

const license: License = {
  licenseId: 7,
  name: 'Acme',
  company: 'Acme Pty',
  licenseType: 'Standard',
  ownerId: 1,
  ownerName: 'Ada',
  environmentId: 1,
  maxProjects: 10,
  maxUsers: -1,
  numProjects: 0,
  numUsers: 0,
  isActive: true,
  expiryDate: new Date(2030, 0, 31).getTime(),
  expiryNotificationDays: [30, 10],
  ssoUrl: null,
  customerCode: null,
  opportunityId: null,
};
const limits = [
  { addOnId: 1, name: 'SiteSense', shortName: 'SS', description: '', color: '', maxUsers: -1, numUsers: 3 },
  { addOnId: 2, name: 'Material Control', shortName: 'MC', description: '', color: '', maxUsers: 5, numUsers: 2 },
];
const schema = licenseEditFormSchema([1, 2, 3], [4]);
const initial = editFormInitial(license, [1, 2, 3], limits, [4], new Set([4]));

describe('the licence forms (spec 1 §5)', () => {
  it('says the spec’s message for each field of a new licence', () => {
    expect(
      errorsOf(LicenseNewFormSchema, { name: ' ', company: '', environmentId: '', maxProjects: '', maxUsers: 'x', isActive: true, expiryDate: '2038-01-19' }),
    ).toEqual({
      name: LicenseMessages.nameRequired,
      company: LicenseMessages.companyRequired,
      environmentId: LicenseMessages.environmentRequired,
      maxProjects: LicenseMessages.maxProjectsRequired,
      maxUsers: LicenseMessages.maxUsersInvalid,
      expiryDate: LicenseMessages.expiryTooLate,
    });
    expect(
      errorsOf(LicenseNewFormSchema, {
        name: 'A',
        company: 'B',
        environmentId: '1',
        maxProjects: '-2',
        maxUsers: '1.5',
        isActive: true,
        expiryDate: '2038-01-18',
      }),
    ).toEqual({
      maxProjects: LicenseMessages.maxProjectsInvalid,
      maxUsers: LicenseMessages.maxUsersInvalid,
    });
  });

  it('checks each product licence’s max users and the notification days', () => {
    expect(errorsOf(schema, { ...initial, [addonField(2)]: '', [addonField(3)]: '-5', expiryNotificationDays: '5, ten' })).toEqual({
      [addonField(2)]: LicenseMessages.valueRequired,
      [addonField(3)]: LicenseMessages.valuePositive,
      expiryNotificationDays: LicenseMessages.notificationDays,
    });
    const parsed = v.parse(schema, { ...initial, expiryNotificationDays: '5, 10 ,30' }) as EditOutput;
    expect(parsed.expiryNotificationDays).toEqual([5, 10, 30]);
  });

  it('starts from the licence: limits (0 when not offered), integrations, days', () => {
    expect(initial).toMatchObject({
      [addonField(1)]: '-1',
      [addonField(2)]: '5',
      [addonField(3)]: '0',
      [integrationField(4)]: true,
      expiryNotificationDays: '30, 10',
      expiryDate: '2030-01-31',
    });
  });

  it('sends only what changed: nothing unchanged, add-ons as the whole offer without zeros', () => {
    const same = v.parse(schema, initial) as EditOutput;
    expect(licenseChanges(license, same)).toEqual({});
    expect(addonLimitsToSave([1, 2, 3], limits, same)).toBeNull();
    // A day typed twice is one day: no change.
    const repeated = v.parse(schema, { ...initial, expiryNotificationDays: '30, 10, 30' }) as EditOutput;
    expect(licenseChanges(license, repeated)).toEqual({});
    // The same days in another order are a change: the order typed is the order kept (issue 36 item 10).
    const changed = v.parse(schema, { ...initial, name: 'Acme 2', expiryNotificationDays: '10, 30', [addonField(3)]: '-1' }) as EditOutput;
    expect(licenseChanges(license, changed)).toEqual({ name: 'Acme 2', expiryNotificationDays: [10, 30] });
    expect(addonLimitsToSave([1, 2, 3], limits, changed)).toEqual([
      { addOnId: 1, maxUsers: -1 },
      { addOnId: 2, maxUsers: 5 },
      { addOnId: 3, maxUsers: -1 },
    ]);
    const dropped = v.parse(schema, { ...initial, [addonField(2)]: '0' }) as EditOutput;
    expect(addonLimitsToSave([1, 2, 3], limits, dropped)).toEqual([{ addOnId: 1, maxUsers: -1 }]);
  });
});
