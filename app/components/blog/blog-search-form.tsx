import { Search } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { blogCopy } from "~/content/blog";
import { SEARCH_MAX_LENGTH, SEARCH_PATH } from "~/lib/blog-links";

/**
 * A plain GET form to /blog/busca: it works without JavaScript, and its results have an address
 * of their own. The field stops at the search's limit; a longer query typed into the URL gets the
 * results page's message instead.
 */
export function BlogSearchForm({ query }: { query?: string }) {
  const id = useId();
  const copy = blogCopy.search;
  return (
    <search className="mx-auto mt-8 block max-w-xl">
      <form action={SEARCH_PATH} method="get" className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {copy.label}
        </label>
        <Input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={copy.placeholder}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit" className="shrink-0">
          <Search aria-hidden="true" />
          {copy.button}
        </Button>
      </form>
    </search>
  );
}
