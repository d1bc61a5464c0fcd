import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { adminKeys } from "~/lib/admin/keys";
import {
  deletePost,
  filteredPostsQuery,
  NO_POST_FILTER,
  tagsQuery,
  type PostListFilter,
  type PostStatusFilter,
} from "~/lib/admin/posts";
import { canEditPost } from "~/lib/admin-role";
import type { BlogPost } from "~/lib/blog-types";
import { screenErrorTexts } from "~/lib/data-result";
import type { AdminPanelProps } from "../admin-view";
import { useAdminWrite } from "../admin-write";
import { useOpenPost } from "./post-editor";
import { PostList } from "./post-list";

const STATUSES: readonly PostStatusFilter[] = ["all", "published", "scheduled", "drafts"];

/** How long the search waits after the last keystroke before asking the database. */
const SEARCH_DELAY_MS = 250;

/**
 * "Posts": every post, drafts too, with a search by title and filters by status and tag (the
 * database filters, issue #37), edit (the post editor) and delete (docs/product.md §2).
 */
export function PostsPanel({ client, copy, role, session }: AdminPanelProps) {
  const [status, setStatus] = useState<PostStatusFilter>("all");
  const [tag, setTag] = useState("");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: PostListFilter = { status, search: search.trim(), tag };
  const filtered = filter.status !== NO_POST_FILTER.status || filter.search !== "" || filter.tag !== "";

  // The rows stay while another filter's load; "Carregando..." is the first load's.
  const posts = useQuery({ ...filteredPostsQuery(client, filter), placeholderData: keepPreviousData });
  const tags = useQuery(tagsQuery(client));
  const remove = useAdminWrite((post: BlogPost) => deletePost(client, post.id), {
    done: copy.toasts.deleted,
    // docs/product.md §8: a failed delete shows nothing; the reloaded list tells the truth.
    failure: screenErrorTexts.deletePost(copy),
    reload: adminKeys.posts,
  });
  const openPost = useOpenPost();
  const id = useId();
  const list = copy.list;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
        <Field id={`${id}-search`} label={list.search} className="md:min-w-56 md:flex-1">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder={list.searchPlaceholder}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap">
          <legend className="sr-only">{list.filtersLabel}</legend>
          {STATUSES.map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={status === value ? "default" : "outline"}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {list.filters[value]}
            </Button>
          ))}
        </fieldset>
        <Field id={`${id}-tag`} label={list.tag} className="md:w-48">
          {(control) => (
            <NativeSelect {...control} value={tag} onChange={(event) => setTag(event.target.value)}>
              <option value="">{list.anyTag}</option>
              {(tags.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <PostList
        posts={posts.data}
        loading={posts.isPending}
        failed={posts.isError}
        filtered={filtered}
        copy={list}
        canChange={(post) => canEditPost(role, session.user.id, post)}
        onEdit={openPost}
        onDelete={(post) => {
          if (window.confirm(copy.confirmDelete)) remove.mutate(post);
        }}
      />
    </div>
  );
}
