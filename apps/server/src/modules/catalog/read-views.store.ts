import { QueryBuilder } from "drizzle-orm/pg-core";
import { products, productVariants } from "../../platform/db/schema/catalog.ts";

/**
 * The products table as other modules may read it: a subquery (`(select * from products) as
 * products`), which selects and joins like the table but which drizzle refuses to insert into,
 * update or delete from (the types take a table). The catalogue owns the products table; a cart
 * line or an order line joins this to show a product. PostgreSQL pulls a plain subquery like this
 * up into the outer query, so the plan (and the number of round trips) is the table's own. The
 * alias is the table's name, so column sets built on the table (`productColumns`) still resolve.
 */
export const productsRead = new QueryBuilder().select().from(products).as("products");

/** The variants as other modules may read them (a cart line and an order line join their variant). */
export const variantsRead = new QueryBuilder().select().from(productVariants).as("product_variants");
