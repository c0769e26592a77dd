-- A stock move (checkout's roll-up: `update products set stock_level = ...`) changes no column the
-- kept counts read, yet every products update trigger below ran its count statement and its
-- upsert of no rows. PostgreSQL allows no `UPDATE OF <columns>` on a trigger with transition
-- tables, so each function first counts the rows of added whose old row (same id) has the same
-- counted columns, and returns at once when that is every row of added: the counts are the same sums of
-- the same rows, so skipping them changes nothing. A count, not EXISTS: an EXISTS over the
-- join is planned for its first row, a nested loop over the transition tables, n² for a
-- stock update of many products where no row differs; the count is a hash join. None of these counts reads stock_level.
-- catalogue_version_update is left as it is: the catalogue shows stock, so a stock move must
-- still make the answer caches forget.
CREATE OR REPLACE FUNCTION product_facet_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.hidden, a.category, a.brand, a.option_facets)
        IS NOT DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets))
    = (SELECT count(*) FROM added)
  THEN RETURN NULL; END IF;
  PERFORM product_facet_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', kind, 'value', value, 'n', n)) FROM (
      SELECT kind, value, sum(d)::int AS n FROM (
        SELECT 1 AS d, hidden, category, brand, option_facets FROM added
        UNION ALL SELECT -1, hidden, category, brand, option_facets FROM removed) AS r,
        LATERAL (SELECT 'all', '' UNION ALL SELECT 'category', r.category
          UNION ALL SELECT 'brand', r.brand
          UNION ALL SELECT 'option', o FROM unnest(r.option_facets) AS o) AS f(kind, value)
      WHERE NOT r.hidden GROUP BY kind, value HAVING sum(d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vocabulary_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.hidden, a.name, a.brand, a.category, a.tags)
        IS NOT DISTINCT FROM (r.hidden, r.name, r.brand, r.category, r.tags))
    = (SELECT count(*) FROM added)
  THEN RETURN NULL; END IF;
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
CREATE OR REPLACE FUNCTION product_pair_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.hidden, a.category, a.brand)
        IS NOT DISTINCT FROM (r.hidden, r.category, r.brand))
    = (SELECT count(*) FROM added)
  THEN RETURN NULL; END IF;
  PERFORM product_pair_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('category', category, 'brand', brand, 'n', n)) FROM (
      SELECT category, brand, sum(d)::int AS n FROM (
        SELECT 1 AS d, hidden, category, brand FROM added
        UNION ALL SELECT -1, hidden, category, brand FROM removed) AS r
      WHERE NOT r.hidden GROUP BY category, brand HAVING sum(d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_tag_categories_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.hidden, a.category, a.tags)
        IS NOT DISTINCT FROM (r.hidden, r.category, r.tags))
    = (SELECT count(*) FROM added)
  THEN RETURN NULL; END IF;
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
CREATE OR REPLACE FUNCTION product_option_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
        IS NOT DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs))
    = (SELECT count(*) FROM added)
  THEN RETURN NULL; END IF;
  PERFORM product_option_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('facet', facet, 'paired', paired, 'category', category,
      'brand', brand, 'n', n)) FROM (
      SELECT k.facet, k.paired, c.category, c.brand, sum(c.d)::int AS n FROM (
        SELECT 1 AS d, a.hidden, a.category, a.brand, a.option_facets, a.option_pairs
        FROM added a JOIN removed r ON r.id = a.id
        WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
          IS DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs)
        UNION ALL
        SELECT -1, r.hidden, r.category, r.brand, r.option_facets, r.option_pairs
        FROM removed r JOIN added a ON a.id = r.id
        WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
          IS DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs)) AS c,
        product_option_count_keys(c.option_facets, c.option_pairs) AS k
      WHERE NOT c.hidden GROUP BY k.facet, k.paired, c.category, c.brand HAVING sum(c.d) <> 0) AS t), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_option_sets_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.hidden, a.category, a.brand, a.option_facets, a.option_pairs)
        IS NOT DISTINCT FROM (r.hidden, r.category, r.brand, r.option_facets, r.option_pairs))
    = (SELECT count(*) FROM added)
  THEN RETURN NULL; END IF;
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
