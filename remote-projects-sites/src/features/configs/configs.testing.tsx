/**
 * What the config editors' tests share: a fake server answering the config calls from a
 * mutable store (so a save is read back like the API's), and a render with a fresh query client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Config, ConfigData } from 'contracts/licensing';
import { configureApi, useSession } from 'shared';

/** A request the component made. */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** An answer the test forces on one request (method and path), instead of the store's. */
export type Override = (request: Sent) => { status: number; body: unknown } | undefined;

export const RESOURCE_TYPES = [
  { typeNumber: 1, typeName: 'Workforce' },
  { typeNumber: 2, typeName: 'Material' },
  { typeNumber: 3, typeName: 'Equipment' },
];

export const config = (id: number, name: string, data: ConfigData, extra: Partial<Config> = {}): Config => ({ id, name, isLicense: false, projectId: 12, data, version: 1, ...extra });

/**
 * Serves the project's (or licence's) configs from `store`, the defaults from `defaults`; a PUT
 * writes the store (version + 1) unless `override` answers first. Returns the requests made.
 */
export function serve(store: { configs: Config[]; defaults: Config[] }, override: Override = () => undefined): Sent[] {
  const sent: Sent[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = await request.text();
    const entry: Sent = { method: request.method, path, body: text ? JSON.parse(text) : undefined };
    sent.push(entry);
    const forced = override(entry);
    const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (forced) return reply(forced.status, forced.body);
    if (request.method === 'GET' && path === 'configs/1') return reply(200, store.defaults);
    if (request.method === 'GET' && path === 'license/default/configs') return reply(200, store.defaults);
    if (request.method === 'GET' && (/^configs\/\d+$/.test(path) || /^license\/\d+\/configs$/.test(path))) return reply(200, store.configs);
    if (request.method === 'GET' && path === 'spot/status') return reply(200, { materialStatusOptions: [{ state: 2, name: 'Unavailable' }, { state: 3, name: 'Available' }] });
    if (request.method === 'GET' && path === 'Resource/resourceTypesMetaData') return reply(200, RESOURCE_TYPES);
    if (request.method === 'PUT') {
      const body = entry.body as Config;
      const saved = { ...store.configs.find((one) => one.id === body.id)!, data: body.data, version: body.version! + 1 };
      store.configs = store.configs.map((one) => (one.id === saved.id ? saved : one));
      return reply(200, saved);
    }
    if (request.method === 'POST') {
      const body = entry.body as Config;
      const made = { ...body, id: 100 + store.configs.length, version: 1, isLicense: false };
      store.configs = [...store.configs, made];
      return reply(201, made);
    }
    if (request.method === 'DELETE') {
      store.configs = store.configs.filter((one) => !path.endsWith(`/${one.id}`));
      return reply(200, { Message: 'Deleted.' });
    }
    return reply(404, { Message: `Not served: ${request.method} ${path}` });
  }) as typeof fetch;
  // The client is built on the fetch of its time.
  configureApi({ baseUrl: 'http://localhost/api/' });
  return sent;
}

/** Renders `ui` signed in with `roles`, on a query client that never retries. */
export function renderWith(ui: ReactElement, roles: string[]) {
  useSession.setState({ roles, token: 't' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Undoes what serve and renderWith changed. */
export function resetServer(realFetch: typeof fetch) {
  useSession.setState({ roles: null, token: null });
  globalThis.fetch = realFetch;
  configureApi({ baseUrl: '/api/' });
}
