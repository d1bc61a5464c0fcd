// The storage API with the real supabase-js storage client, on PGlite and (where its binaries
// exist) a throwaway PostgreSQL: admins upload to the public `blog-images` bucket, anyone reads
// the public URL, other uploads are refused by row-level security, and files that are not the
// accepted images are refused with Storage's status codes, leaving nothing behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startBackend } from "../index.ts";
import type { Backend } from "../index.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { startPostgresCluster } from "../testing/postgres-cluster.ts";
import type { PostgresCluster } from "../testing/postgres-cluster.ts";

const URL_BASE = "http://127.0.0.1:54331";

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `width` × `height` grey pixels, written by hand: a 1 × 49,000,000 one is 95 KB
 * (its rows are zeros, which deflate to almost nothing) and took 12.5 s to decode.
 */
function plainPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), deflate, adaptive filtering, no interlace
  const rows = Buffer.alloc(height * (1 + width)); // each row: filter byte 0, then its pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function jpegWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Fotógrafa", Copyright: "Rua Secreta 123" } })
    .toBuffer();
}

/** A 64 × 48 picture of noise, which compresses poorly: half of it is a damaged file in any format. */
const noise = () =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  });

/** A body that breaks off as Node's request stream does when the connection closes before Content-Length. */
const hungUp = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });

