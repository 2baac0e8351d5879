import * as v from 'valibot';
import { sessionMethodLabel, UserSessionSchema } from './sessions.entities';

describe('a session as the Sessions list reads it', () => {
  it('names each sign-in method, and shows one it does not know as stored', () => {
    expect(['password', 'email', 'passkey', 'sso'].map(sessionMethodLabel)).toEqual(['Password', 'Password and e-mail code', 'Passkey', 'Single sign-on']);
    expect(sessionMethodLabel('smartcard')).toBe('smartcard');
  });

  it('reads a session without User-Agent, address or last activity', () => {
    const session = v.parse(UserSessionSchema, {
      sessionId: 'a',
      method: 'password',
      createdAt: '2026-11-27T10:00:00.000Z',
      expiresAt: '2026-11-27T18:00:00.000Z',
    });
    expect([session.browser, session.system, session.ipAddress, session.lastActiveAt, session.current]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    ]);
  });
});
