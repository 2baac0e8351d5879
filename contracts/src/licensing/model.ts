/** The licensing contract without its calls (endpoints, entities, form schemas, messages): what the API imports. */
export * from './configs.entities';
export * from './configs.rules';
export * from './licenses.entities';
export * from './licenses.forms';
export * from './licensing.endpoints';
export * from './licensing.labels';
export * from './licensing.messages';
export * from './mobile-releases.endpoints';
export * from './mobile-releases.entities';
export * from './reports.entities';
export * from './seats.endpoints';
export * from './seats.entities';
export * from './resource-types.entities';
export * from './second-factor.endpoints';
