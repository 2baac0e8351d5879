import * as v from 'valibot';
import { fieldErrors } from 'shared/issues';
import { LoginSchema } from './auth/auth.forms';
import { AuthMessages } from './auth/auth.messages';
import { apiKeyNameSchema } from './identity/api-keys.forms';
import { ApiKeyMessages, UserGroupMessages, UserMessages } from './identity/identity.messages';
import { userGroupNameSchema } from './identity/user-groups.forms';
import { NewUserFormSchema } from './identity/users.forms';
import { LicenseCreateBodySchema } from './licensing/licensing.endpoints';
import { LicenseMessages } from './licensing/licensing.messages';
import { ImportSystemBodySchema } from './projects-sites/projects-sites.endpoints';
import { ImportMessages } from './projects-sites/projects-sites.messages';
import { PreservationBodySchema } from './workflows/preservations.forms';
import { WorkflowBodySchema } from './workflows/workflows.forms';
import { PreservationMessages, WorkflowMessages } from './workflows/workflows.messages';

/** The field messages a schema gives `input`, as a form and the API show them. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

const user = { userName: 'nina', firstName: 'Nina', lastName: 'Ortiz', email: 'nina@example.test' };

describe('names', () => {
  it.each([
    ['200B', '\u200b'],
    ['202E', '\u202e'],
    ['00AD', '\u00ad'],
    ['2066', '\u2066'],
    ['0007', '\u0007'],
  ])('refuses U+%s, an invisible or control character, in every name', (_, character) => {
    expect(errorsOf(NewUserFormSchema, { ...user, userName: `ni${character}na`, firstName: `Ni${character}na`, lastName: `${character}Ortiz` })).toEqual({
      userName: UserMessages.userNameInvisible,
      firstName: UserMessages.firstNameInvisible,
      lastName: UserMessages.lastNameInvisible,
    });
    expect(errorsOf(v.object({ name: userGroupNameSchema }), { name: `Crew${character}` })).toEqual({ name: UserGroupMessages.nameInvisible });
    expect(errorsOf(v.object({ name: apiKeyNameSchema(ApiKeyMessages.nameRequiredCreate) }), { name: `${character}gnp.exe` })).toEqual({
      name: ApiKeyMessages.nameInvisible,
    });
  });

  it('takes names in any script, with accents and inner spaces', () => {
    expect(errorsOf(NewUserFormSchema, { ...user, userName: 'zoë.łukasz', firstName: 'Zoë Anne', lastName: 'Ōtani-Łukasz' })).toEqual({});
    expect(errorsOf(v.object({ name: userGroupNameSchema }), { name: 'Équipe de nuit 北' })).toEqual({});
  });
});

describe('one rule for every name-like text (issue 36, item 5)', () => {
  const license = { name: 'Northwind', company: 'Northwind Builders', environmentId: 1, maxProjects: 5, maxUsers: 5 };
  const importSystem = { displayName: 'ERP', path: 'erp/in' };
  const preservation = {
    name: 'Upkeep',
    projectId: 2,
    preservationRelatedKey: '00000000-0000-4000-8000-000000000000',
    preservationSteps: [{ name: 'Inspect', type: 0 }],
  };
  const workflow = { workflowId: 0, name: 'Build', projectId: 2, workflowRelatedKey: '00000000-0000-4000-8000-000000000000', workflowData: { phases: [] } };

  it.each([
    ['CR/LF', 'a\r\nb'],
    ['U+202E (right-to-left override)', '\u202egnp.exe'],
    ['U+0007 (bell)', 'a\u0007b'],
    ['U+200B (zero-width space)', 'a\u200bb'],
  ])('refuses %s in company, licence type, customer code, import path and description, workflow and preservation names', (_, text) => {
    expect(errorsOf(LicenseCreateBodySchema, { ...license, company: text, licenseType: text, customerCode: text })).toEqual({
      company: LicenseMessages.companyInvisible,
      licenseType: LicenseMessages.licenseTypeInvisible,
      customerCode: LicenseMessages.customerCodeInvisible,
    });
    expect(errorsOf(ImportSystemBodySchema, { ...importSystem, displayName: text, path: text, description: text })).toEqual({
      displayName: ImportMessages.nameInvisible,
      path: ImportMessages.pathInvisible,
      description: ImportMessages.descriptionInvisible,
    });
    expect(errorsOf(PreservationBodySchema, { ...preservation, name: text })).toEqual({ name: PreservationMessages.nameInvisible });
    expect(errorsOf(WorkflowBodySchema, { ...workflow, name: text })).toMatchObject({ name: WorkflowMessages.nameInvisible });
  });

  it('takes the same texts in any script', () => {
    expect(errorsOf(LicenseCreateBodySchema, { ...license, company: 'Bâtiments Ōtani 北', licenseType: 'Entreprise', customerCode: 'NW-01' })).toEqual({});
    expect(errorsOf(ImportSystemBodySchema, { ...importSystem, description: 'Reçu des ERP' })).toEqual({});
  });
});

describe('bounds', () => {
  it('gives each too-long field its own message', () => {
    const long = {
      ...user,
      userName: 'u'.repeat(257),
      firstName: 'f'.repeat(101),
      lastName: 'l'.repeat(101),
      email: `${'e'.repeat(250)}@example.test`,
      companyName: 'c'.repeat(201),
      position: 'p'.repeat(201),
      phoneNumber: '1'.repeat(51),
      comment: 'x'.repeat(2001),
    };
    expect(errorsOf(NewUserFormSchema, long)).toEqual({
      userName: UserMessages.userNameTooLong,
      firstName: UserMessages.firstNameTooLong,
      lastName: UserMessages.lastNameTooLong,
      email: UserMessages.emailTooLong,
      companyName: UserMessages.companyNameTooLong,
      position: UserMessages.positionTooLong,
      phoneNumber: UserMessages.phoneNumberTooLong,
      comment: UserMessages.commentTooLong,
    });
    expect(errorsOf(NewUserFormSchema, { ...user, userName: 'u'.repeat(256), firstName: 'f'.repeat(100) })).toEqual({});
  });

  it('bounds the sign-in form', () => {
    expect(errorsOf(LoginSchema, { userName: 'u'.repeat(2800), password: 'p'.repeat(257) })).toEqual({
      userName: AuthMessages.userNameTooLong,
      password: AuthMessages.loginPasswordTooLong,
    });
    expect(errorsOf(LoginSchema, { userName: 'u'.repeat(256), password: 'p'.repeat(256) })).toEqual({});
  });
});
