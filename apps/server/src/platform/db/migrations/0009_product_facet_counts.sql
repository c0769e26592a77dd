CREATE TABLE "product_facet_counts" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_facet_counts_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
-- product_facet_counts: one statement trigger per change, writing only net changes, in one
-- order (kind, value), so concurrent writers never wait on each other in opposite orders.
CREATE FUNCTION product_facet_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_facet_counts AS c (kind, value, visible)
  SELECT kind, value, n FROM jsonb_to_recordset(changes) AS x(kind text, value text, n int)
  ORDER BY kind, value
  ON CONFLICT (kind, value) DO UPDATE SET visible = c.visible + excluded.visible
$$;
--> statement-breakpoint
CREATE FUNCTION product_facet_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', n)) FROM (
      SELECT kind, value, count(*)::int AS n FROM added,
        LATERAL (VALUES ('all', ''), ('category', added.category), ('brand', added.brand)) AS f(kind, value)
      WHERE NOT added.hidden GROUP BY kind, value) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_facet_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', -n)) FROM (
      SELECT kind, value, count(*)::int AS n FROM removed,
        LATERAL (VALUES ('all', ''), ('category', removed.category), ('brand', removed.brand)) AS f(kind, value)
      WHERE NOT removed.hidden GROUP BY kind, value) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_facet_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', n)) FROM (
      SELECT kind, value, sum(d)::int AS n FROM (
        SELECT 1 AS d, hidden, category, brand FROM added
        UNION ALL SELECT -1, hidden, category, brand FROM removed) AS r,
        LATERAL (VALUES ('all', ''), ('category', r.category), ('brand', r.brand)) AS f(kind, value)
      WHERE NOT r.hidden GROUP BY kind, value HAVING sum(d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_on_update();
--> statement-breakpoint
INSERT INTO product_facet_counts (kind, value, visible)
SELECT kind, value, count(*)::int FROM products,
  LATERAL (VALUES ('all', ''), ('category', products.category), ('brand', products.brand)) AS f(kind, value)
WHERE NOT products.hidden GROUP BY kind, value;
--> statement-breakpoint
INSERT INTO product_facet_counts (kind, value, visible) VALUES ('all', '', 0) ON CONFLICT DO NOTHING;
