/** The projects-sites contract without its calls (endpoints, entities, form schemas, messages): what the API imports. */
export * from './imports.endpoints';
export * from './imports.entities';
export * from './projects-sites.endpoints';
export * from './projects-sites.labels';
export * from './projects-sites.messages';
export * from './projects.entities';
export * from './projects.forms';
export * from './site-csv.entities';
export * from './site-search-csv.endpoints';
export * from './site-search.entities';
export * from './sites.entities';
export * from './sites.forms';
export * from './sites.rules';
