export * from './roles';
export * from './messages';
export * from './password-policy';
export * from './schemas';
