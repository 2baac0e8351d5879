import * as v from 'valibot';
import { fieldErrors } from 'shared/issues';
import { ConfigBodySchema, ConfigUpdateBodySchema } from './configs.entities';
import {
  LicenseAddonLimitsBodySchema,
  LicenseCreateBodySchema,
  LicenseUpdateBodySchema,
  ShortcutsBodySchema,
  UsersReportQuerySchema,
} from './licensing.endpoints';
import { MAX_EXPIRY_DATE } from './licenses.forms';
import { ConfigMessages, LicenseMessages, ReportMessages } from './licensing.messages';

/** The field messages a schema gives `input`, as a form and the API show them. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

const license = { name: ' Northwind ', company: 'Northwind Builders', environmentId: 1, maxProjects: -1, maxUsers: 50 };

describe('the licence bodies', () => {
  it('require a name, a company, both maxima and, on create, the environment, with the spec’s messages', () => {
    expect(errorsOf(LicenseCreateBodySchema, {})).toEqual({
      name: LicenseMessages.nameRequired,
      company: LicenseMessages.companyRequired,
      maxProjects: LicenseMessages.maxProjectsRequired,
      maxUsers: LicenseMessages.maxUsersRequired,
      environmentId: LicenseMessages.environmentRequired,
    });
    expect(v.parse(LicenseCreateBodySchema, license)).toMatchObject({ name: 'Northwind', isActive: true, expiryDate: null });
  });

  it('take whole maxima from -1 (unlimited), an expiry up to 18 Jan 2038 and whole notification days', () => {
    expect(
      errorsOf(LicenseCreateBodySchema, { ...license, maxProjects: -2, maxUsers: 1.5, expiryDate: MAX_EXPIRY_DATE + 1, expiryNotificationDays: ['5'] }),
    ).toEqual({
      maxProjects: LicenseMessages.maxProjectsInvalid,
      maxUsers: LicenseMessages.maxUsersInvalid,
      expiryDate: LicenseMessages.expiryTooLate,
      'expiryNotificationDays.0': LicenseMessages.notificationDays,
    });
    expect(errorsOf(LicenseCreateBodySchema, { ...license, expiryDate: Date.UTC(2038, 0, 18, 12), expiryNotificationDays: [5, 10, 30] })).toEqual({});
  });

  it('update only the fields sent, each checked as on create', () => {
    expect(v.parse(LicenseUpdateBodySchema, { maxUsers: 10 })).toEqual({ maxUsers: 10 });
    expect(errorsOf(LicenseUpdateBodySchema, { name: '  ', maxProjects: null })).toEqual({
      name: LicenseMessages.nameRequired,
      maxProjects: LicenseMessages.maxProjectsRequired,
    });
  });

  it('set product licence seats from -1, with the form’s messages', () => {
    expect(errorsOf(LicenseAddonLimitsBodySchema, [{ addOnId: 2 }, { addOnId: 3, maxUsers: -3 }])).toEqual({
      '0.maxUsers': LicenseMessages.valueRequired,
      '1.maxUsers': LicenseMessages.valuePositive,
    });
    expect(
      errorsOf(LicenseAddonLimitsBodySchema, [
        { addOnId: 2, maxUsers: -1 },
        { addOnId: 3, maxUsers: 0 },
      ]),
    ).toEqual({});
  });
});

describe('the monthly users report query', () => {
  it('starts at October 2018 at the earliest and reads numbers', () => {
    expect(v.parse(UsersReportQuerySchema, { startMonth: '10', startYear: '2018' })).toEqual({ startMonth: 10, startYear: 2018 });
    expect(errorsOf(UsersReportQuerySchema, { startMonth: '9', startYear: '2018' })).toEqual({ startMonth: LicenseMessages.reportStart });
    expect(errorsOf(UsersReportQuerySchema, { startMonth: '13', startYear: '2017' })).toEqual({
      startMonth: LicenseMessages.reportMonth,
      startYear: LicenseMessages.reportYear,
    });
  });
});

describe('the shortcuts body', () => {
  it('gives a shortcut a dashboard type or an order, never both', () => {
    expect(errorsOf(ShortcutsBodySchema, [{ id: 1, order: 1 }, { id: 2, type: 'needs' }, { id: 3 }])).toEqual({});
    expect(errorsOf(ShortcutsBodySchema, [{ id: 1, type: 'needs', order: 1 }])).toEqual({ '0': ReportMessages.shortcutTypeOrOrder });
    expect(errorsOf(ShortcutsBodySchema, [{ id: 1, type: 'weather' }])).toEqual({ '0.type': ReportMessages.shortcutType });
  });
});

describe('the config bodies', () => {
  const config = {
    name: 'EnforceStorageLevels',
    licenseId: 2,
    data: { configs: [{ property: 'EnforceStorageLevels', parameters: [{ name: 'Min', value: 1, inputType: 'positiveNumber', label_name: 'Minimum' }] }] },
  };

  it('keep what a parameter carries and refuse a negative positiveNumber', () => {
    expect(v.parse(ConfigBodySchema, config).data.configs[0]?.parameters[0]).toMatchObject({ label_name: 'Minimum' });
    const negative = { ...config, data: { configs: [{ property: 'P', parameters: [{ name: 'Min', value: '-1', inputType: 'positiveNumber' }] }] } };
    expect(errorsOf(ConfigBodySchema, negative)).toEqual({ 'data.configs.0.parameters.0.value': ConfigMessages.negative });
  });

  it('belong to a licence or a project, and an update names its config', () => {
    expect(errorsOf(ConfigBodySchema, { ...config, projectId: 3 })).toEqual({ '': ConfigMessages.oneOwner });
    expect(errorsOf(ConfigUpdateBodySchema, config)).toEqual({ '': ConfigMessages.whichToUpdate });
    expect(errorsOf(ConfigUpdateBodySchema, { ...config, systemConfigId: 4 })).toEqual({ '': ConfigMessages.versionRequired });
    expect(errorsOf(ConfigUpdateBodySchema, { ...config, systemConfigId: 4, version: 3 })).toEqual({});
  });
});
