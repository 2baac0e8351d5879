/**
 * The front end's entry to `shared`: role names, messages, schemas, the session store, the
 * API client and every contract call, the remote contract, path builders and the UI kit.
 * (The API imports the React-free subpaths: shared/roles, shared/messages, shared/schemas.)
 */
export * from './roles';
export * from './messages';
export * from './password-policy';
export * from './schemas';
export * from './paths';
export * from './session/session.store';
export * from './session/useHasRole';
export * from './api/client';
export * from './api/schemas';
export * from './api/endpoints';
export * from './federation/types';
export * from './ui';
export * from './features/LicenseSelect';
