/** The auth contract without its calls (entities, form schemas, messages): what the API imports. */
export * from './auth.endpoints';
export * from './auth.entities';
export * from './auth.replies';
export * from './auth.forms';
export * from './auth.messages';
export * from './environments.endpoints';
export * from './host.entities';
export * from './password-policy';
export * from './factors.endpoints';
export * from './factors.entities';
export * from './passkeys.endpoints';
export * from './passkeys.entities';
export * from './passkeys.forms';
export * from './passkeys.messages';
export * from './remotes.endpoints';
export * from './remotes.entities';
export * from './remotes.messages';
