/** The auth contract without its calls (entities, form schemas, messages): what the API imports. */
export * from './auth.endpoints';
export * from './auth.entities';
export * from './auth.forms';
export * from './auth.messages';
export * from './environments.endpoints';
export * from './password-policy';
export * from './passkeys.endpoints';
export * from './passkeys.entities';
export * from './passkeys.forms';
export * from './passkeys.messages';
