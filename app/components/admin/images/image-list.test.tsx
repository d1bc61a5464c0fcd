import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import type { UploadedImage } from "~/lib/admin/images";
import { deleteQuestion, ImageList } from "./image-list";

const image = (overrides: Partial<UploadedImage>): UploadedImage => ({
  name: "posts/0a1b2c3d-0000-4000-8000-000000000003-64x48.png",
  originalName: "foto.png",
  bytes: 2048,
  createdAt: "2026-11-20T12:00:00Z",
  path: "/storage/v1/object/public/blog-images/posts/0a1b2c3d-0000-4000-8000-000000000003-64x48.png",
  posts: [],
  inUse: false,
  ...overrides,
});

describe("an image shown by no post but in use (an author's photo)", () => {
  const photo = image({ inUse: true });

  it("says it is in use, not unused", () => {
    const html = renderToStaticMarkup(
      <ImageList
        images={[photo]}
        unused={new Set()}
        loading={false}
        failed={false}
        copy={adminCopy.images}
        removeTooltip="Excluir"
      />,
    );
    expect(html).toContain(adminCopy.images.usedElsewhere);
    expect(html).not.toContain("Não usada em nenhum post");
  });

  it("warns before deleting it, as for a post's image", () => {
    expect(deleteQuestion(photo, adminCopy.images)).toBe(adminCopy.images.confirmDeleteUsedElsewhere);
    expect(deleteQuestion(image({}), adminCopy.images)).toBe(adminCopy.images.confirmDelete);
    expect(deleteQuestion(image({ inUse: true, posts: [{ id: "1", title: "Post" }] }), adminCopy.images)).toContain(
      "Post",
    );
  });
});
