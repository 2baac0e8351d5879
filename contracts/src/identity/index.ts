/** The identity contract: its calls, entities, form schemas and messages. A remote bundles it. */
export * from './model';
export * from './users.calls';
export * from './user-groups.calls';
export * from './api-keys.calls';
export * from './audit.calls';
export * from './user-import.calls';
export * from './access-review.calls';
