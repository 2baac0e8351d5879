/** The projects-sites contract: its calls, entities, form schemas and messages. A remote bundles it. */
export * from './model';
export * from './imports.calls';
export * from './projects-sites.calls';
export * from './site-search-csv.calls';
