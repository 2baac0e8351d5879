/**
 * SCIM's discovery documents (RFC 7644 §4, RFC 7643 §5–§7): what this service provider
 * supports, its resource types and the attributes of each schema it holds.
 */
import { ScimSchemas, SCIM_BASE_PATH, SCIM_MAX_RESULTS } from 'contracts/identity/model';

export const SERVICE_PROVIDER_CONFIG = (base: string) => ({
  schemas: [ScimSchemas.serviceProviderConfig],
  documentationUri: `${base}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: true },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'API key as a bearer token',
      description:
        'Authorization: Bearer <API key> of the licence, made on the API keys screen with the roles ' +
        'ADMINISTER_USER_CREATE_UPDATE (users) and ADMINISTER_ROLE or ADMINISTER_USER_CREATE_UPDATE (groups).',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}${SCIM_BASE_PATH}/ServiceProviderConfig` },
});

export const RESOURCE_TYPES = (base: string) => [
  {
    schemas: [ScimSchemas.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A user of the licence',
    schema: ScimSchemas.user,
    schemaExtensions: [{ schema: ScimSchemas.enterpriseUser, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}${SCIM_BASE_PATH}/ResourceTypes/User` },
  },
  {
    schemas: [ScimSchemas.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A user group of the licence',
    schema: ScimSchemas.group,
    meta: { resourceType: 'ResourceType', location: `${base}${SCIM_BASE_PATH}/ResourceTypes/Group` },
  },
];

type Attribute = {
  name: string;
  type?: string;
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: string;
  uniqueness?: string;
  subAttributes?: Attribute[];
};

const attribute = (a: Attribute): Record<string, unknown> => ({
  name: a.name,
  type: a.type ?? 'string',
  multiValued: a.multiValued ?? false,
  required: a.required ?? false,
  caseExact: a.caseExact ?? false,
  mutability: a.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: a.uniqueness ?? 'none',
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

const multi = (name: string, required = false): Attribute => ({
  name,
  type: 'complex',
  multiValued: true,
  required,
  subAttributes: [{ name: 'value', required }, { name: 'type' }, { name: 'primary', type: 'boolean' }],
});

export const SCHEMAS = (base: string) => [
  {
    schemas: [ScimSchemas.schema],
    id: ScimSchemas.user,
    name: 'User',
    description: 'A user of the licence',
    attributes: [
      { name: 'userName', required: true, mutability: 'immutable', uniqueness: 'server' },
      { name: 'externalId', caseExact: true },
      {
        name: 'name',
        type: 'complex',
        required: true,
        subAttributes: [
          { name: 'givenName', required: true },
          { name: 'familyName', required: true },
          { name: 'formatted', mutability: 'readOnly' },
        ],
      },
      { name: 'displayName', mutability: 'readOnly' },
      { name: 'title' },
      { name: 'active', type: 'boolean' },
      multi('emails', true),
      multi('phoneNumbers'),
      {
        name: 'groups',
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [
          { name: 'value', mutability: 'readOnly' },
          { name: 'display', mutability: 'readOnly' },
        ],
      },
    ].map(attribute),
    meta: { resourceType: 'Schema', location: `${base}${SCIM_BASE_PATH}/Schemas/${ScimSchemas.user}` },
  },
  {
    schemas: [ScimSchemas.schema],
    id: ScimSchemas.enterpriseUser,
    name: 'EnterpriseUser',
    description: 'The enterprise extension: organization is the user’s company',
    attributes: [{ name: 'organization' }].map(attribute),
    meta: { resourceType: 'Schema', location: `${base}${SCIM_BASE_PATH}/Schemas/${ScimSchemas.enterpriseUser}` },
  },
  {
    schemas: [ScimSchemas.schema],
    id: ScimSchemas.group,
    name: 'Group',
    description: 'A user group of the licence; its roles, projects and product licences are set in the console',
    attributes: [
      { name: 'displayName', required: true, uniqueness: 'server' },
      { name: 'externalId', caseExact: true },
      {
        name: 'members',
        type: 'complex',
        multiValued: true,
        subAttributes: [
          { name: 'value', mutability: 'immutable' },
          { name: 'display', mutability: 'readOnly' },
        ],
      },
    ].map(attribute),
    meta: { resourceType: 'Schema', location: `${base}${SCIM_BASE_PATH}/Schemas/${ScimSchemas.group}` },
  },
];
