/** The identity contract without its calls (entities, form schemas, messages): what the API imports. */
export * from './addons.entities';
export * from './api-keys.endpoints';
export * from './api-keys.entities';
export * from './api-keys.forms';
export * from './audit.endpoints';
export * from './identity.labels';
export * from './identity.messages';
export * from './roles.entities';
export * from './user-groups.endpoints';
export * from './user-groups.entities';
export * from './user-groups.forms';
export * from './users.endpoints';
export * from './users.entities';
export * from './user-projects.entities';
export * from './users.forms';
export * from './scim.entities';
