/** The auth contract: its calls, entities, form schemas and messages. A remote bundles it. */
export * from './model';
export * from './auth.calls';
export * from './environments.calls';
export * from './factors.calls';
export * from './passkeys.calls';
export * from './remotes.calls';
