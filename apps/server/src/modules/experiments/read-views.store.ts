import { QueryBuilder } from "drizzle-orm/pg-core";
import { holdoutAssignments } from "../../platform/db/schema/experiments.ts";

/**
 * The experiments' assignments as other modules may read them: a subquery that selects and joins
 * like the table but which drizzle refuses to write (as the catalogue's `productsRead`). The
 * orders module counts the assigned visitors' orders with it.
 */
export const holdoutAssignmentsRead = new QueryBuilder()
  .select()
  .from(holdoutAssignments)
  .as("holdout_assignments");
