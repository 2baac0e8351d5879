/** The licensing contract: its calls, entities, form schemas and messages. A remote bundles it. */
export * from './model';
export * from './licensing.calls';
export * from './mobile-releases.calls';
export * from './seats.calls';
export * from './second-factor.calls';
