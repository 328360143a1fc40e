/** The one Drizzle schema of the database: every module's tables. */
export * from './core.ts';
