/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { ApiContractError, configureApi, messageOf } from 'shared';
import * as authCalls from './auth';
import * as homeCalls from './home';
import { callKey, type AnyEndpoint } from './common/endpoint';
import { ADDED_CALLS, CALLS, ENDPOINT_GROUPS, ENDPOINTS } from './endpoints';
import * as identityCalls from './identity';
import { copyUser, getUser, setUserAddons } from './identity';
import * as licensingCalls from './licensing';
import * as projectsSitesCalls from './projects-sites';
import * as workflowCalls from './workflows';
import { getWorkflows } from './workflows';
import {
  ConfigSchema,
  CreatedApiKeySchema,
  DeleteReplySchema,
  DocumentNumberingResultSchema,
  MonthlyUsersReportSchema,
  PreservationListReplySchema,
  ProjectTreeNodeSchema,
  ResourcePropertySchema,
  RoleGroupSchema,
  SiteSchema,
  SiteTreeNodeSchema,
  UserSchema,
  WarningReplySchema,
  WorkflowDataSchema,
  LicenseSchema,
  UserPageSchema,
} from './all.model';

interface ContractLine {
  method: string;
  path: string;
  area: string;
  key: string;
}

function readContract(): ContractLine[] {
  const file = path.resolve(__dirname, '../../contract/endpoints.tsv');
  const [, ...rows] = readFileSync(file, 'utf8').split(/\r?\n/);
  return rows
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const [method = '', callPath = '', area = ''] = row.split('\t');
      return { method, path: callPath, area, key: `${method} ${callPath}` };
    });
}

const contract = readContract();

/**
 * A call as the wire knows it: its method and path, the path parameters' names left out (the
 * contract names one parameter two ways — `apikeys/{id}` and `apikeys/{apiKeyId}` — and an
 * API document may not hold two paths that differ only so; endpoints name it one way).
 */
const shape = (key: string) => key.replace(/\{\w+\}/g, '{}');

/** Every call function the areas export, by name: the console's functions, derived from the endpoints. */
const CALL_FUNCTIONS: Record<string, unknown> = { ...authCalls, ...homeCalls, ...identityCalls, ...licensingCalls, ...projectsSitesCalls, ...workflowCalls };

/** Call functions whose path parameter is not an argument: the contract fixes its value. */
const FIXED_PARAMS: Record<string, string[]> = { getWorkflows: ['0'] };

type Sent = { method: string; url: URL; body: string; contentType: string | null };

