CREATE TABLE "product_option_sets" (
	"scope" text NOT NULL,
	"paired" text NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"held" text[] NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_option_sets_scope_paired_category_brand_held_pk" PRIMARY KEY("scope","paired","category","brand","held")
);
--> statement-breakpoint
CREATE INDEX "product_option_sets_brand_idx" ON "product_option_sets" USING btree ("paired","brand") WHERE "product_option_sets"."scope" = 'p';--> statement-breakpoint
CREATE INDEX "product_option_sets_scope_idx" ON "product_option_sets" USING btree ("scope","category","brand","paired");--> statement-breakpoint
-- product_option_sets: what a product holds of each of its options, as sets. From its kept
-- arrays alone (option_facets, option_pairs: no variant read): per option, the values it holds
-- (paired ''); per value of another option, the values of this one paired with it on a variant.
-- A set is sorted, so products holding the same values share a row.
CREATE FUNCTION product_option_set_keys(facets text[], pairs text[])
  RETURNS TABLE (held text[], paired text) LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(f ORDER BY f), '' FROM unnest(facets) AS f GROUP BY split_part(f, ':', 1)
  UNION ALL
  SELECT array_agg(split_part(p, chr(31), 1) ORDER BY split_part(p, chr(31), 1)), split_part(p, chr(31), 2)
  FROM unnest(pairs) AS p
  GROUP BY split_part(split_part(p, chr(31), 1), ':', 1), split_part(p, chr(31), 2)
$$;
--> statement-breakpoint
-- Kept like product_option_counts (migration 0034): one statement trigger per change, only net
-- changes written, each key to its four scopes (per category and brand, per category, per
-- brand, over all) in one order, so concurrent writers never wait on each other in opposite
-- orders.
CREATE FUNCTION product_option_sets_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_option_sets AS s (scope, paired, category, brand, held, visible)
  SELECT sc.scope, x.paired, sc.category, sc.brand, x.held, sum(x.n)::int
  FROM jsonb_to_recordset(changes) AS x(held text[], paired text, category text, brand text, n int),
    LATERAL (VALUES ('p', x.category, x.brand), ('c', x.category, ''), ('b', '', x.brand), ('a', '', ''))
      AS sc(scope, category, brand)
  GROUP BY sc.scope, x.paired, sc.category, sc.brand, x.held HAVING sum(x.n) <> 0
  ORDER BY sc.scope, x.paired, sc.category, sc.brand, x.held
  ON CONFLICT (scope, paired, category, brand, held) DO UPDATE SET visible = s.visible + excluded.visible
$$;
--> statement-breakpoint
CREATE FUNCTION product_option_sets_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_option_sets_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('held', held, 'paired', paired, 'category', category,
      'brand', brand, 'n', n)) FROM (
      SELECT k.held, k.paired, a.category, a.brand, count(*)::int AS n
      FROM added a, product_option_set_keys(a.option_facets, a.option_pairs) AS k
      WHERE NOT a.hidden GROUP BY k.held, k.paired, a.category, a.brand) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_option_sets_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_option_sets_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('held', held, 'paired', paired, 'category', category,
      'brand', brand, 'n', -n)) FROM (
      SELECT k.held, k.paired, r.category, r.brand, count(*)::int AS n
      FROM removed r, product_option_set_keys(r.option_facets, r.option_pairs) AS k
      WHERE NOT r.hidden GROUP BY k.held, k.paired, r.category, r.brand) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose counted columns changed are unnested: a stock or price update (checkout's
-- roll-up) costs a join of the transition tables and nothing else.
CREATE FUNCTION product_option_sets_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_option_sets_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('held', held, 'paired', paired, 'category', category,
      'brand', brand, 'n', n)) FROM (
      SELECT k.held, k.paired, c.category, c.brand, sum(c.d)::int AS n FROM (
        SELECT 1 AS d, a.hidden, a.category, a.brand, a.option_facets, a.option_pairs
        FROM added a JOIN removed r ON r.id = a.id
        WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
          IS DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs)
        UNION ALL
        SELECT -1, r.hidden, r.category, r.brand, r.option_facets, r.option_pairs
        FROM removed r JOIN added a ON a.id = r.id
        WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
          IS DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs)) AS c,
        product_option_set_keys(c.option_facets, c.option_pairs) AS k
      WHERE NOT c.hidden GROUP BY k.held, k.paired, c.category, c.brand HAVING sum(c.d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_option_sets_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_option_sets_on_insert();
--> statement-breakpoint
CREATE TRIGGER product_option_sets_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_option_sets_on_delete();
--> statement-breakpoint
CREATE TRIGGER product_option_sets_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_option_sets_on_update();
--> statement-breakpoint
-- The sets the products hold now.
SELECT product_option_sets_add(coalesce((
  SELECT jsonb_agg(jsonb_build_object('held', held, 'paired', paired, 'category', category,
    'brand', brand, 'n', n)) FROM (
    SELECT k.held, k.paired, p.category, p.brand, count(*)::int AS n
    FROM products p, product_option_set_keys(p.option_facets, p.option_pairs) AS k
    WHERE NOT p.hidden GROUP BY k.held, k.paired, p.category, p.brand) AS t), '[]'));
