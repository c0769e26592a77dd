import { QueryBuilder } from "drizzle-orm/pg-core";
import { cartItems, carts } from "../../platform/db/schema/carts.ts";

/**
 * The carts and their lines as other modules may read them: subqueries that select and join like
 * the tables but which drizzle refuses to write (as the catalogue's `productsRead`). The cart
 * module owns these tables; the merchant's figures count the open negotiations over live carts.
 */
export const cartsRead = new QueryBuilder().select().from(carts).as("carts");
export const cartItemsRead = new QueryBuilder().select().from(cartItems).as("cart_items");
