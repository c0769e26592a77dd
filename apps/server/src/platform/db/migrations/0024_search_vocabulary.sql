CREATE TABLE "search_vocabulary" (
	"kind" text NOT NULL,
	"word" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_vocabulary_kind_word_pk" PRIMARY KEY("kind","word")
);
--> statement-breakpoint
-- search_vocabulary: one statement trigger per change, as product_facet_counts (migration 0009):
-- only net changes are written, in one order (kind, word), so concurrent writers never wait on
-- each other in opposite orders. A product's words are its name, brand and category, lower
-- case, split at spaces (the catalogue search splits them further); its tags are kept as given.
CREATE FUNCTION search_vocabulary_entries(name text, brand text, category text, tags text[])
RETURNS TABLE (kind text, word text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'w', w FROM unnest(string_to_array(lower(name || ' ' || brand || ' ' || category), ' ')) AS w WHERE w <> ''
  UNION ALL SELECT 't', t FROM unnest(tags) AS t
$$;
--> statement-breakpoint
CREATE FUNCTION search_vocabulary_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_vocabulary AS v (kind, word, products)
  SELECT kind, word, n FROM jsonb_to_recordset(changes) AS x(kind text, word text, n int)
  ORDER BY kind, word
  ON CONFLICT (kind, word) DO UPDATE SET products = v.products + excluded.products
$$;
--> statement-breakpoint
-- The words of changed rows (d: +1 for each row added, -1 for each removed), summed per word.
CREATE FUNCTION search_vocabulary_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'word', word, 'n', n)) FROM (
      SELECT x.kind, x.word, count(*)::int AS n FROM added AS c, search_vocabulary_entries(c.name, c.brand, c.category, c.tags) AS x
      WHERE NOT c.hidden GROUP BY x.kind, x.word) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_vocabulary_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'word', word, 'n', -n)) FROM (
      SELECT x.kind, x.word, count(*)::int AS n FROM removed AS c, search_vocabulary_entries(c.name, c.brand, c.category, c.tags) AS x
      WHERE NOT c.hidden GROUP BY x.kind, x.word) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that leaves a row's words alone (a stock change, an embedding) costs no splitting:
-- rows whose name, brand, category, tags and visibility are unchanged are left out first.
CREATE FUNCTION search_vocabulary_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'word', word, 'n', n)) FROM (
      SELECT x.kind, x.word, sum(c.d)::int AS n FROM (
        SELECT 1 AS d, a.name, a.brand, a.category, a.tags FROM added AS a
        WHERE NOT a.hidden AND NOT EXISTS (SELECT 1 FROM removed AS r WHERE r.id = a.id AND NOT r.hidden
          AND r.name = a.name AND r.brand = a.brand AND r.category = a.category AND r.tags = a.tags)
        UNION ALL
        SELECT -1, r.name, r.brand, r.category, r.tags FROM removed AS r
        WHERE NOT r.hidden AND NOT EXISTS (SELECT 1 FROM added AS a WHERE a.id = r.id AND NOT a.hidden
          AND a.name = r.name AND a.brand = r.brand AND a.category = r.category AND a.tags = r.tags)
      ) AS c, search_vocabulary_entries(c.name, c.brand, c.category, c.tags) AS x
      GROUP BY x.kind, x.word HAVING sum(c.d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_vocabulary_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_on_insert();
--> statement-breakpoint
CREATE TRIGGER search_vocabulary_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_on_delete();
--> statement-breakpoint
CREATE TRIGGER search_vocabulary_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_on_update();
--> statement-breakpoint
INSERT INTO search_vocabulary (kind, word, products)
SELECT x.kind, x.word, count(*)::int FROM products AS c, search_vocabulary_entries(c.name, c.brand, c.category, c.tags) AS x
WHERE NOT c.hidden GROUP BY x.kind, x.word;
