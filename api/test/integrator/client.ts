/**
 * What an integrator writes (issue 11): a client typed from the served OpenAPI document
 * (openapi-typescript generates `.generated/schema.d.ts` at test time), calling the API with
 * an API key through openapi-fetch. integrator.test.ts type-checks this file against the
 * generated types and runs it against the real server: if the document and the server
 * disagree, the check or the run fails.
 */
import createClient from 'openapi-fetch';
import type { paths } from './.generated/schema';

export interface RoundTrip {
  total: number;
  found: string[];
  one: string | undefined;
  badStatus: number;
  badMessage: string | undefined;
}

export async function roundTrip(options: {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  apiKey: string;
  search: string;
}): Promise<RoundTrip> {
  const api = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch, headers: { Authorization: `ApiKey ${options.apiKey}` } });

  const list = await api.GET('/api/users', { params: { query: { filter: options.search, activeOnly: true, pageSize: 10 } } });
  if (!list.data) throw new Error(`GET /api/users answered ${list.response.status}`);
  const first = list.data.items[0];
  if (!first) throw new Error('GET /api/users found nobody');

  const one = await api.GET('/api/users/{username}', { params: { path: { username: first.userName } } });

  // Bad input: a typed 4xx with the server's message.
  const bad = await api.GET('/api/users', { params: { query: { pageSize: 0 } } });
  return {
    total: list.data.total,
    found: list.data.items.map((user) => user.userName),
    one: one.data?.userName,
    badStatus: bad.response.status,
    badMessage: bad.error?.Message,
  };
}
