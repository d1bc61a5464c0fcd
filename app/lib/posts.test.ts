import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../server/backend/testing/describe-each-database.ts";
import { isValidSlug, postInput, postRow, slugify, SLUG_MAX_LENGTH, validatePost, type PostInput } from "./posts";

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
  });
});

describe("postInput and postRow", () => {
  it("edit empty strings for a missing excerpt or image, and store them as NULL", () => {
    expect(postInput(null)).toEqual({ ...filled, title: "", slug: "", content: "" });
    const row = postRow({ ...filled, title: " Título ", slug: " titulo ", excerpt: "  " }, "user-1");
    expect(row).toEqual({
      title: "Título",
      slug: "titulo",
      excerpt: null,
      content: "## Seção",
      featured_image: null,
      published: false,
      author_id: "user-1",
    });
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
    const { rows } = await t.backend.db.query<{ check: string }>(
      `select pg_get_expr(conbin, conrelid) as check from pg_constraint
        where conrelid = 'public.blog_posts'::regclass and contype = 'c'
          and pg_get_expr(conbin, conrelid) like '%slug%'`,
    );
    expect(rows).toHaveLength(1);
    const candidates = candidateSlugs();
    const checked = await t.backend.db.query<{ slug: string; accepted: boolean }>(
      `select slug, (${rows[0]!.check}) as accepted from unnest($1::text[]) as candidate(slug)`,
      [candidates],
    );
    expect(checked.rows).toHaveLength(candidates.length);
    const disagreements = checked.rows.filter(({ slug, accepted }) => accepted !== isValidSlug(slug));
    expect(disagreements).toEqual([]);
    expect(checked.rows.filter((row) => row.accepted).length).toBeGreaterThan(10);
  });
});
