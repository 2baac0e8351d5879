/** The workflows contract without its calls (entities, form schemas, messages): what the API imports. */
export * from './preservations.entities';
export * from './workflows.entities';
export * from './workflows.messages';
