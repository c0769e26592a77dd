ALTER TABLE "products" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A product's address from its name: lower case ASCII letters and digits joined by single
-- hyphens, common accents folded, at most 80 characters; 'product' when nothing is left.
CREATE OR REPLACE FUNCTION haggle_slugify(name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    nullif(
      trim(both '-' from left(
        regexp_replace(
          lower(translate(coalesce(name, ''),
            'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ',
            'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy')),
          '[^a-z0-9]+', '-', 'g'),
        80)),
      ''),
    'product')
$$;--> statement-breakpoint
-- Set once, when a product is created without one (or its slug is emptied): the name's slug,
-- then -2, -3, ... until no other product has it. A rename keeps the address, so links stay good.
CREATE OR REPLACE FUNCTION products_set_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF NEW.slug IS NOT NULL AND NEW.slug <> '' THEN
    RETURN NEW;
  END IF;
  base := haggle_slugify(NEW.name);
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM products WHERE slug = candidate AND id <> NEW.id) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  NEW.slug := candidate;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_set_slug BEFORE INSERT OR UPDATE OF slug ON products
  FOR EACH ROW EXECUTE FUNCTION products_set_slug();--> statement-breakpoint
-- Every product there is gets its address, the oldest first (it keeps the plain name's slug).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM products ORDER BY created_at, id LOOP
    UPDATE products SET slug = '' WHERE id = r.id;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");
