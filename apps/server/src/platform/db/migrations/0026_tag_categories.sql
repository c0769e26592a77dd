CREATE TABLE "product_tag_categories" (
	"tag" text NOT NULL,
	"category" text NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_tag_categories_tag_category_pk" PRIMARY KEY("tag","category")
);
--> statement-breakpoint
CREATE INDEX "products_embedded_model_idx" ON "products" USING btree ("embedding_model") WHERE "products"."embedding" is not null;
--> statement-breakpoint
-- product_tag_categories: kept like product_pair_counts (migration 0025): one statement trigger
-- per change, only net changes written, in one order (tag, category). An update that changes no
-- row's tags, category or visibility (a stock change, an embedding) unnests nothing.
CREATE FUNCTION product_tag_categories_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_tag_categories AS c (tag, category, visible)
  SELECT tag, category, n FROM jsonb_to_recordset(changes) AS x(tag text, category text, n int)
  ORDER BY tag, category
  ON CONFLICT (tag, category) DO UPDATE SET visible = c.visible + excluded.visible
$$;
--> statement-breakpoint
CREATE FUNCTION product_tag_categories_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_tag_categories_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('tag', tag, 'category', category, 'n', n)) FROM (
      SELECT lower(t.tag) AS tag, a.category, count(*)::int AS n FROM added AS a, unnest(a.tags) AS t(tag)
      WHERE NOT a.hidden GROUP BY 1, 2) AS x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_tag_categories_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_tag_categories_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('tag', tag, 'category', category, 'n', -n)) FROM (
      SELECT lower(t.tag) AS tag, r.category, count(*)::int AS n FROM removed AS r, unnest(r.tags) AS t(tag)
      WHERE NOT r.hidden GROUP BY 1, 2) AS x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_tag_categories_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_tag_categories_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('tag', tag, 'category', category, 'n', n)) FROM (
      SELECT c.tag, c.category, sum(c.d)::int AS n FROM (
        SELECT 1 AS d, lower(t.tag) AS tag, a.category FROM added AS a, unnest(a.tags) AS t(tag)
        WHERE NOT a.hidden AND NOT EXISTS (SELECT 1 FROM removed AS r WHERE r.id = a.id AND NOT r.hidden
          AND r.category = a.category AND r.tags = a.tags)
        UNION ALL
        SELECT -1, lower(t.tag), r.category FROM removed AS r, unnest(r.tags) AS t(tag)
        WHERE NOT r.hidden AND NOT EXISTS (SELECT 1 FROM added AS a WHERE a.id = r.id AND NOT a.hidden
          AND a.category = r.category AND a.tags = r.tags)
      ) AS c GROUP BY c.tag, c.category HAVING sum(c.d) <> 0) AS x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_tag_categories_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_tag_categories_on_insert();
--> statement-breakpoint
CREATE TRIGGER product_tag_categories_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION product_tag_categories_on_delete();
--> statement-breakpoint
CREATE TRIGGER product_tag_categories_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION product_tag_categories_on_update();
--> statement-breakpoint
INSERT INTO product_tag_categories (tag, category, visible)
SELECT lower(t.tag), p.category, count(*)::int FROM products AS p, unnest(p.tags) AS t(tag)
WHERE NOT p.hidden GROUP BY 1, 2;
