// The bench's own posts, authors and tags (the site's tables have no relationships to embed), for
// the REST embedding benchmark: a blog of 1,000 posts, each with an author and three tags,
// readable by anon, read a page of 100 at a time.
import type { Database } from "../../server/backend/db/types.ts";

/** Rows one read returns. */
export const EMBED_POSTS = 100;
const TOTAL_POSTS = 1000;

const FIXTURE_SQL = `
CREATE TABLE public.bench_authors (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE public.bench_posts (
  id int PRIMARY KEY,
  title text NOT NULL,
  excerpt text,
  created_at timestamptz NOT NULL,
  author_id int NOT NULL REFERENCES public.bench_authors(id)
);
CREATE TABLE public.bench_tags (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE public.bench_post_tags (
  post_id int REFERENCES public.bench_posts(id),
  tag_id int REFERENCES public.bench_tags(id),
  PRIMARY KEY (post_id, tag_id)
);
GRANT SELECT ON public.bench_authors, public.bench_posts, public.bench_tags, public.bench_post_tags TO anon;
INSERT INTO public.bench_authors SELECT i, 'Autor ' || i FROM generate_series(1, 50) i;
INSERT INTO public.bench_tags SELECT i, 'tag-' || i FROM generate_series(1, 20) i;
INSERT INTO public.bench_posts
  SELECT i, 'Post de teste ' || i, 'Um resumo curto do post, como os do blog.',
         timestamptz '2026-01-01' + i * interval '1 hour', 1 + i % 50
    FROM generate_series(1, ${TOTAL_POSTS}) i;
INSERT INTO public.bench_post_tags
  SELECT p, 1 + (p + k * 7) % 20 FROM generate_series(1, ${TOTAL_POSTS}) p, generate_series(0, 2) k;
`;
const TABLES = ["bench_authors", "bench_posts", "bench_tags", "bench_post_tags"];

const COLUMNS = "id,title,excerpt,created_at";
/** The same 100 posts, without and with their author (many-to-one) and tags (many-to-many). */
export const PLAIN_PATH = `/rest/v1/bench_posts?select=${COLUMNS}&order=id&limit=${EMBED_POSTS}`;
export const EMBED_PATH = `/rest/v1/bench_posts?select=${COLUMNS},author:bench_authors(name),bench_tags(name)&order=id&limit=${EMBED_POSTS}`;
/** The last page of the posts, with the same embeds. */
export const DEEP_OFFSET = TOTAL_POSTS - EMBED_POSTS;
export const DEEP_EMBED_PATH = `${EMBED_PATH}&offset=${DEEP_OFFSET}`;

/**
 * Creates the tables and leaves them as autovacuum soon would (ADR 105): vacuumed and analyzed. The
 * visibility map changes the embed's plan, so measuring before a pass would measure another plan.
 */
export async function createEmbedFixture(db: Database): Promise<void> {
  await db.exec(FIXTURE_SQL);
  // One statement each: VACUUM cannot run inside the transaction a multi-statement query opens.
  for (const table of TABLES) await db.exec(`VACUUM (ANALYZE) public.${table}`);
}
