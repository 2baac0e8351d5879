/**
 * The session, one store for the host and every remote (zustand, shared as a singleton
 * through federation, persisted in localStorage). Signed in only while token, session and
 * roles exist and the token's exp (seconds) is in the future.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What a successful login answers (POST login, POST login/2fa). The auth contract's
 * SessionReplySchema parses it; the kernel needs only its shape.
 */
export interface SessionReply {
  type: 'password' | 'email' | 'sso' | 'totp' | 'recovery' | 'passkey';
  token: string;
  exp: number;
  sessionId: string;
  userId: number;
  userName: string;
  licenseId: number;
  roles: string[];
  mustUpdatePassword: boolean;
  isSsoUser: boolean;
  userHasNoProjects: boolean;
  ssoUrl: string | null;
  /** The licence requires a second factor the user has not set up: the console sends them to set it up first. */
  mustSetUpFactor?: boolean;
}

export interface SessionState {
  token: string | null;
  /** exp of the token, seconds since the epoch. */
  exp: number | null;
  sessionId: string | null;
  userId: number | null;
  userName: string | null;
  licenseId: number | null;
  roles: string[] | null;
  mustUpdatePassword: boolean;
  /** The licence requires a second factor the user has not set up (issue 40): every page but its set-up waits. */
  mustSetUpFactor: boolean;
  isSsoUser: boolean;
  userHasNoProjects: boolean;
  /** Where single sign-on starts again; kept when a session expires, for the re-login mode. */
  ssoUrl: string | null;
  signIn(reply: SessionReply): void;
  /** Forgets the session. `keepSso` keeps the SSO re-login URL (an expiry, not a log-out). */
  signOut(options?: { keepSso?: boolean }): void;
  setRoles(roles: string[]): void;
  passwordUpdated(): void;
  /** The required second factor is set up: the session is a full one now. */
  factorSetUp(): void;
}

const signedOut = {
  token: null,
  exp: null,
  sessionId: null,
  userId: null,
  userName: null,
  licenseId: null,
  roles: null,
  mustUpdatePassword: false,
  mustSetUpFactor: false,
  isSsoUser: false,
  userHasNoProjects: false,
};

export const SESSION_STORAGE_KEY = 'console-session';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      ssoUrl: null,
      signIn: (reply) =>
        set({
          token: reply.token,
          exp: reply.exp,
          sessionId: reply.sessionId,
          userId: reply.userId,
          userName: reply.userName,
          licenseId: reply.licenseId,
          roles: reply.roles,
          mustUpdatePassword: reply.mustUpdatePassword,
          mustSetUpFactor: reply.mustSetUpFactor ?? false,
          isSsoUser: reply.isSsoUser,
          userHasNoProjects: reply.userHasNoProjects,
          ssoUrl: reply.ssoUrl,
        }),
      signOut: (options) => set((state) => ({ ...signedOut, ssoUrl: options?.keepSso ? state.ssoUrl : null })),
      setRoles: (roles) => set({ roles }),
      passwordUpdated: () => set({ mustUpdatePassword: false }),
      factorSetUp: () => set({ mustSetUpFactor: false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ signIn: _a, signOut: _b, setRoles: _c, passwordUpdated: _d, factorSetUp: _e, ...data }) => data,
    },
  ),
);

type SessionData = Pick<SessionState, 'token' | 'exp' | 'sessionId' | 'roles'>;

/** Signed in: token, session and roles exist, and exp is still ahead. */
export function isSignedIn(state: SessionData = useSession.getState(), now: number = Date.now()): boolean {
  return Boolean(state.token && state.sessionId && state.roles && state.exp && state.exp * 1000 > now);
}

/** Milliseconds until the session expires (0 when signed out or past). */
export function msUntilExpiry(state: Pick<SessionState, 'exp'> = useSession.getState(), now: number = Date.now()): number {
  return state.exp ? Math.max(0, state.exp * 1000 - now) : 0;
}

/** Keeps tabs in step: signing out in one tab signs out the others. */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY) void useSession.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
