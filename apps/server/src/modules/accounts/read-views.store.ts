import { QueryBuilder } from "drizzle-orm/pg-core";
import { apiKeys, profiles } from "../../platform/db/schema/accounts.ts";
import { user } from "../../platform/db/schema/auth.ts";

/*
 * The accounts' tables as other modules may read them (an order shows its customer's name and
 * e-mail, the agents' audit the key a call came with): subqueries under the tables' own names, which select and join like the tables but
 * which drizzle refuses to write (see the catalogue's `productsRead`).
 */
const qb = new QueryBuilder();
export const profilesRead = qb.select().from(profiles).as("profiles");
export const apiKeysRead = qb.select().from(apiKeys).as("api_keys");
export const usersRead = qb.select().from(user).as("user");
