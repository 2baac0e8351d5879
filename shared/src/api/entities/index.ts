/** Schemas and types of the contract's answers and bodies beyond those in ../schemas. */
export * from './replies.entities';
export * from './addons.entities';
export * from './roles.entities';
export * from './users.entities';
export * from './user-groups.entities';
export * from './api-keys.entities';
export * from './licenses.entities';
export * from './reports.entities';
export * from './resource-types.entities';
export * from './configs.entities';
export * from './projects.entities';
export * from './sites.entities';
export * from './imports.entities';
export * from './workflows.entities';
export * from './preservations.entities';
export * from './mobile-releases.entities';
