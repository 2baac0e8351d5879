/**
 * A SCIM User or Group document (a POST or PUT body, or a resource after PATCH) as our
 * columns, checked with the console's own form rules and messages (contracts users.forms,
 * user-groups.forms): a value of the wrong type or breaking a rule is a 400 invalidValue
 * naming the rule, never a 500. Attributes we do not hold are ignored.
 */
import * as v from 'valibot';
import { ScimMessages, ScimSchemas, userGroupNameSchema, type NewUserFormSchema, type UserDetailsFormSchema } from 'contracts/identity/model';
import { fieldErrors } from 'shared/issues';
import { scimError } from './scim.errors';
import { asBoolean } from './scim.filter';
import { attr } from './scim.patch';

/** What a User document sets of ours; undefined: not sent. */
export interface UserFields {
  userName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  companyName?: string;
  position?: string;
  isApproved?: boolean;
  externalId?: string | null;
}

const wrongType = (name: string) => scimError(400, 'invalidValue', ScimMessages.notText(name));

function text(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(name);
  return value;
}

/** The value of a multi-valued attribute we hold one of: the primary, else the work one, else the first. */
function oneValue(list: unknown, name: string): string | undefined {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw scimError(400, 'invalidValue', `${name} must be a list.`);
  if (list.length === 0) return '';
  const chosen =
    list.find((item) => asBoolean(attr(item, 'primary')) === true) ?? list.find((item) => String(attr(item, 'type') ?? '').toLowerCase() === 'work') ?? list[0];
  return text(attr(chosen, 'value'), `${name}.value`) ?? '';
}

/** Our fields from a User document. */
export function userFieldsOf(doc: Record<string, unknown>): UserFields {
  const name = attr(doc, 'name');
  const enterprise = attr(doc, ScimSchemas.enterpriseUser);
  const active = attr(doc, 'active');
  const isApproved = active === undefined || active === null ? undefined : asBoolean(active);
  if (active !== undefined && active !== null && isApproved === undefined) throw scimError(400, 'invalidValue', 'active must be true or false.');
  const externalId = attr(doc, 'externalId');
  return {
    userName: text(attr(doc, 'userName'), 'userName'),
    firstName: text(attr(name, 'givenName'), 'name.givenName'),
    lastName: text(attr(name, 'familyName'), 'name.familyName'),
    email: oneValue(attr(doc, 'emails'), 'emails'),
    phoneNumber: oneValue(attr(doc, 'phoneNumbers'), 'phoneNumbers'),
    companyName: text(attr(enterprise, 'organization'), `${ScimSchemas.enterpriseUser}:organization`),
    position: text(attr(doc, 'title'), 'title'),
    isApproved,
    externalId: externalId === null ? null : text(externalId, 'externalId')?.trim() || (externalId === undefined ? undefined : null),
  };
}

/** The user form's rules over the details (and the username of a new user): 400 invalidValue with the form's first message. */
export function checkedDetails<S extends typeof NewUserFormSchema | typeof UserDetailsFormSchema>(
  schema: S,
  values: Record<string, unknown>,
): v.InferOutput<S> {
  const result = v.safeParse(schema, values);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues);
  const [field, message] = Object.entries(errors)[0] ?? ['', ScimMessages.bodyNotObject];
  throw scimError(400, 'invalidValue', field ? `${scimNameOf(field)}: ${message}` : message);
}

/** The SCIM attribute a form field comes from, for an error's detail. */
const scimNameOf = (field: string) =>
  ({
    userName: 'userName',
    firstName: 'name.givenName',
    lastName: 'name.familyName',
    email: 'emails',
    phoneNumber: 'phoneNumbers',
    companyName: 'organization',
    position: 'title',
  })[field] ?? field;

/** What a Group document sets of ours. */
export interface GroupFields {
  displayName?: string;
  externalId?: string | null;
  /** Member ids as sent (text); undefined: not sent. */
  members?: string[];
}

export function groupFieldsOf(doc: Record<string, unknown>): GroupFields {
  const members = attr(doc, 'members');
  if (members !== undefined && members !== null && !Array.isArray(members)) throw scimError(400, 'invalidValue', 'members must be a list.');
  const externalId = attr(doc, 'externalId');
  return {
    displayName: text(attr(doc, 'displayName'), 'displayName'),
    externalId: externalId === null ? null : text(externalId, 'externalId')?.trim() || (externalId === undefined ? undefined : null),
    members: Array.isArray(members) ? members.map((m) => String(attr(m, 'value') ?? '')) : members === null ? [] : undefined,
  };
}

/** A group's name by the console's rule (user-groups.forms): trimmed, required, at most 100 characters, nothing invisible. */
export function checkedGroupName(name: string | undefined): string {
  const result = v.safeParse(userGroupNameSchema, name ?? '');
  if (result.success) return result.output;
  throw scimError(400, 'invalidValue', `displayName: ${result.issues[0].message}`);
}
