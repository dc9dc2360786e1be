/**
 * The column builders every area of the schema shares: ids, timestamps, money, rates,
 * foreign keys, and CHECKs that a column holds one of a list's values.
 */
import { sql } from 'drizzle-orm';
import { bigint, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money: numeric(14,2), read as a string and converted to integer cents in src/domain. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** A column that holds another table's id: a foreign key, whose rows go as `onDelete` says. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade' | 'set null') =>
  bigint(name, { mode: 'number' }).references(target, onDelete && { onDelete });

/**
 * A CHECK that a column holds one of a list's values: the same `as const` list its
 * TypeScript type is read from, so the database refuses what the type would.
 */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;

/** Rates are percentages 0–100 with up to two decimals. */
export const rate = (name: string) => numeric(name, { precision: 5, scale: 2 });
