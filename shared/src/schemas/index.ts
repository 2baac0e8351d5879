export * from './auth.schema';
export * from './issues';
