/**
 * What the config editors' tests share: a fake server answering the config calls from a
 * mutable store (so a save is read back like the API's), on the kit's fake API.
 */
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { licensingEndpoints, type Config, type ConfigData } from 'contracts/licensing';
import { workflowEndpoints } from 'contracts/workflows';
import { fakeApi, type FakeReply, type SentRequest, isCall } from 'kit/testing';

/** A request the component made. */
export type Sent = SentRequest;

/** An answer the test forces on one request (method and path), instead of the store's. */
export type Override = (request: Sent) => { status: number; body: unknown } | undefined;

export const RESOURCE_TYPES = [
  { typeNumber: 1, typeName: 'Workforce' },
  { typeNumber: 2, typeName: 'Material' },
  { typeNumber: 3, typeName: 'Equipment' },
];

export const config = (id: number, name: string, data: ConfigData, extra: Partial<Config> = {}): Config => ({
  id,
  name,
  isLicense: false,
  projectId: 12,
  data,
  version: 1,
  ...extra,
});

/**
 * Serves the project's (or licence's) configs from `store`, the defaults from `defaults`; a PUT
 * writes the store (version + 1) unless `override` answers first. Returns the requests made.
 */
export function serve(store: { configs: Config[]; defaults: Config[] }, override: Override = () => undefined): Sent[] {
  return fakeApi((entry): FakeReply => {
    const forced = override(entry);
    if (forced) return forced;
    const { method, path } = entry;
    if (isCall(entry, projectsSitesEndpoints.getProjectConfigs, { projectId: 1 })) return { body: store.defaults };
    if (isCall(entry, licensingEndpoints.getDefaultLicenseConfigs)) return { body: store.defaults };
    if (isCall(entry, projectsSitesEndpoints.getProjectConfigs) || isCall(entry, licensingEndpoints.getLicenseConfigs)) return { body: store.configs };
    if (isCall(entry, projectsSitesEndpoints.getMaterialStatusOptions))
      return {
        body: {
          materialStatusOptions: [
            { state: 2, name: 'Unavailable' },
            { state: 3, name: 'Available' },
          ],
        },
      };
    if (isCall(entry, workflowEndpoints.getResourceTypes)) return { body: RESOURCE_TYPES };
    if (method === 'PUT') {
      const body = entry.body as Config;
      const saved = { ...store.configs.find((one) => one.id === body.id)!, data: body.data, version: body.version! + 1 };
      store.configs = store.configs.map((one) => (one.id === saved.id ? saved : one));
      return { body: saved };
    }
    if (method === 'POST') {
      const body = entry.body as Config;
      const made = { ...body, id: 100 + store.configs.length, version: 1, isLicense: false };
      store.configs = [...store.configs, made];
      return { status: 201, body: made };
    }
    if (method === 'DELETE') {
      store.configs = store.configs.filter((one) => !path.endsWith(`/${one.id}`));
      return { body: { Message: 'Deleted.' } };
    }
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}
