import { useQuery } from "@tanstack/react-query";
import { adminKeys } from "~/lib/admin/keys";
import { deletePost, postsQuery } from "~/lib/admin/posts";
import type { BlogPost } from "~/lib/blog-types";
import { screenErrorTexts } from "~/lib/data-result";
import type { AdminPanelProps } from "../admin-view";
import { useAdminWrite } from "../admin-write";
import { useOpenPost } from "./post-editor";
import { PostList } from "./post-list";

/** "Posts": every post, drafts too, with edit (the post dialog) and delete (docs/product.md §2). */
export function PostsPanel({ client, copy }: AdminPanelProps) {
  const posts = useQuery(postsQuery(client));
  const remove = useAdminWrite((post: BlogPost) => deletePost(client, post.id), {
    done: copy.toasts.deleted,
    // docs/product.md §8: a failed delete shows nothing; the reloaded list tells the truth.
    failure: screenErrorTexts.deletePost(copy),
    reload: adminKeys.posts,
  });
  const openPost = useOpenPost();
  return (
    <PostList
      posts={posts.data}
      loading={posts.isPending}
      failed={posts.isError}
      copy={copy.list}
      onEdit={openPost}
      onDelete={(post) => {
        if (window.confirm(copy.confirmDelete)) remove.mutate(post);
      }}
    />
  );
}
