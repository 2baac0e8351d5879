/** The workflows contract: its calls, entities, form schemas and messages. A remote bundles it. */
export * from './model';
export * from './workflows.calls';
