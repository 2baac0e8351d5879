/** The projects-sites contract without its calls (entities, form schemas, messages): what the API imports. */
export * from './imports.entities';
export * from './projects-sites.messages';
export * from './projects.entities';
export * from './sites.entities';
