// "Tags e autoria"'s writes against a real backend (PGlite, and PostgreSQL where its binaries
// exist): a tag someone else deleted meanwhile is a failure, not a silent success, and every
// failure reads in pt-BR, whatever the database's words.
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import { startTestBackend, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import { dataErrorOf, errorNotice, screenErrorTexts } from "../data-result";
import type { AppSupabaseClient } from "../database.types";
import { createTag, deleteTag, updateTag } from "./authoring";

const notice = (error: unknown) => errorNotice(dataErrorOf(error), screenErrorTexts.tagWrite(adminCopy));

describeEachDatabase("tags written from the admin", (kind) => {
  let t: TestBackend;
  let admin: AppSupabaseClient;
  let writer: AppSupabaseClient;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    admin = (await t.user("admin@example.com", { admin: true })).client as unknown as AppSupabaseClient;
    const autor = await t.user("autor@example.com");
    await t.backend.db.query("insert into public.user_roles (user_id, role) values ($1, 'autor')", [autor.id]);
    writer = autor.client as unknown as AppSupabaseClient;
  });
  afterAll(async () => {
    await t?.close();
  });

  const tagId = async (slug: string) => {
    const { data } = await admin.from("tags").select("id").eq("slug", slug).single();
    return data!.id;
  };

  it("refuses to rename or delete a tag deleted meanwhile, saying so in pt-BR", async () => {
    await createTag(admin, { name: "Efêmera", slug: "efemera", description: "" });
    const id = await tagId("efemera");
    await deleteTag(admin, id);

    const renamed = await updateTag(admin, id, { name: "Outra", slug: "outra", description: "" }).catch((e) => e);
    expect(dataErrorOf(renamed).kind).toBe("not-found");
    expect(notice(renamed)?.description).toBe(adminCopy.editorial.toasts.tagGone);
    const deleted = await deleteTag(admin, id).catch((e) => e);
    expect(dataErrorOf(deleted).kind).toBe("not-found");
    expect((await admin.from("tags").select("id").eq("slug", "outra")).data).toEqual([]);
  });

  it("says a role's refusal in pt-BR, not the database's English", async () => {
    await createTag(admin, { name: "Fixa", slug: "fixa", description: "" });
    const refused = await updateTag(writer, await tagId("fixa"), { name: "X", slug: "x", description: "" }).catch(
      (e) => e,
    );
    expect(dataErrorOf(refused).kind).toBe("forbidden");
    expect(notice(refused)?.description).toBe(adminCopy.toasts.forbidden);
    const unexpected = errorNotice(
      { kind: "unknown", message: "permission denied: your role does not allow this" },
      screenErrorTexts.profileWrite(adminCopy),
    );
    expect(unexpected?.description).toBe(adminCopy.toasts.unexpected);
  });
});
