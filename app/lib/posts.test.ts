import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../server/backend/testing/describe-each-database.ts";
import { toDataError } from "./data-result";
import {
  isValidSlug,
  postInput,
  postProblemOf,
  postRow,
  slugify,
  SLUG_MAX_LENGTH,
  validatePost,
  withTypedTag,
  type PostInput,
} from "./posts";

describe("slugify", () => {
  it("strips accents and joins words with hyphens", () => {
    expect(slugify("Atenção ao cliente")).toBe("atencao-ao-cliente");
    expect(slugify("Ação, reação & conversão: o guia!")).toBe("acao-reacao-conversao-o-guia");
    expect(slugify("Pão de Açúcar — São Paulo")).toBe("pao-de-acucar-sao-paulo");
  });

  it("collapses separators and trims hyphens at both ends", () => {
    expect(slugify("  --Olá   Mundo--  ")).toBe("ola-mundo");
    expect(slugify("WhatsApp 2.0 / IA")).toBe("whatsapp-2-0-ia");
  });

  it("returns an empty slug when nothing usable is left", () => {
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("always produces what the database accepts", () => {
    for (const title of ["Atenção ao cliente", "É hora de agir", "100% online", "x".repeat(250) + " fim"]) {
      const slug = slugify(title);
      expect(isValidSlug(slug)).toBe(true);
      expect(slug.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("isValidSlug", () => {
  it("accepts lower-case words joined by single hyphens only", () => {
    expect(isValidSlug("como-melhorar-atendimento")).toBe(true);
    const refused = ["Como-Melhorar", "dois--hifens", "-inicio", "com espaço", "atenção", ""];
    expect(refused.filter((slug) => isValidSlug(slug))).toEqual([]);
  });
});

const filled: PostInput = {
  title: "Atenção ao cliente",
  slug: "atencao-ao-cliente",
  excerpt: "",
  content: "## Seção",
  featured_image: "",
  published: false,
  published_at: "",
  tags: [],
  author_id: "user-1",
  meta_title: "",
  meta_description: "",
  og_image: "",
  canonical_url: "",
  noindex: false,
};

describe("validatePost", () => {
  it("passes a filled form, featured image an https address or a path on the site", () => {
    expect(validatePost(filled)).toEqual({});
    expect(validatePost({ ...filled, featured_image: "https://cdn.example/capa.jpg" })).toEqual({});
    expect(validatePost({ ...filled, featured_image: "/storage/v1/object/public/blog-images/posts/a.jpg" })).toEqual(
      {},
    );
  });

  it("names each field's problem by its message in the admin's copy", () => {
    const blank = { ...filled, title: " ", slug: "", content: "\n", featured_image: "javascript:alert(1)" };
    expect(validatePost(blank)).toEqual({
      title: "titleRequired",
      slug: "slugRequired",
      content: "contentRequired",
      featured_image: "imageInvalid",
    });
    expect(validatePost({ ...filled, slug: "Com Espaço" })).toEqual({ slug: "slugInvalid" });
    // Around the slug, spaces are forgiven (the save trims them); a protocol-relative address is not a path.
    expect(validatePost({ ...filled, slug: " atencao ", featured_image: "//outro.example/a.jpg" })).toEqual({
      featured_image: "imageInvalid",
    });
    // The pages' Content-Security-Policy loads images over https only: an http one would show broken.
    expect(validatePost({ ...filled, featured_image: "http://cdn.example/capa.jpg" })).toEqual({
      featured_image: "imageInvalid",
    });
  });

  it("checks the editorial fields against the database's limits", () => {
    expect(
      validatePost({
        ...filled,
        slug: "busca",
        published_at: "2026-02-30T09:00",
        tags: Array.from({ length: 11 }, (_, i) => `Tag ${i}`),
        meta_title: "x".repeat(301),
        meta_description: "y".repeat(501),
        og_image: "javascript:alert(1)",
        canonical_url: "/blog/outro",
      }),
    ).toEqual({
      slug: "slugReserved",
      published_at: "dateInvalid",
      tags: "tagLimit",
      meta_title: "metaTitleTooLong",
      meta_description: "metaDescriptionTooLong",
      og_image: "ogImageInvalid",
      canonical_url: "canonicalInvalid",
    });
    // Repeats (any case) count once; a name without a letter or digit cannot have a slug.
    expect(validatePost({ ...filled, tags: [...Array(10).fill("IA"), "ia", " Ia "] })).toEqual({});
    expect(validatePost({ ...filled, tags: ["!!!"] })).toEqual({ tags: "tagInvalid" });
    expect(validatePost({ ...filled, tags: ["x".repeat(81)] })).toEqual({ tags: "tagInvalid" });
    // The database keeps post dates from 1900 on; a datetime-local year has four digits.
    expect(validatePost({ ...filled, published_at: "1899-12-31T09:00" })).toEqual({ published_at: "dateTooEarly" });
    expect(validatePost({ ...filled, published_at: "1900-01-01T00:00" })).toEqual({});
    // …and before the year 10000 in UTC, which Brasília reaches at 21:00 on 31/12/9999.
    expect(validatePost({ ...filled, published_at: "9999-12-31T20:59" })).toEqual({});
    expect(validatePost({ ...filled, published_at: "9999-12-31T21:00" })).toEqual({ published_at: "dateTooLate" });
    expect(validatePost({ ...filled, published_at: "9999-12-31T23:30" })).toEqual({ published_at: "dateTooLate" });
    expect(
      validatePost({
        ...filled,
        published_at: "2026-12-02T09:00",
        meta_title: "x".repeat(300),
        canonical_url: "https://parceiro.example/artigo",
      }),
    ).toEqual({});
  });
});

describe("validatePost on a date the browser could not read", () => {
  it("refuses it as incomplete, though its value is empty (which would publish at once)", () => {
    expect(validatePost({ ...filled, published: true, published_at: "" }, { dateIncomplete: true })).toEqual({
      published_at: "dateInvalid",
    });
    expect(validatePost({ ...filled, published: true, published_at: "" })).toEqual({});
  });
});

describe("withTypedTag", () => {
  const existing = ["Atendimento", "IA"];
  it("adds a typed name as Adicionar tag does: an existing tag in its spelling, else a new one", () => {
    expect(withTypedTag(["IA"], "  atendimento ", existing, false)).toEqual(["IA", "Atendimento"]);
    expect(withTypedTag(["IA"], "Vendas  online", existing, true)).toEqual(["IA", "Vendas online"]);
    expect(withTypedTag(["IA"], "ia", existing, true)).toEqual(["IA"]);
    expect(withTypedTag(["IA"], "   ", existing, false)).toEqual(["IA"]);
  });
  it("refuses a new name where new tags are not allowed (a writer)", () => {
    expect(withTypedTag(["IA"], "Vendas", existing, false)).toBeNull();
  });
});

describe("postInput and postRow", () => {
  it("edit empty strings for a missing excerpt or image, and store them as NULL", () => {
    expect(postInput(null, { authorId: "user-1" })).toEqual({ ...filled, title: "", slug: "", content: "" });
    const row = postRow({ ...filled, title: " Título ", slug: " titulo ", excerpt: "  " });
    expect(row).toEqual({
      title: "Título",
      slug: "titulo",
      excerpt: null,
      content: "## Seção",
      featured_image: null,
      published: false,
      published_at: null,
      author_id: "user-1",
      meta_title: null,
      meta_description: null,
      og_image: null,
      canonical_url: null,
      noindex: false,
    });
  });

  it("store the date entered in São Paulo time in UTC, and keep an unchanged date's seconds", () => {
    expect(postRow({ ...filled, published: true, published_at: "2026-12-02T09:00" }).published_at).toBe(
      "2026-12-02T12:00:00.000Z",
    );
    const original = { published_at: "2026-03-05T12:34:56.789+00:00" };
    const input = postInput({ ...original } as never);
    expect(input.published_at).toBe("2026-03-05T09:34");
    expect(postRow({ ...filled, published_at: input.published_at }, original).published_at).toBe(original.published_at);
    expect(postRow({ ...filled, published_at: "2026-03-05T10:00" }, original).published_at).toBe(
      "2026-03-05T13:00:00.000Z",
    );
  });
});

/**
 * Slugs at the rule's edges, plus every string of up to four characters over an alphabet of
 * the characters that matter (a letter, a digit, a hyphen, an upper-case letter, a space, an
 * accented letter and an underscore).
 */
function candidateSlugs(): string[] {
  const alphabet = ["a", "0", "-", "A", "é", " ", "_"];
  let level = [""];
  const all = [""];
  for (let length = 1; length <= 4; length++) {
    level = level.flatMap((prefix) => alphabet.map((char) => prefix + char));
    all.push(...level);
  }
  const long = "a".repeat(SLUG_MAX_LENGTH);
  return [
    ...all,
    long,
    `${long}b`,
    `${"ab-".repeat(66)}ab`,
    "como-melhorar-atendimento",
    "2026-01-01",
    "linha\nnova",
    "ação",
  ];
}

describeEachDatabase("the slug rule and the blog_posts.slug CHECK", (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("accept and refuse the same slugs", async () => {
    // The constraint as the migrated database holds it, evaluated over every candidate at once.
    // The post's, a tag's and an author's: one rule (supabase/migrations/…_editorial_blog.sql).
    const { rows } = await t.backend.db.query<{ name: string; check: string }>(
      `select conname as name, pg_get_expr(conbin, conrelid) as check from pg_constraint
        where conname in ('blog_posts_slug_check', 'tags_slug_check', 'author_profiles_slug_check')
        order by conname`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      "author_profiles_slug_check",
      "blog_posts_slug_check",
      "tags_slug_check",
    ]);
    const candidates = candidateSlugs();
    for (const { name, check } of rows) {
      const checked = await t.backend.db.query<{ slug: string; accepted: boolean }>(
        `select slug, (${check}) as accepted from unnest($1::text[]) as candidate(slug)`,
        [candidates],
      );
      expect(checked.rows).toHaveLength(candidates.length);
      const disagreements = checked.rows.filter(({ slug, accepted }) => accepted !== isValidSlug(slug));
      expect({ name, disagreements }).toEqual({ name, disagreements: [] });
      expect(checked.rows.filter((row) => row.accepted).length).toBeGreaterThan(10);
    }
  });

  it("name, for every refusal of a post's field, the field and the form's message", async () => {
    const admin = (await t.user(`refusals-${kind}@example.com`, { admin: true })).client;
    const base = { title: "Recusado", content: "Texto.", published: false };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "x".repeat(201) }, "title", "titleTooLong"],
      [{ slug: "busca" }, "slug", "slugReserved"],
      [{ excerpt: "x".repeat(1001) }, "excerpt", "excerptTooLong"],
      [{ meta_title: "x".repeat(301) }, "meta_title", "metaTitleTooLong"],
      [{ meta_description: "x".repeat(501) }, "meta_description", "metaDescriptionTooLong"],
      [{ og_image: "ftp://x" }, "og_image", "ogImageInvalid"],
      [{ canonical_url: "/relativo" }, "canonical_url", "canonicalInvalid"],
      [{ featured_image: "javascript:x" }, "featured_image", "imageInvalid"],
    ];
    for (const [fields, field, problem] of cases) {
      const result = await admin
        .from("blog_posts")
        .insert({ slug: `recusado-${field.replace("_", "-")}`, ...base, ...fields });
      expect({ fields, found: postProblemOf(toDataError(result.error!, result.status)) }).toEqual({
        fields,
        found: { field, problem },
      });
    }
    // A taken slug, and an 11th tag.
    const first = await admin
      .from("blog_posts")
      .insert({ slug: "ocupado", ...base })
      .select("id")
      .single();
    const taken = await admin.from("blog_posts").insert({ slug: "ocupado", ...base });
    expect(postProblemOf(toDataError(taken.error!, taken.status))).toEqual({ field: "slug", problem: "slugTaken" });
    const tags = await admin
      .from("tags")
      .insert(Array.from({ length: 11 }, (_, i) => ({ slug: `limite-${i}`, name: `Limite ${i}` })))
      .select("id");
    const ids = (tags.data as { id: string }[]).map((tag) => tag.id);
    const tooMany = await admin.rpc("set_post_tags", { for_post: first.data!.id, tag_ids: ids });
    expect(postProblemOf(toDataError(tooMany.error!, tooMany.status))).toEqual({ field: "tags", problem: "tagLimit" });
  });
});
