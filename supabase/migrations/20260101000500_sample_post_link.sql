-- The first sample post linked to /plataforma, a page the site never had (404). New installs
-- seed the corrected text (server/backend/seed-posts.ts); this fixes installs seeded before,
-- and only while the sample text still holds the broken link, so an edited post is left alone.
UPDATE public.blog_posts
SET content = replace(content, '](/plataforma)', '](/recursos)')
WHERE slug = 'o-que-e-atendimento-omnichannel'
  AND content LIKE '%](/plataforma)%';
