/**
 * One schema for the embedded database (PGlite) and a PostgreSQL server. Money columns are
 * numeric(12,2), read and written as integer cents by the `money` column type (column-values.ts).
 * Embeddings are stored as real[] so that servers without pgvector work too; where pgvector
 * exists the search code casts them to vector (see docs/decisions/0002-database.md).
 */
export * from "./schema/accounts.ts";
export * from "./schema/auth.ts";
export * from "./schema/oauth.ts";
export * from "./schema/carts.ts";
export * from "./schema/negotiation.ts";
export * from "./schema/catalog.ts";
export * from "./schema/orders.ts";
export * from "./schema/addresses.ts";
export * from "./schema/payments.ts";
export * from "./schema/mail.ts";
export * from "./schema/settings.ts";
export * from "./schema/agents.ts";
export * from "./schema/acp.ts";
export * from "./schema/experiments.ts";
export * from "./schema/realtime.ts";
export * from "./schema/policies.ts";
export * from "./schema/discounts.ts";
export * from "./schema/taxes.ts";
export * from "./schema/shipping.ts";
