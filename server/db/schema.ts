/**
 * The database schema (docs/architecture.md §10). One schema for PGlite and PostgreSQL; ids are
 * positive bigint identities (the client's temporary ids are negative).
 */
// Every enum list comes from src/domain, where the client reads the same arrays.
// One file per area; an area imports only the areas listed before it, so their foreign
// keys never make an import cycle.
export * from './schema/accounts';
export * from './schema/reference';
export * from './schema/documents';
export * from './schema/businesses';
export * from './schema/borrowers';
export * from './schema/loans';
export * from './schema/mpesa';
export * from './schema/ledgers';
export * from './schema/messages';
export * from './schema/regulatory';
export * from './schema/sync';
export * from './schema/platform';
