/**
 * Column shapes every schema file uses (ARCHITECTURE.md "API conventions"): money
 * numeric(14,2) in reais, quantities numeric(14,3), and the created/updated timestamps.
 */
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money in reais: numeric(14,2). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A quantity in the product's unit: numeric(14,3). */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

/** created_at and updated_at (kept by the ORM on update), with time zone. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
