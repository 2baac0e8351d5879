/**
 * What the remotes' component tests share (import from 'kit/testing', never from app code): a
 * fake API in place of fetch that records every request and answers from the test's function,
 * a render signed in with given roles on a query client that never retries, and the undo of both.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useSession } from 'shared';
import { configureApi } from 'shared/host';

/**
 * A request the component made; `path` without the API's base (`reports/4/shortcuts`), and
 * `query` only when the URL has one (so a request without stays `{ method, path, body }`).
 */
export interface SentRequest {
  method: string;
  path: string;
  query?: URLSearchParams;
  body: unknown;
}

/**
 * Whether `request` calls `endpoint` (one of the contract's endpoint objects: its method and its
 * path template), with the path parameters `params` when given — so a test names the call it
 * answers, not a path string that drifts from the contract.
 */
export function isCall(
  request: SentRequest,
  endpoint: { readonly method: string; readonly path: string },
  params: Record<string, string | number> = {},
): boolean {
  const names: string[] = [];
  const pattern = endpoint.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  for (const name of Object.keys(params)) if (!names.includes(name)) throw new Error(`${endpoint.path} has no parameter '${name}'`);
  const match = new RegExp(`^${pattern}$`).exec(request.path);
  if (request.method !== endpoint.method || !match) return false;
  return Object.entries(params).every(([name, value]) => decodeURIComponent(match[names.indexOf(name) + 1]!) === String(value));
}

/** The fake API's answer to one request. */
export interface FakeReply {
  status?: number;
  body: unknown;
}

const realFetch = globalThis.fetch;

/**
 * Replaces fetch with a fake API: each request is recorded and answered with `answer`'s reply
 * as JSON (status 200 unless it says otherwise). Returns the list the requests go into.
 */
export function fakeApi(answer: (request: SentRequest) => FakeReply | Promise<FakeReply>): SentRequest[] {
  const sent: SentRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    // A text body (a CSV file) is recorded as its text; any other as the JSON it holds.
    const isText = request.headers.get('content-type')?.startsWith('text/') ?? false;
    const url = new URL(request.url);
    const entry: SentRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      ...(url.search ? { query: url.searchParams } : {}),
      body: text ? (isText ? text : JSON.parse(text)) : undefined,
    };
    sent.push(entry);
    const { status = 200, body } = await answer(entry);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  // The client is built on the fetch of its time.
  configureApi({ baseUrl: 'http://localhost/api/' });
  return sent;
}

/** A query client for a test: no retries, and data read in the test kept as long as `staleTime` says. */
export function testQueryClient(staleTime = 0): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
}

/** Renders `ui` signed in with `roles` on `client` (a fresh test client by default). */
export function renderSignedIn(ui: ReactElement, roles: readonly string[], client: QueryClient = testQueryClient()) {
  useSession.setState({ roles: [...roles], token: 't' });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/** Undoes fakeApi and renderSignedIn: the real fetch, the default base, no session. */
export function restoreApi(): void {
  useSession.setState({ roles: null, token: null });
  globalThis.fetch = realFetch;
  configureApi({ baseUrl: '/api/' });
}
