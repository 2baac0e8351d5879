import * as v from 'valibot';
import { useSession } from '../session/session.store';
import { call, configureApi, startEarly } from './client';

const Page = v.object({ call: v.number() });

describe('early calls (issue 38: a landing screen’s first GETs, started with the session’s answer)', () => {
  let calls: string[];
  const realFetch = globalThis.fetch;
  beforeAll(() => configureApi({ baseUrl: 'http://console.test/api/' }));
  beforeEach(() => {
    calls = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push(new URL(url).pathname + new URL(url).search);
      return new Response(JSON.stringify({ call: calls.length }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    useSession.setState({ token: 'token-of-ann' });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  it('answers the screen’s identical call from the early one: one request, whatever the order of the query', async () => {
    startEarly('users', { page: '0', activeOnly: 'true' });
    await expect(call('get', 'users', Page, { query: { activeOnly: true, page: 0 } })).resolves.toEqual({ call: 1 });
    expect(calls).toEqual(['/api/users?page=0&activeOnly=true']);
    // Taken once: the next identical call asks the server.
    await expect(call('get', 'users', Page, { query: { activeOnly: true, page: 0 } })).resolves.toEqual({ call: 2 });
  });

  it('is not given to another call, nor to another session', async () => {
    startEarly('users', { page: '0' });
    await call('get', 'users', Page, { query: { page: 1 } });
    expect(calls).toEqual(['/api/users?page=0', '/api/users?page=1']);
    useSession.setState({ token: 'token-of-bob' });
    await expect(call('get', 'users', Page, { query: { page: 0 } })).resolves.toEqual({ call: 3 });
  });

  it('is dropped when the screen comes too late (15 seconds)', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T08:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    startEarly('users', { page: '0' });
    jest.setSystemTime(new Date('2026-11-28T08:00:16Z'));
    await expect(call('get', 'users', Page, { query: { page: 0 } })).resolves.toEqual({ call: 2 });
  });
});