describeEachDatabase("storage", (kind) => {
  let dir: string;
  let cluster: PostgresCluster | null = null;
  let backend: Backend;
  const client = (token?: string) =>
    createClient(URL_BASE, backend.anonKey, {
      global: {
        fetch: (input, init) => backend.fetch(new Request(input, init)),
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  let adminToken = "";
  let userToken = "";

  async function signedInToken(email: string, admin: boolean): Promise<string> {
    const service = createClient(URL_BASE, backend.serviceRoleKey, {
      global: { fetch: (input, init) => backend.fetch(new Request(input, init)) },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const created = await service.auth.admin.createUser({ email, password: "Senha-forte-123", email_confirm: true });
    if (created.error) throw created.error;
    if (admin) {
      const granted = await service.from("user_roles").insert({ user_id: created.data.user.id, role: "admin" });
      if (granted.error) throw granted.error;
    }
    const signedIn = await client().auth.signInWithPassword({ email, password: "Senha-forte-123" });
    if (signedIn.error) throw signedIn.error;
    return signedIn.data.session.access_token;
  }

  /** A rendition request as a browser sends it, with its Accept header. */
  const render = async (url: string, accept: string, extra: Record<string, string> = {}) =>
    backend.fetch(new Request(url, { headers: { accept, ...extra } }));

  const blobCount = () =>
    fs.readdirSync(path.join(dir, "storage"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .length;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-storage-test-"));
    // What `kill -9` during uploads leaves: one an hour old, one just written.
    const tmp = path.join(dir, "storage", ".tmp");
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, "12345-1-1"), "half an upload");
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(path.join(tmp, "12345-1-1"), hourAgo, hourAgo);
    fs.writeFileSync(path.join(tmp, "12345-2-2"), "half an upload");
    cluster = kind === "postgres" ? await startPostgresCluster() : null;
    backend = await startBackend({
      ...(cluster ? { databaseUrl: cluster.url } : {}),
      dataDir: dir,
      storageDir: path.join(dir, "storage"),
      siteUrl: URL_BASE,
      log: () => {},
    });
    adminToken = await signedInToken("editora@empresa.example", true);
    userToken = await signedInToken("leitor@empresa.example", false);
  }, 120_000);

  afterAll(async () => {
    await backend?.close();
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("removes at start what a killed process left in storage/.tmp", () => {
    const tmp = path.join(dir, "storage", ".tmp");
    // On PostgreSQL another instance may share STORAGE_DIR and be receiving the fresh one.
    expect(fs.readdirSync(tmp)).toEqual(kind === "pglite" ? [] : ["12345-2-2"]);
    fs.rmSync(path.join(tmp, "12345-2-2"), { force: true });
  });

  it("gives a new install's sample posts images drawn at first start, stored like uploads", async () => {
    const posts = await client().from("blog_posts").select("slug, featured_image").order("slug");
    expect(posts.data).toHaveLength(3);
    for (const post of posts.data!) {
      expect(post.featured_image).toBe(`/storage/v1/object/public/blog-images/amostras/${post.slug}-1600x840.png`);
      const image = await backend.fetch(new Request(`${URL_BASE}${post.featured_image}`));
      expect(image.status).toBe(200);
      expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
        format: "png",
        width: 1600,
        height: 840,
      });
    }
  });

  it("lets an admin upload, anyone read the public URL, and strips a JPEG's EXIF", async () => {
    const images = client(adminToken).storage.from("blog-images");
    const photo = await jpegWithLocation(800, 600);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await images.upload("posts/capa.jpg", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), {
      cacheControl: "31536000",
    });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: "posts/capa.jpg", fullPath: "blog-images/posts/capa.jpg" });

    const { publicUrl } = client().storage.from("blog-images").getPublicUrl("posts/capa.jpg").data;
    expect(publicUrl).toBe(`${URL_BASE}/storage/v1/object/public/blog-images/posts/capa.jpg`);
    const response = await backend.fetch(new Request(publicUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000");
    const stored = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("Rua Secreta"))).toBe(false);

    const again = await backend.fetch(
      new Request(publicUrl, { headers: { "if-none-match": response.headers.get("etag")! } }),
    );
    expect(again.status).toBe(304);

    // Raw bodies too (an ArrayBuffer with a content type), and download through RLS.
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer();
    const raw = await images.upload("posts/icone.png", png, { contentType: "image/png" });
    expect(raw.error).toBeNull();
    const downloaded = await client(adminToken).storage.from("blog-images").download("posts/icone.png");
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(png)).toBe(true);
  });

  it("refuses anonymous and non-admin uploads with 403, storing nothing", async () => {
    const before = blobCount();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    for (const token of [undefined, userToken]) {
      const { error } = await client(token).storage.from("blog-images").upload("posts/intruso.png", png, {
        contentType: "image/png",
      });
      expect(error).toMatchObject({ statusCode: "403", message: "new row violates row-level security policy" });
    }
    const replaced = await client(userToken)
      .storage.from("blog-images")
      .update("posts/capa.jpg", await jpegWithLocation(20, 20), { contentType: "image/jpeg" });
    expect(replaced.error).toMatchObject({ statusCode: "403" });
    const removed = await client(userToken).storage.from("blog-images").remove(["posts/capa.jpg"]);
    expect(removed.data).toEqual([]);
    expect(blobCount()).toBe(before);
    const listed = await client(adminToken).storage.from("blog-images").list("posts");
    expect(listed.data?.map((f) => f.name)).toEqual(["capa.jpg", "icone.png"]);
  });

  it("lists the bucket for admins only, while anyone downloads a known public name", async () => {
    const request = (token: string | undefined) =>
      backend.fetch(
        new Request(`${URL_BASE}/storage/v1/object/list/blog-images`, {
          method: "POST",
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${token ?? backend.anonKey}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ prefix: "posts" }),
        }),
      );
    for (const token of [undefined, userToken]) {
      const listed = await request(token);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual([]);
      const root = await client(token).storage.from("blog-images").list();
      expect(root).toMatchObject({ data: [], error: null });
    }
    const forAdmin = (await (await request(adminToken)).json()) as { name: string }[];
    expect(forAdmin.map((f) => f.name)).toEqual(["capa.jpg", "icone.png"]);
    // Authenticated downloads read through the same policies; the public URL does not.
    const hidden = await client().storage.from("blog-images").download("posts/icone.png");
    expect(hidden.error).toMatchObject({ status: 404 });
    const { publicUrl } = client().storage.from("blog-images").getPublicUrl("posts/icone.png").data;
    const downloaded = await backend.fetch(new Request(publicUrl));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-type")).toBe("image/png");
    // The pages' renditions too (of a sample post's image: renditions count as blobs here).
    const sample = (await client().from("blog_posts").select("featured_image").limit(1).single()).data!;
    const rendition = await render(
      `${URL_BASE}${sample.featured_image!.replace("/object/", "/render/image/")}?width=160`,
      "image/webp",
    );
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get("content-type")).toBe("image/webp");
  });

  it("lists one folder level, answers 409 to a name collision, moves and removes", async () => {
    const images = client(adminToken).storage.from("blog-images");
    const root = await images.list();
    // amostras/: the sample posts' images, drawn at first start (seed-images.ts).
    expect(root.data).toEqual([
      expect.objectContaining({ name: "amostras", id: null }),
      expect.objectContaining({ name: "posts", id: null }),
    ]);
    const searched = await images.list("posts", { search: "cap", sortBy: { column: "name", order: "desc" } });
    expect(searched.data?.map((f) => f.name)).toEqual(["capa.jpg"]);

    const photo = await jpegWithLocation(200, 100);
    const collision = await images.upload("posts/capa.jpg", photo, { contentType: "image/jpeg" });
    expect(collision.error).toMatchObject({ statusCode: "409", message: "The resource already exists" });
    const upsert = await images.upload("posts/capa.jpg", photo, { contentType: "image/jpeg", upsert: true });
    expect(upsert.error).toBeNull();

    // A new name must fit the stored type, as an upload's must: a page's name is refused.
    const disguised = await images.move("posts/capa.jpg", "posts/capa.html");
    expect(disguised.error).toMatchObject({ statusCode: "415" });
    const moved = await images.move("posts/capa.jpg", "posts/2026/capa.jpg");
    expect(moved.error).toBeNull();
    const gone = await backend.fetch(new Request(images.getPublicUrl("posts/capa.jpg").data.publicUrl));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
    const movedImage = await backend.fetch(new Request(images.getPublicUrl("posts/2026/capa.jpg").data.publicUrl));
    expect((await sharp(Buffer.from(await movedImage.arrayBuffer())).metadata()).width).toBe(200);

    const before = blobCount();
    const removed = await images.remove(["posts/2026/capa.jpg", "posts/icone.png"]);
    expect(removed.data?.map((f) => f.name).toSorted()).toEqual(["posts/2026/capa.jpg", "posts/icone.png"]);
    expect(blobCount()).toBe(before - 2);
    expect((await images.list("posts")).data).toEqual([]);
  });

  it("renders transformed images: widths from a fixed list, AVIF or WebP by Accept, cached, with 304", async () => {
    const images = client(adminToken).storage.from("blog-images");
    const uploaded = await images.upload("posts/paisagem.jpg", await jpegWithLocation(1600, 1200), {
      contentType: "image/jpeg",
      cacheControl: "31536000",
    });
    expect(uploaded.error).toBeNull();
    const { publicUrl } = images.getPublicUrl("posts/paisagem.jpg", { transform: { width: 500, height: 263 } }).data;
    expect(publicUrl).toBe(
      `${URL_BASE}/storage/v1/render/image/public/blog-images/posts/paisagem.jpg?width=500&height=263`,
    );
    const avif = await render(publicUrl, "image/avif,image/webp,*/*");
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000");
    // 500 snaps up to 640 wide, 263 to 340 high (the 40:21 list), cropped to fill it (resize=cover).
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 340 });
    expect((await render(publicUrl, "image/avif", { "if-none-match": avif.headers.get("etag")! })).status).toBe(304);

    const webp = await render(publicUrl, "image/webp,*/*");
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const jpeg = await render(`${publicUrl}&format=origin`, "image/avif");
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(webp.headers.get("etag")).not.toBe(avif.headers.get("etag"));

    const small = images.getPublicUrl("posts/paisagem.jpg", { transform: { width: 3000 } }).data.publicUrl;
    expect((await sharp(Buffer.from(await (await render(small, "*/*")).arrayBuffer())).metadata()).width).toBe(1600);
    for (const bad of ["width=-5", "width=abc", "resize=stretch", "format=tiff"]) {
      const refused = await render(
        `${URL_BASE}/storage/v1/render/image/public/blog-images/posts/paisagem.jpg?${bad}`,
        "*/*",
      );
      expect({ bad, status: refused.status }).toEqual({ bad, status: 400 });
    }
    // A JSON body past 256 KB is refused while it streams in.
    const huge = await backend.fetch(
      new Request(`${URL_BASE}/storage/v1/object/list/blog-images`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, apikey: backend.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ prefix: "x".repeat(300 * 1024) }),
      }),
    );
    expect(huge.status).toBe(413);
    // Its renditions sit in one folder, removed with the object (the sample images have theirs).
    const renditions = path.join(dir, "storage", ".renditions", "blog-images");
    const id = (await images.list("posts", { search: "paisagem" })).data![0]!.id!;
    expect(fs.readdirSync(path.join(renditions, id)).length).toBe(1);
    await images.remove(["posts/paisagem.jpg"]);
    expect(fs.readdirSync(renditions)).not.toContain(id);
  });

  it("refuses SVG, a PNG named .jpg or .html, a 6 MB file and a truncated JPEG, storing nothing", async () => {
    const images = client(adminToken).storage.from("blog-images");
    const before = blobCount();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg()
      .toBuffer();
    const cases: [string, Buffer, string, string, RegExp][] = [
      ["desenho.svg", svg, "image/svg+xml", "415", /mime type image\/svg\+xml is not supported/],
      ["foto.jpg", png, "image/jpeg", "415", /the file is image\/png but its name ends in \.jpg/],
      // Not an image's extension either: a proxy or a download would take it for a page.
      ["pagina.html", png, "image/png", "415", /the file is image\/png but its name ends in \.html/],
      ["grande.jpg", Buffer.alloc(6 * 1024 * 1024, 1), "image/jpeg", "413", /exceeded the maximum allowed size/],
      ["cortada.jpg", photo.subarray(0, Math.floor(photo.length / 2)), "image/jpeg", "400", /could not be read/],
    ];
    for (const [name, body, contentType, status, message] of cases) {
      const { error } = await images.upload(
        `recusadas/${name}`,
        new Blob([new Uint8Array(body)], { type: contentType }),
      );
      expect({ name, status: (error as { statusCode?: string } | null)?.statusCode }).toEqual({ name, status });
      expect(error?.message).toMatch(message);
    }
    // A decompression bomb: a few KB of PNG claiming 60 megapixels. An admin's is refused from
    // its header; an anonymous caller's is refused before its body is even read.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const bombed = await images.upload("recusadas/bomba.png", bomb, { contentType: "image/png" });
    expect(bombed.error).toMatchObject({ statusCode: "400" });
    expect(bombed.error?.message).toMatch(/pixel limit/i);
    const anonymous = await client().storage.from("blog-images").upload("recusadas/bomba.png", bomb, {
      contentType: "image/png",
    });
    expect(anonymous.error).toMatchObject({ statusCode: "403" });
    // A 95 KB sliver of 1 × 49,000,000 pixels (under the pixel limit), refused from its header
    // alone: decoding it took 12.5 s, and its renditions a gigabyte of memory.
    const sliver = plainPng(1, 49_000_000);
    expect(sliver.length).toBeLessThan(100 * 1024);
    const slivered = await images.upload("recusadas/tira.png", sliver, { contentType: "image/png" });
    expect(slivered.error).toMatchObject({ statusCode: "400" });
    expect(slivered.error?.message).toBe(
      "The image is too large: the image is 1 × 49000000 pixels; a side may have at most 16383 pixels",
    );
    const thin = await images.upload("recusadas/fita.png", plainPng(8000, 100), { contentType: "image/png" });
    expect(thin.error?.message).toMatch(/one side may be at most 32 times the other/);
    const controlCharacter = await images.upload("nome\u0001.png", png, { contentType: "image/png" });
    expect(controlCharacter.error).toMatchObject({ statusCode: "400", message: "Invalid key: nome\u0001.png" });
    // `..` that no URL parser resolved on the way: encoded slashes.
    const escape = await backend.fetch(
      new Request(`${URL_BASE}/storage/v1/object/blog-images/a%2F..%2F..%2Ffora.png`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, apikey: backend.anonKey, "content-type": "image/png" },
        body: png,
      }),
    );
    expect(escape.status).toBe(400);
    expect(await escape.json()).toMatchObject({ error: "InvalidKey" });
    expect(blobCount()).toBe(before);
    expect((await images.list("recusadas")).data).toEqual([]);
    expect(fs.readdirSync(path.join(dir, "storage", ".tmp"))).toEqual([]);
  });

  it("refuses a damaged image of every accepted type with a 400 that names no server path", async () => {
    const images = client(adminToken).storage.from("blog-images");
    const before = blobCount();
    const formats = [
      // libvips' AVIF errors begin with the path of the file it read, "<STORAGE_DIR>/.tmp/…: bad seek".
      ["avif", "image/avif", await noise().avif().toBuffer()],
      ["png", "image/png", await noise().png().toBuffer()],
      ["jpg", "image/jpeg", await noise().jpeg().toBuffer()],
      ["webp", "image/webp", await noise().webp().toBuffer()],
      ["gif", "image/gif", await noise().gif().toBuffer()],
    ] as const;
    for (const [extension, type, whole] of formats) {
      const { error } = await images.upload(
        `recusadas/danificada.${extension}`,
        new Blob([new Uint8Array(whole.subarray(0, Math.floor(whole.length / 2)))], { type }),
      );
      expect({ extension, status: (error as { statusCode?: string } | null)?.statusCode }).toEqual({
        extension,
        status: "400",
      });
      expect(error?.message).not.toContain(dir);
      expect(error?.message).toBe(`The image could not be read: the ${type} file is damaged or incomplete`);
    }
    expect(blobCount()).toBe(before);
    expect(fs.readdirSync(path.join(dir, "storage", ".tmp"))).toEqual([]);
  });

  it("answers 400, logging nothing, to an upload or a listing whose client hung up mid-body", async () => {
    const before = blobCount();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const headers = { authorization: `Bearer ${adminToken}`, apikey: backend.anonKey };
      for (const [url, contentType] of [
        [`${URL_BASE}/storage/v1/object/blog-images/recusadas/metade.png`, "image/png"],
        [`${URL_BASE}/storage/v1/object/blog-images/recusadas/metade.png`, "multipart/form-data; boundary=XyZ"],
        [`${URL_BASE}/storage/v1/object/list/blog-images`, "application/json"],
      ]) {
        const response = await backend.fetch(
          new Request(url!, {
            method: "POST",
            headers: { ...headers, "content-type": contentType! },
            body: hungUp(),
            duplex: "half",
          } as RequestInit),
        );
        expect({ url, contentType, status: response.status }).toEqual({ url, contentType, status: 400 });
        expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect(blobCount()).toBe(before);
    expect(fs.readdirSync(path.join(dir, "storage", ".tmp"))).toEqual([]);
  });

  it("answers 400 to a malformed escape in an object name: upload, download and render", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const name = "%E0%A4%A.png";
    const headers = { authorization: `Bearer ${adminToken}`, apikey: backend.anonKey };
    const requests = [
      new Request(`${URL_BASE}/storage/v1/object/blog-images/${name}`, {
        method: "POST",
        headers: { ...headers, "content-type": "image/png" },
        body: png,
      }),
      new Request(`${URL_BASE}/storage/v1/object/blog-images/${name}`, {
        method: "PUT",
        headers: { ...headers, "content-type": "image/png" },
        body: png,
      }),
      new Request(`${URL_BASE}/storage/v1/object/public/blog-images/${name}`),
      new Request(`${URL_BASE}/storage/v1/object/public/blog-images/${name}`, { method: "HEAD" }),
      new Request(`${URL_BASE}/storage/v1/object/blog-images/${name}`, { headers }),
      new Request(`${URL_BASE}/storage/v1/object/authenticated/blog-images/${name}`, { headers }),
      new Request(`${URL_BASE}/storage/v1/render/image/public/blog-images/${name}?width=320`),
    ];
    for (const request of requests) {
      const response = await backend.fetch(request);
      const what = `${request.method} ${new URL(request.url).pathname}`;
      const body = request.method === "HEAD" ? null : await response.json();
      expect({ what, status: response.status, body }).toEqual({
        what,
        status: 400,
        body:
          request.method === "HEAD"
            ? null
            : { statusCode: "400", error: "InvalidKey", message: `Invalid key: blog-images/${name}` },
      });
    }
  });

  it("refuses to render a hostile image stored without the upload's check, quickly and never with 500", async () => {
    // As if restored from an old backup or written by hand: the row claims an ordinary picture.
    const version = crypto.randomUUID();
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, version, metadata)
       values ('blog-images', 'hostil/tira.png', $1, $2) returning id`,
      [version, { mimetype: "image/png", size: 95_328, width: 800, height: 600, eTag: `"${version}"` }],
    );
    const blob = path.join(dir, "storage", "blog-images", rows[0]!.id, version);
    fs.mkdirSync(path.dirname(blob), { recursive: true });
    fs.writeFileSync(blob, plainPng(1, 49_000_000));
    const url = `${URL_BASE}/storage/v1/render/image/public/blog-images/hostil/tira.png`;
    for (const [query, accept] of [
      ["width=640", "image/avif"],
      ["width=640&height=340", "image/webp"],
      ["format=origin", "*/*"],
    ] as const) {
      const started = performance.now();
      const response = await render(`${url}?${query}`, accept);
      expect({ query, status: response.status }).toEqual({ query, status: 422 });
      expect(await response.json()).toMatchObject({ statusCode: "422", error: "invalid_image" });
      // Refused from the header: rendering it took 57 s before.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    await backend.db.query("delete from storage.objects where id = $1", [rows[0]!.id]);
  });

  it("snaps the quality: nearby qualities are one cached file", async () => {
    const images = client(adminToken).storage.from("blog-images");
    const uploaded = await images.upload("posts/qualidade.jpg", await jpegWithLocation(900, 600), {
      contentType: "image/jpeg",
    });
    expect(uploaded.error).toBeNull();
    const url = images.getPublicUrl("posts/qualidade.jpg", { transform: { width: 300 } }).data.publicUrl;
    const etags = new Set<string | null>();
    for (const quality of [75, 80, 78]) {
      const response = await render(`${url}&quality=${quality}`, "image/webp");
      expect(response.status).toBe(200);
      etags.add(response.headers.get("etag"));
    }
    expect(etags.size).toBe(1);
    const id = (await images.list("posts", { search: "qualidade" })).data![0]!.id!;
    const files = fs.readdirSync(path.join(dir, "storage", ".renditions", "blog-images", id), { recursive: true });
    expect(files.filter((file) => String(file).endsWith(".webp"))).toHaveLength(1);
    await images.remove(["posts/qualidade.jpg"]);
  });
});
