CREATE INDEX "products_name_brand_trgm_idx" ON "products" USING gin (("name" || ' ' || "brand") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("in_stock" DESC NULLS FIRST,"demand_index" DESC NULLS FIRST,"name","id") WHERE "products"."hidden" = false;--> statement-breakpoint
CREATE INDEX "products_price_low_idx" ON "products" USING btree ("price","name","id") WHERE "products"."hidden" = false;--> statement-breakpoint
CREATE INDEX "products_price_high_idx" ON "products" USING btree ("price" DESC NULLS FIRST,"name","id") WHERE "products"."hidden" = false;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name","id") WHERE "products"."hidden" = false;--> statement-breakpoint
CREATE INDEX "products_visible_facets_idx" ON "products" USING btree ("category","brand") WHERE "products"."hidden" = false;--> statement-breakpoint
-- Nearest neighbours of the local embedder's vectors (HNSW), only where pgvector exists (the
-- start-up code creates the extension where the server has it; PGlite always does). The
-- predicate is checked before the cast, so a vector of another size never fails an insert.
-- nearestWithPgvector (search-legs.store.ts) repeats the predicate so the planner can use it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS products_local_embedding_hnsw_idx ON products '
      'USING hnsw ((embedding::vector(256)) vector_cosine_ops) '
      'WHERE embedding_model = ''haggle-local-v1'' AND cardinality(embedding) = 256';
  END IF;
END $$;
