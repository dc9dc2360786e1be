/** The platform's shared lists, kept by administrators: regions and business types. */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessKinds } from '../../../src/domain/reference-data';
import { id, createdAt, updatedAt, oneOf } from './columns';

export const regions = pgTable(
  'regions',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('regions_name_unique').on(sql`lower(${t.name})`)],
);

export const lenderBusinessTypes = pgTable(
  'lender_business_types',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    businessType: text('business_type', { enum: businessKinds }).notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lender_business_types_business_type_known', oneOf(t.businessType, businessKinds)),
    uniqueIndex('lender_business_types_name_unique').on(sql`lower(${t.name})`),
  ],
);
