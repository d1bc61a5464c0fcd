-- Every change to blog_posts announces itself on the channel `blog_posts_changed`, whoever makes
-- it: the admin screen, the REST API, the operator command or SQL run by hand. Each server
-- instance LISTENs on it and drops the rendered pages the change affects (the blog list and its
-- pages, the feeds, the post's own page) within a second, on one instance or many
-- (server/http/page-cache.ts, docs/decisions/052-rendered-page-cache.md).
-- Payload: {"op": "INSERT"|"UPDATE"|"DELETE"|"TRUNCATE", "slug": …, "old_slug": …}; a slug is at
-- most 200 characters (blog_posts' CHECK), well under NOTIFY's 8000-byte payload limit.
-- NOTIFY is delivered only when the transaction commits, so a rolled-back write invalidates nothing.

create or replace function public.notify_blog_posts_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_level = 'STATEMENT' then
    perform pg_notify('blog_posts_changed', json_build_object('op', tg_op)::text);
    return null;
  end if;
  perform pg_notify(
    'blog_posts_changed',
    json_build_object(
      'op', tg_op,
      'slug', case when tg_op = 'DELETE' then old.slug else new.slug end,
      'old_slug', case when tg_op = 'UPDATE' and old.slug is distinct from new.slug then old.slug end
    )::text
  );
  return null;
end;
$$;

revoke all on function public.notify_blog_posts_changed() from public, anon, authenticated;

create trigger blog_posts_notify_row
  after insert or update or delete on public.blog_posts
  for each row execute function public.notify_blog_posts_changed();

create trigger blog_posts_notify_truncate
  after truncate on public.blog_posts
  for each statement execute function public.notify_blog_posts_changed();
