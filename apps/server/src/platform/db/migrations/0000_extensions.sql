-- pg_trgm ships with PostgreSQL's contrib and with PGlite; pgvector is optional and is
-- created by the start-up code only where the server has it (see src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
