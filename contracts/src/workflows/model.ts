/** The workflows contract without its calls (endpoints, entities, form schemas, messages): what the API imports. */
export * from './preservations.entities';
export * from './preservations.forms';
export * from './workflows.endpoints';
export * from './workflows.entities';
export * from './workflows.forms';
export * from './workflows.labels';
export * from './workflows.messages';
export * from './workflows.rules';
