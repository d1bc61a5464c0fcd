// The posts list's filters against a real backend (PGlite, and PostgreSQL where its binaries
// exist), as a signed-in admin: the database does the filtering (issue #37).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import type { AppSupabaseClient } from "../database.types";
import { postInput, slugify } from "../posts";
import { dataErrorOf } from "../data-result";
import { likeLiteral, listFilteredPosts, NO_POST_FILTER, savePost, listTags } from "./posts";

describe("likeLiteral", () => {
  it("escapes the pattern's wildcards and its escape", () => {
    expect(likeLiteral("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});

describeEachDatabase("the posts list's filters", (kind) => {
  let t: TestBackend;
  let admin: AppSupabaseClient;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    const user = await t.user("admin@example.com", { admin: true });
    admin = user.client as unknown as AppSupabaseClient;
    const base = postInput(null, { authorId: user.id });
    const make = (title: string, extra: Partial<typeof base>) =>
      savePost(admin, { ...base, title, slug: slugify(title), content: "Texto.", ...extra }, null, []);
    await make("Filtro rascunho", {});
    await make("Filtro agendado", { published: true, published_at: "2099-01-01T10:00" });
    await make("Filtro publicado", { published: true, tags: ["Filtrada"] });
    await make("Desconto 50% hoje", { published: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const titles = async (filter: Partial<typeof NO_POST_FILTER>) =>
    (await listFilteredPosts(admin, { ...NO_POST_FILTER, ...filter })).map((post) => post.title);

  it("searches titles in any case, wildcards taken literally", async () => {
    expect(await titles({ search: "FILTRO" })).toEqual(["Filtro publicado", "Filtro agendado", "Filtro rascunho"]);
    expect(await titles({ search: "50%" })).toEqual(["Desconto 50% hoje"]);
    expect(await titles({ search: "filtro%publicado" })).toEqual([]);
  });

  it("keeps live, scheduled or draft posts, and a tag's posts", async () => {
    expect(await titles({ search: "filtro", status: "published" })).toEqual(["Filtro publicado"]);
    expect(await titles({ search: "filtro", status: "scheduled" })).toEqual(["Filtro agendado"]);
    expect(await titles({ search: "filtro", status: "drafts" })).toEqual(["Filtro rascunho"]);
    const tag = (await listTags(admin)).find((item) => item.name === "Filtrada");
    const tagged = await listFilteredPosts(admin, { ...NO_POST_FILTER, tag: tag?.id ?? "" });
    expect(tagged.map((post) => post.title)).toEqual(["Filtro publicado"]);
    // Rows are posts, without the embed that filtered them.
    expect(Object.keys(tagged[0] ?? {})).not.toContain("post_tags");
  });
});

describeEachDatabase("saving a post two people opened", (kind) => {
  let t: TestBackend;
  let ana: AppSupabaseClient;
  let bia: AppSupabaseClient;
  let authorId: string;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    const first = await t.user("ana@example.com", { admin: true });
    ana = first.client as unknown as AppSupabaseClient;
    bia = (await t.user("bia@example.com", { admin: true })).client as unknown as AppSupabaseClient;
    authorId = first.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses to overwrite a save made after the post was opened, and saves once reopened", async () => {
    const base = postInput(null, { authorId });
    const opened = await savePost(
      ana,
      { ...base, title: "Duas mãos", slug: "duas-maos", content: "Original." },
      null,
      [],
    );
    const edit = postInput(opened, { authorId });
    // Bia saves first, from the same opening.
    const bias = await savePost(bia, { ...edit, content: "Texto da Bia." }, opened, []);
    const stale = await savePost(ana, { ...edit, content: "Texto da Ana." }, opened, []).catch(
      (error: unknown) => error,
    );
    expect(dataErrorOf(stale)).toMatchObject({ kind: "stale", code: "post_changed" });
    const kept = await ana.from("blog_posts").select("content").eq("id", opened.id).single();
    expect(kept.data?.content).toBe("Texto da Bia.");
    // Reopened (the newer version read), Ana's save goes through.
    const saved = await savePost(ana, { ...postInput(bias, { authorId }), content: "Texto da Ana." }, bias, []);
    expect(saved.content).toBe("Texto da Ana.");
  });

  it("says a post deleted meanwhile is gone", async () => {
    const base = postInput(null, { authorId });
    const opened = await savePost(ana, { ...base, title: "Some", slug: "some", content: "Texto." }, null, []);
    await bia.from("blog_posts").delete().eq("id", opened.id);
    const gone = await savePost(ana, { ...postInput(opened, { authorId }), content: "Mais." }, opened, []).catch(
      (error: unknown) => error,
    );
    expect(dataErrorOf(gone)).toMatchObject({ kind: "not-found" });
  });
});
