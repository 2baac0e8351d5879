import { createTestApp, type TestApp } from '../../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('system routes', () => {
  it('GET health answers 200 while the database answers', async () => {
    const answer = await app.request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', database: app.deps.database.kind });
  });

  it('serves a readable reference page made from the OpenAPI document', async () => {
    const answer = await app.request('GET', '/api/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.text).toContain('/api/login');
    expect(answer.text).toContain('Sign in with a user name and password');
  });

  it('keeps an outbox outside production that a test can read by recipient', async () => {
    await app.deps.mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body' });
    const answer = await app.request('GET', '/api/dev/outbox?to=SOMEONE@example.test');
    expect(answer.body).toEqual([expect.objectContaining({ to: 'someone@example.test', subject: 'Hello' })]);
  });
});

describe('the outbox in production', () => {
  it('is not served', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.request('GET', '/api/dev/outbox')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
