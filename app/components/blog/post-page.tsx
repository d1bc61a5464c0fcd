import { PostArticle } from "~/components/blog/post-article";
import { RelatedPosts } from "~/components/blog/related-posts";
import { blogCopy } from "~/content/blog";
import { siteConfig } from "~/content/site-config";
import { postPath } from "~/lib/blog-links";
import type { PostPageData } from "~/lib/post-page.server";
import { pageMeta } from "~/lib/seo";
import type { SiteContext } from "~/lib/site-context";
import { blogPostingJsonLd } from "~/lib/structured-data";

/** A post's page: the article and its related posts (/blog/:slug and its preview). */
export function PostPage({ data }: { data: PostPageData }) {
  const { post, html, readingTime, author, tags, related } = data;
  return (
    <>
      <PostArticle
        title={post.title}
        publishedAt={post.publishedAt}
        readingTime={readingTime}
        byline={{ label: blogCopy.post.by, name: author?.name ?? siteConfig.name, href: author?.path ?? null }}
        tags={tags}
        tagsLabel={blogCopy.post.tagsLabel}
        featuredImage={post.featuredImage}
        html={html}
        backLabel={blogCopy.backToBlog}
        publishedOnLabel={blogCopy.publishedOn}
      />
      <RelatedPosts posts={related} title={blogCopy.post.related} label={blogCopy.post.relatedLabel} />
    </>
  );
}

/** A post page's head; a preview is never indexed, whatever the post says. */
export function postPageMeta(data: PostPageData, site: SiteContext, options: { preview?: boolean } = {}) {
  const { post, description, author } = data;
  const path = postPath(post.slug);
  const image = post.shareImage;
  return pageMeta(
    {
      title: post.headTitle,
      description,
      path,
      canonical: post.canonical ?? undefined,
      image: image ?? undefined,
      type: "article",
      noindex: options.preview || post.noindex,
      jsonLd: [
        blogPostingJsonLd(
          {
            title: post.title,
            description,
            path,
            createdAt: post.publishedAt,
            updatedAt: post.updatedAt,
            image,
            author,
            canonical: post.canonical,
          },
          site,
        ),
      ],
    },
    site,
  );
}
