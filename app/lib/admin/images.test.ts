// "Imagens" against a real backend (PGlite, and PostgreSQL where its binaries exist): each upload
// with its original name and the posts that show it, and the cleanup of uploads nothing has shown
// for a day, decided by the database (public.unused_blog_images) and refused to an account
// without a staff role (each role's share: server/backend/rest/roles.test.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import { adminCopy } from "~/content/admin";
import { dataErrorOf, errorNotice, screenErrorTexts } from "../data-result";
import { deleteImage, listImages, listUnusedImages, removeUnusedImages } from "./images";

const publicPath = (name: string) => `/storage/v1/object/public/blog-images/${name}`;

describeEachDatabase("admin images", (kind) => {
  describe("original names, usage and the cleanup of unused uploads", () => {
    let t: TestBackend;
    let admin: { id: string; client: SupabaseClient };
    let member: SupabaseClient;
    const names = {
      featured: "posts/0a1b2c3d-0000-4000-8000-000000000001-64x48.png",
      inline: "posts/0a1b2c3d-0000-4000-8000-000000000002-64x48.png",
      avatar: "posts/0a1b2c3d-0000-4000-8000-000000000003-64x48.png",
      cancelled: "posts/0a1b2c3d-0000-4000-8000-000000000004-64x48.png",
      fresh: "posts/0a1b2c3d-0000-4000-8000-000000000005-64x48.png",
    };

    beforeAll(async () => {
      t = await startTestBackend(kind);
      admin = await t.user("admin@example.com", { admin: true });
      member = (await t.user("member@example.com")).client;
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2563eb" } })
        .png()
        .toBuffer();
      for (const name of Object.values(names)) {
        const { error } = await admin.client.storage
          .from("blog-images")
          .upload(name, new Blob([new Uint8Array(png)], { type: "image/png" }), { contentType: "image/png" });
        if (error) throw new Error(error.message);
      }
      const { error: recorded } = await admin.client.from("blog_image_uploads").insert([
        { name: names.featured, original_name: "capa do post.png" },
        { name: names.cancelled, original_name: "rascunho-cancelado.png" },
      ]);
      if (recorded) throw new Error(recorded.message);
      const { error: post } = await admin.client.from("blog_posts").insert({
        title: "Post com imagens",
        slug: "post-com-imagens",
        content: `Texto.\n\n![Gráfico](${publicPath(names.inline)})`,
        featured_image: publicPath(names.featured),
        author_id: admin.id,
      });
      if (post) throw new Error(post.message);
      const { error: profile } = await admin.client.from("author_profiles").upsert({
        user_id: admin.id,
        slug: "ana",
        name: "Ana",
        avatar_url: `https://site.example${publicPath(names.avatar)}`,
      });
      if (profile) throw new Error(profile.message);
    });
    afterAll(async () => {
      await t?.close();
    });

    async function upload(name: string) {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#16a34a" } })
        .png()
        .toBuffer();
      const { error } = await admin.client.storage
        .from("blog-images")
        .upload(name, new Blob([new Uint8Array(png)], { type: "image/png" }), { contentType: "image/png" });
      if (error) throw new Error(error.message);
    }
    async function insertPost(title: string, image: string) {
      const { error } = await admin.client.from("blog_posts").insert({
        title,
        slug: title.toLowerCase().replaceAll(" ", "-"),
        content: "Texto.",
        featured_image: publicPath(image),
        author_id: admin.id,
      });
      if (error) throw new Error(error.message);
    }

    it("lists each upload with its original name and the posts that show it", async () => {
      const images = await listImages(admin.client);
      const byName = new Map(images.map((image) => [image.name, image]));
      expect(byName.get(names.featured)).toMatchObject({
        originalName: "capa do post.png",
        posts: [{ title: "Post com imagens" }],
        inUse: true,
        path: publicPath(names.featured),
      });
      expect(byName.get(names.inline)).toMatchObject({ originalName: null, posts: [{ title: "Post com imagens" }] });
      // Shown by an author's photo only: in use, though no post shows it.
      expect(byName.get(names.avatar)).toMatchObject({ posts: [], inUse: true });
      expect(byName.get(names.cancelled)).toMatchObject({ originalName: "rascunho-cancelado.png", inUse: false });
      expect(byName.get(names.featured)?.bytes).toBeGreaterThan(0);
    });

    it("records names only for staff, as themselves", async () => {
      const refused = await member.from("blog_image_uploads").insert({ name: names.fresh, original_name: "x.png" });
      expect(refused.error?.code).toBe("42501");
      const other = await admin.client.from("blog_image_uploads").insert({
        name: names.fresh,
        original_name: "x.png",
        uploaded_by: (await member.auth.getUser()).data.user?.id,
      });
      expect(other.error?.code).toBe("42501");
      expect((await member.from("blog_image_uploads").select("name")).data).toEqual([]);
    });

    it("offers for cleanup only what nothing has shown for a day, and removes it with its record", async () => {
      // Nothing is a day old yet: an image of a post still being written is never offered.
      expect(await listUnusedImages(admin.client)).toEqual([]);
      await t.backend.db.query(
        "update storage.objects set created_at = now() - interval '2 days' where bucket_id = 'blog-images' and name <> $1",
        [names.fresh],
      );
      expect(await listUnusedImages(admin.client)).toEqual([names.cancelled]);

      // An account without a staff role sees nothing to list and nothing to remove.
      expect(await listImages(member)).toEqual([]);
      expect(await listUnusedImages(member)).toEqual([]);
      expect(await removeUnusedImages(member, [names.cancelled])).toBe(0);

      expect(await removeUnusedImages(admin.client, [names.cancelled])).toBe(1);
      const left = (await listImages(admin.client)).map((image) => image.name);
      expect(left).not.toContain(names.cancelled);
      expect(left).toEqual(expect.arrayContaining([names.featured, names.inline, names.avatar, names.fresh]));
      const { data: records } = await admin.client.from("blog_image_uploads").select("name");
      expect(records).toEqual([{ name: names.featured }]);
      const { data: stored } = await admin.client.storage.from("blog-images").list("posts");
      expect(stored?.map((file) => `posts/${file.name}`)).not.toContain(names.cancelled);
      expect(await listUnusedImages(admin.client)).toEqual([]);
    });

    it("removes only the names shown and confirmed, sparing one that came into use", async () => {
      const later = {
        shown: "posts/0a1b2c3d-0000-4000-8000-000000000011-64x48.png",
        nowUsed: "posts/0a1b2c3d-0000-4000-8000-000000000012-64x48.png",
        notShown: "posts/0a1b2c3d-0000-4000-8000-000000000013-64x48.png",
        raced: "posts/0a1b2c3d-0000-4000-8000-000000000014-64x48.png",
      };
      for (const name of Object.values(later)) await upload(name);
      await t.backend.db.query(
        "update storage.objects set created_at = now() - interval '2 days' where name = any($1)",
        [Object.values(later)],
      );
      // The page showed two; then one went into a post and a third became a day old.
      const shown = [later.shown, later.nowUsed];
      await insertPost("Post novo", later.nowUsed);

      expect(await removeUnusedImages(admin.client, shown)).toBe(1);
      const left = (await listImages(admin.client)).map((image) => image.name);
      expect(left).not.toContain(later.shown);
      expect(left).toEqual(expect.arrayContaining([later.nowUsed, later.notShown, later.raced]));

      // Still unused when requested, in use by the time of the storage DELETE: spared there.
      const { data: requested } = await admin.client.rpc("request_unused_blog_images_removal", {
        names: [later.raced],
      });
      expect(requested).toEqual([later.raced]);
      await insertPost("Post da corrida", later.raced);
      const { data: removed, error } = await admin.client.storage.from("blog-images").remove([later.raced]);
      expect(error).toBeNull();
      expect(removed).toEqual([]);
      expect((await listImages(admin.client)).map((image) => image.name)).toContain(later.raced);

      // The bin still deletes an image in use (its question named the posts) once no cleanup runs.
      await admin.client.from("blog_image_cleanup_requests").delete().eq("name", later.raced);
      const raced = (await listImages(admin.client)).find((image) => image.name === later.raced);
      await deleteImage(admin.client, raced!);
      expect((await listImages(admin.client)).map((image) => image.name)).not.toContain(later.raced);

      // Deleting it again (another tab had it listed): already gone, said in pt-BR.
      const again = await deleteImage(admin.client, raced!).catch((failure: unknown) => failure);
      expect(errorNotice(dataErrorOf(again), screenErrorTexts.imageWrite(adminCopy))?.description).toBe(
        adminCopy.toasts.imageGone,
      );
    });
  });
});