/** Replaces fetch for one call and returns what was sent. */
async function capture(run: () => Promise<unknown>, answer: { status?: number; body?: string } = {}): Promise<Sent> {
  let sent: Sent | undefined;
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent = { method: request.method, url: new URL(request.url), body: await request.text(), contentType: request.headers.get('content-type') };
    return new Response(answer.body ?? '{}', { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  try {
    await run().catch((error: unknown) => {
      // The dummy answer rarely fits the call's schema; only the request matters here.
      if (!(error instanceof ApiContractError)) throw error;
    });
  } finally {
    globalThis.fetch = original;
  }
  if (!sent) throw new Error('no request was sent');
  return sent;
}

beforeAll(() => configureApi({ baseUrl: 'http://console.test/api/' }));

describe('the endpoints', () => {
  it('read the whole contract', () => {
    expect(contract.length).toBeGreaterThan(140);
    expect(new Set(contract.map((line) => line.key)).size).toBe(contract.length);
  });

  it('make exactly the calls of endpoints.tsv and ADDED_CALLS', () => {
    expect(CALLS.map(shape).sort()).toEqual([...contract.map((line) => line.key), ...ADDED_CALLS].map(shape).sort());
  });

  it('add nothing the contract already has', () => {
    expect(ADDED_CALLS.filter((key) => contract.some((line) => shape(line.key) === shape(key)))).toEqual([]);
  });

  it('define each call once (a preview, which sends a fixed query, aside)', () => {
    const main = ENDPOINTS.filter((e) => !e.fixedQuery).map(callKey);
    expect(main.filter((key, i) => main.indexOf(key) !== i)).toEqual([]);
  });

  it('have unique camelCase names', () => {
    const names = ENDPOINTS.map((e) => e.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.filter((name) => !/^[a-z][A-Za-z0-9]*$/.test(name))).toEqual([]);
  });

  it.each(contract.map((line) => [line.key, line] as const))('%s sits in its contract area', (key, line) => {
    const areas = new Set(ENDPOINTS.filter((e) => shape(callKey(e)) === shape(key)).map((e) => e.area));
    expect([...areas]).toEqual([line.area]);
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s declares who may call it and names its path parameters', (_name, e: AnyEndpoint) => {
    expect(['public', 'signedIn', 'anyRole']).toContain(e.access.kind);
    if (e.access.kind === 'anyRole') expect(e.access.roles.length).toBeGreaterThan(0);
    if (e.access.kind === 'public') expect(e.access.why.trim()).not.toBe('');
    const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const schema = e.params as { entries?: Record<string, unknown> } | undefined;
    if (schema) expect(Object.keys(schema.entries ?? {}).sort()).toEqual(inPath);
  });

  it('are in a group under their own names', () => {
    for (const group of Object.values(ENDPOINT_GROUPS)) for (const [name, e] of Object.entries(group)) expect((e as AnyEndpoint).name).toBe(name);
  });
});

describe('the console’s call functions', () => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    '%s is exported and sends its method to its path, path parameters first in order',
    async (name, e: AnyEndpoint) => {
      const fn = CALL_FUNCTIONS[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      expect(typeof fn).toBe('function');
      const fixed = [...(FIXED_PARAMS[name] ?? [])];
      const count = (e.path.match(/\{/g) ?? []).length - fixed.length;
      const args: unknown[] = Array.from({ length: count }, (_, i) => `a${i + 1}`);
      // A text body (a CSV file) goes as the string itself, with its type.
      if (e.body) args.push(e.bodyType ? 'name\r\nYard' : { sample: 1 });
      const sent = await capture(() => fn!(...args));
      let next = 0;
      const expected = e.path.replace(/\{[^}]+\}/g, () => fixed.shift() ?? `a${++next}`);
      expect(sent.method).toBe(e.method);
      expect(sent.url.pathname).toBe(`/api/${expected}`);
      for (const [key, value] of Object.entries(e.fixedQuery ?? {})) expect(sent.url.searchParams.get(key)).toBe(String(value));
      if (e.body && e.bodyType) expect([sent.body, sent.contentType]).toEqual(['name\r\nYard', e.bodyType]);
      else if (e.body) expect(JSON.parse(sent.body)).toEqual({ sample: 1 });
    },
  );
});

describe('calls that answer 210 with a warning', () => {
  it('setUserAddons answers the status and the warning', async () => {
    let reply: Awaited<ReturnType<typeof setUserAddons>> | undefined;
    const warning = 'Product licenses not added as the limit for some product licenses will be exceeded. Please check the following: Tools';
    const sent = await capture(
      async () => {
        reply = await setUserAddons('ann@example.com', [{ addOnId: 3, vendorIds: [7] }]);
      },
      { status: 210, body: JSON.stringify({ Message: warning }) },
    );
    expect(sent.url.pathname).toBe('/api/users/ann%40example.com/addons');
    expect(JSON.parse(sent.body)).toEqual([{ addOnId: 3, vendorIds: [7] }]);
    expect(reply?.status).toBe(210);
    expect(messageOf(reply?.body)).toBe(warning);
  });

  it('copyUser answers the status and a plain-text warning', async () => {
    let reply: Awaited<ReturnType<typeof copyUser>> | undefined;
    await capture(
      async () => {
        reply = await copyUser('ann', 'bob', { userName: 'bob', firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', licenseId: 2 });
      },
      { status: 210, body: JSON.stringify('Roles were not copied: no product licence.') },
    );
    expect(reply?.status).toBe(210);
    expect(messageOf(reply?.body)).toBe('Roles were not copied: no product licence.');
  });
});

describe('typed calls', () => {
  it('getWorkflows posts the project ids to project 0', async () => {
    const sent = await capture(() => getWorkflows([4, 5]), { body: '[]' });
    expect(sent.url.pathname).toBe('/api/0/workflow/getAll');
    expect(JSON.parse(sent.body)).toEqual([4, 5]);
  });

  it('getUser refuses an answer that breaks the contract', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = (async () => new Response(JSON.stringify({ userName: 'ann' }), { status: 200 })) as typeof fetch;
    try {
      await expect(getUser('ann')).rejects.toBeInstanceOf(ApiContractError);
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('entity schemas', () => {
  const license = {
    licenseId: 2,
    name: 'Northwind',
    company: 'Northwind Builders',
    licenseType: 'Standard',
    ownerId: 11,
    ownerName: 'ann',
    environmentId: 1,
    maxProjects: -1,
    maxUsers: 50,
    numProjects: 3,
    numUsers: 12,
    isActive: true,
    expiryDate: 2145916800000,
    expiryNotificationDays: [5, 10, 30],
    ssoUrl: null,
    customerCode: 'NW-01',
    opportunityId: null,
    integrations: [{ integrationId: 1 }],
  };

  it('accepts a licence, extra fields included, and refuses a string maxUsers', () => {
    expect(v.safeParse(LicenseSchema, license).success).toBe(true);
    expect(v.safeParse(LicenseSchema, { ...license, maxUsers: '50' }).success).toBe(false);
  });

  it('reads a user with nulls and omitted lists as empty values', () => {
    const user = v.parse(UserSchema, {
      userId: 11,
      userName: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phoneNumber: null,
      companyName: 'Northwind',
      licenseId: 2,
      isApproved: true,
      isLockedOut: false,
      isSsoUser: false,
      createDate: '2024-03-01T10:00:00.000Z',
      lastLoginDate: null,
      addons: [{ addOnId: 1, name: 'SiteSense', shortName: 'SS', color: '#1d4ed8' }],
    });
    expect(user.phoneNumber).toBe('');
    expect(user.position).toBe('');
    expect(user.userGroups).toEqual([]);
    expect(user.userData.vendors).toEqual([]);
    expect(v.safeParse(UserSchema, { ...user, isApproved: 'yes' }).success).toBe(false);
  });

  it('accepts a page of users and refuses a page without items', () => {
    const page = { items: [], total: 0, page: 0, pageSize: 25 };
    expect(v.safeParse(UserPageSchema, page).success).toBe(true);
    expect(v.safeParse(UserPageSchema, { total: 0, page: 0, pageSize: 25 }).success).toBe(false);
  });

  it('accepts role groups with roles a user group grants', () => {
    const groups = v.parse(v.array(RoleGroupSchema), [
      {
        roleGroupId: 1,
        name: 'Administration',
        addOnId: null,
        roles: [
          { roleId: 4, name: 'ADMINISTER_SITE', friendlyName: 'Administer Site', description: '', appliedToUser: true, fromUserGroup: true },
          { roleId: 5, name: 'ADMINISTER_ROLE', friendlyName: 'Administer Role' },
        ],
      },
    ]);
    expect(groups[0]?.roles[1]).toMatchObject({ appliedToUser: false, fromUserGroup: false, description: '' });
  });

  it('accepts a config with its parameters and refuses one without data', () => {
    const config = {
      id: 9,
      systemConfigId: null,
      name: 'UserPassword',
      isLicense: true,
      licenseId: 2,
      projectId: null,
      data: {
        configs: [
          {
            property: 'UserPassword',
            parameters: [
              { name: 'RequiredLength', value: 8, label_name: 'Minimum length', inputType: 'positiveNumber' },
              { name: 'Statuses', value: [], inputType: 'list', resourceTypes: [{ typeName: 'Material', typeNumber: 2 }] },
            ],
          },
        ],
      },
    };
    expect(v.safeParse(ConfigSchema, config).success).toBe(true);
    expect(v.safeParse(ConfigSchema, { ...config, data: undefined }).success).toBe(false);
  });

  it('reads a resource property with defaults and refuses an unknown type', () => {
    expect(v.parse(ResourcePropertySchema, { label_name: 'Colour', name: 'colour' })).toMatchObject({
      type: 'default',
      selection: [],
      requiresElevated: false,
    });
    expect(v.safeParse(ResourcePropertySchema, { label_name: 'Colour', name: 'colour', type: 'free' }).success).toBe(false);
  });

  it('accepts nested project and site trees', () => {
    const tree = v.parse(ProjectTreeNodeSchema, {
      projectId: 2,
      name: 'Harbour',
      assignedTo: true,
      children: [{ projectId: 3, name: 'Harbour East', description: null }],
    });
    expect(tree.children[0]).toMatchObject({ projectId: 3, description: '', assignedTo: false, children: [] });

    const site = v.parse(SiteSchema, {
      siteId: 10,
      name: 'Site 1',
      active: true,
      parentId: null,
      projectId: 2,
      siteClass: 'site',
      siteType: { receivable: true },
      properties: { overlays: [{ url: 'https://maps.example/o.png', name: 'Plan' }], userProperties: { gate: { value: 'North', type: 'text' } } },
      children: [{ siteId: 11, name: 'Area A', active: false, parentId: 10, projectId: 2, depth: 1, siteClass: 'area' }],
    });
    expect(site.children[0]?.properties).toEqual({ overlays: [], userProperties: {} });
    expect(v.safeParse(SiteTreeNodeSchema, { site: { ...site, children: undefined }, children: [{ site: { name: 'x' } }] }).success).toBe(false);
  });

  it('accepts a workflow data with phases, items, triggers and production', () => {
    const data = v.parse(WorkflowDataSchema, {
      phases: [
        {
          phaseId: 'b3c1f0a2-3d4e-4f50-8a6b-7c8d9e0f1a2b',
          phaseName: 'Install',
          color: '#FCC400',
          phaseWeight: 100,
          items: [
            {
              itemId: 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3c',
              itemName: 'Mount',
              itemType: 3,
              itemWeight: 100,
              preRequisite: null,
              triggers: [{ id: 1, triggerType: 2, triggerName: 'Tagged', siteID: 0, condition: 3 }],
              requirements: [{ name: 'Photo', requirementType: 1 }],
              production: { name: 'Panels', totalQuantity: 40, uom: 'ea', productionType: 0 },
              equipmentStatus: { progressState: 0, equipmentStatusState: 3 },
            },
          ],
        },
      ],
    });
    expect(data.phases[0]?.items[0]).toMatchObject({ emails: [], complete: [], requirements: [{ requirmentWeight: 0, description: '' }] });
    expect(v.safeParse(WorkflowDataSchema, { phases: [{ phaseId: 'x', phaseName: 'P', items: [{ itemName: 'no id' }] }] }).success).toBe(false);
  });

  it('accepts the preservation list reply and refuses one without success', () => {
    const reply = {
      success: true,
      data: [
        {
          id: 4,
          name: 'Motor upkeep',
          projectId: 2,
          projectName: 'Harbour',
          preservationRelatedKey: 'a1b2c3d4-0000-4000-8000-000000000001',
          preservationSteps: [
            { id: 1, name: 'Inspect', type: 0, interval: 0, intervalUnit: 0 },
            { id: 2, name: 'Rotate shaft', type: 1, interval: 14, intervalUnit: 0 },
          ],
        },
      ],
    };
    expect(v.safeParse(PreservationListReplySchema, reply).success).toBe(true);
    expect(v.safeParse(PreservationListReplySchema, { data: reply.data }).success).toBe(false);
  });

  it('accepts a monthly users report and refuses users as text', () => {
    const report = { monthlyReports: [{ year: 2024, month: 10, addOns: [{ addOnId: 1, name: 'SiteSense', users: 12 }] }] };
    expect(v.safeParse(MonthlyUsersReportSchema, report).success).toBe(true);
    expect(v.safeParse(MonthlyUsersReportSchema, { monthlyReports: [{ year: 2024, month: 10, addOns: [{ addOnId: 1, users: '12' }] }] }).success).toBe(false);
  });

  it('accepts document numbering results with a conflict', () => {
    const rows = v.parse(v.array(DocumentNumberingResultSchema), [
      { resourceType: 'Receipt', expectedNextNumber: 10, newNextNumber: 20, success: true },
      { resourceType: 'Shipment', expectedNextNumber: 5, newNextNumber: 9, actualNextNumber: 7, success: false },
    ]);
    expect(rows.filter((row) => !row.success).map((row) => row.actualNextNumber)).toEqual([7]);
  });

  it('requires the secret in a created API key', () => {
    const key = { apiKeyId: 1, keyPrefix: 'ak_3f9', name: 'ERP', licenseId: 2, isActive: true, allProjects: false, createdDate: '2024-05-01T00:00:00Z' };
    expect(v.safeParse(CreatedApiKeySchema, { ...key, apiKey: 'ak_3f9.secret' }).success).toBe(true);
    expect(v.safeParse(CreatedApiKeySchema, key).success).toBe(false);
  });

  it('reads warnings as text or { Message }, and deletes with or without a body', () => {
    expect(v.safeParse(WarningReplySchema, 'limit exceeded').success).toBe(true);
    expect(v.safeParse(WarningReplySchema, { Message: 'limit exceeded' }).success).toBe(true);
    expect(v.safeParse(DeleteReplySchema, undefined).success).toBe(true);
    expect(v.safeParse(DeleteReplySchema, { Message: 'Config deleted.' }).success).toBe(true);
  });
});
