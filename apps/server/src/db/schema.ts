// The schema is split by module under schema/; this file gathers it, so that drizzle-kit (drizzle.config.ts) and
// every `import … from 'db/schema'` see one schema. Shared column sets (schema/columns.ts) are not tables and stay out.
export * from './schema/users';
export * from './schema/projects';
export * from './schema/working-area';
export * from './schema/test-cases';
export * from './schema/collaboration';
export * from './schema/attachments';
export * from './schema/comments';
export * from './schema/classifiers';
export * from './schema/downloads';
export * from './schema/audit';
export * from './schema/baselines';
export * from './schema/reviews';
export * from './schema/spreadsheet-plans';
export * from './schema/oidc';
