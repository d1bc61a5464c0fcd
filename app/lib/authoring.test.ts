import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../server/backend/testing/describe-each-database.ts";
import { profileProblemOf, tagProblemOf, validateProfile, validateTag } from "./authoring";
import { toDataError } from "./data-result";

describe("validateTag and validateProfile", () => {
  it("check what the database checks", () => {
    expect(validateTag({ name: "IA", slug: "ia", description: "" })).toEqual({});
    expect(validateTag({ name: " ", slug: "Com Espaço", description: "d".repeat(501) })).toEqual({
      name: "nameRequired",
      slug: "slugInvalid",
      description: "descriptionTooLong",
    });
    expect(
      validateProfile({ name: "Ana", slug: "ana", bio: "b".repeat(2000), avatar_url: "/a.png", website_url: "" }),
    ).toEqual({});
    expect(
      validateProfile({
        name: "x".repeat(81),
        slug: "",
        bio: "b".repeat(2001),
        avatar_url: "javascript:x",
        website_url: "www.ana.example",
      }),
    ).toEqual({
      name: "nameTooLong",
      slug: "slugRequired",
      bio: "bioTooLong",
      avatar_url: "urlInvalid",
      website_url: "websiteInvalid",
    });
  });
});

describeEachDatabase("the database's refusals of tags and profiles, as the forms say them", (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("name the field and the message of each refusal", async () => {
    const admin = await t.user(`autoria-${kind}@example.com`, { admin: true });
    const tag = async (row: Record<string, unknown>) => {
      const result = await admin.client.from("tags").insert(row);
      return tagProblemOf(toDataError(result.error!, result.status));
    };
    expect(await tag({ slug: "ok", name: "x".repeat(81) })).toEqual({ field: "name", problem: "nameTooLong" });
    expect(await tag({ slug: "Não", name: "Não" })).toEqual({ field: "slug", problem: "slugInvalid" });
    expect(await tag({ slug: "ok", name: "Ok", description: "d".repeat(501) })).toEqual({
      field: "description",
      problem: "descriptionTooLong",
    });
    await admin.client.from("tags").insert({ slug: "vendas", name: "Vendas" });
    expect(await tag({ slug: "vendas", name: "Outra" })).toEqual({ field: "slug", problem: "tagSlugTaken" });
    expect(await tag({ slug: "outra", name: "VENDAS" })).toEqual({ field: "name", problem: "tagNameTaken" });

    const profile = async (row: Record<string, unknown>) => {
      const result = await admin.client
        .from("author_profiles")
        .insert({ user_id: admin.id, slug: "ana", name: "Ana", ...row });
      return profileProblemOf(toDataError(result.error!, result.status));
    };
    expect(await profile({ bio: "b".repeat(2001) })).toEqual({ field: "bio", problem: "bioTooLong" });
    expect(await profile({ website_url: "ana.example" })).toEqual({ field: "website_url", problem: "websiteInvalid" });
    expect(await profile({ avatar_url: "data:x" })).toEqual({ field: "avatar_url", problem: "urlInvalid" });
    const other = await t.user(`outra-${kind}@example.com`, { admin: true });
    await other.client.from("author_profiles").insert({ user_id: other.id, slug: "ana", name: "Outra Ana" });
    expect(await profile({})).toEqual({ field: "slug", problem: "authorSlugTaken" });
  });
});
