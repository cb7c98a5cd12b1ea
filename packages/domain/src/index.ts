export * from './constants';
export * from './schemas/fields';
export * from './schemas/auth';
export * from './schemas/user';
export * from './schemas/errors';
export * from './rules/initials';
export * from './rules/slug';
export * from './rules/acronym';
