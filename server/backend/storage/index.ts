// The Supabase Storage API subset at /storage/v1 that the unmodified storage-js client (in
// @supabase/supabase-js) uses for a bucket: upload and update (multipart or raw, x-upsert,
// cacheControl), public and authenticated download, list, remove and move. Every write and
// every authenticated read runs as the caller's role with its JWT claims, so row-level security
// on storage.objects decides, as on hosted Supabase (supabase/migrations/*_blog_images_bucket.sql).
// docs/backend.md "Storage".
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { Context } from "hono";
import type { Database, Queryable } from "../db/types.ts";
import { authenticate } from "../rest/request.ts";
import type { Auth, VerifyJwt } from "../rest/request.ts";
import type { BlobStore } from "./blob-store.ts";
import { StorageError, storageErrors } from "./errors.ts";
import { clientIpOf } from "../../http/client-ip.ts";
import type { KeyedRateLimiter } from "../../http/rate-limits.ts";
import {
  createRenderer,
  dropRenditions,
  outputFormat,
  parseTransform,
  renditionKey,
  streamFile,
  type RenderLimits,
} from "./render.ts";
import { checkImage, receiveBody } from "./upload.ts";

export interface StorageOptions {
  db: Database;
  verifyJwt: VerifyJwt;
  blobs: BlobStore;
  /** STORAGE_MAX_BYTES: the largest object any bucket accepts (a bucket's own limit may be lower). */
  maxBytes: number;
  /** Where transformed renditions are cached (render.ts). */
  renditionsDir: string;
  /** Counts the new renditions each client address asks for (RATE_LIMITS.renders); cached ones are free. */
  renderLimiter: KeyedRateLimiter;
  /** Render slots, queue and deadline (render.ts DEFAULT_RENDER_LIMITS); tests use small ones. */
  renderLimits?: Partial<RenderLimits>;
  /** Called as each rendition starts encoding (tests count them). */
  onEncode?: (key: string) => void;
}

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const OBJECT_COLUMNS = "id, bucket_id, name, version, metadata, created_at, updated_at, last_accessed_at";
const MAX_LIST = 1000;
const MAX_SCAN = 10_000;

const blobKey = (row: Pick<ObjectRow, "bucket_id" | "id" | "version">) => `${row.bucket_id}/${row.id}/${row.version}`;

/** An object name: segments of printable characters, no `.` or `..`, no leading slash. */
export function checkObjectName(raw: string): string {
  const name = raw.replace(/\/+/g, "/").replace(/^\/|\/$/g, "");
  const bad =
    name.length === 0 ||
    name.length > 1024 ||
    [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === "\\") ||
    name.split("/").some((segment) => segment === "." || segment === "..");
  if (bad) throw storageErrors.invalidKey(raw);
  return name;
}

function postgresCode(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

async function who(c: Context, verifyJwt: VerifyJwt): Promise<Auth> {
  try {
    return await authenticate(c, verifyJwt);
  } catch (error) {
    throw storageErrors.unauthorized(error instanceof Error ? error.message : "Invalid JWT");
  }
}

/** `/object/<bucket>/<name>` after the prefix: bucket and checked name, decoded. */
function bucketAndName(c: Context, prefix: string): { bucket: string; name: string } {
  const raw = new URL(c.req.url).pathname.slice(prefix.length);
  let rest: string;
  try {
    rest = decodeURIComponent(raw);
  } catch {
    // A malformed escape (`%E0%A4%A`) is the client's mistake.
    throw storageErrors.invalidKey(raw);
  }
  const slash = rest.indexOf("/");
  if (slash <= 0) throw storageErrors.invalidKey(rest);
  return { bucket: rest.slice(0, slash), name: checkObjectName(rest.slice(slash + 1)) };
}

/** JSON bodies (list, move, remove) are small: 1,000 names fit well under this. */
const MAX_JSON_BYTES = 256 * 1024;

/** The body as text, refused with 413 as soon as it passes MAX_JSON_BYTES (never read whole first). */
async function boundedText(request: Request): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BYTES) throw storageErrors.tooLarge(MAX_JSON_BYTES);
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for await (const chunk of request.body as AsyncIterable<Uint8Array>) {
    seen += chunk.length;
    if (seen > MAX_JSON_BYTES) throw storageErrors.tooLarge(MAX_JSON_BYTES);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await boundedText(c.req.raw);
  try {
    const value = JSON.parse(text || "{}") as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw storageErrors.invalidRequest("The request body must be a JSON object");
}

function fileObject(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
  };
}

export function createStorage(options: StorageOptions): Hono {
  const { db, verifyJwt, blobs } = options;
  const app = new Hono();
  const renderer = createRenderer({
    cacheDir: options.renditionsDir,
    tempFile: () => blobs.tempFile(),
    limits: options.renderLimits,
    onEncode: options.onEncode,
  });

  app.onError((error) => {
    if (error instanceof StorageError) return error.toResponse();
    console.error(`storage: ${error instanceof Error ? error.stack : String(error)}`);
    return new StorageError(500, "internal", "Internal error").toResponse();
  });

  async function bucketOf(id: string): Promise<BucketRow> {
    const { rows } = await db.query<BucketRow>(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1",
      [id],
    );
    if (!rows[0]) throw storageErrors.bucketNotFound();
    return rows[0];
  }

  /** Sends an object's bytes with its validators; 304 when the client has them. */
  function serve(c: Context, row: ObjectRow): Response {
    const meta = row.metadata;
    const etag = String(meta["eTag"] ?? `"${row.version}"`);
    const headers = new Headers({
      "content-type": String(meta["mimetype"] ?? "application/octet-stream"),
      etag,
      "cache-control": `public, max-age=${String(meta["cacheControl"] ?? "3600").replace(/^max-age=/, "")}`,
      "last-modified": new Date(row.updated_at).toUTCString(),
      "x-content-type-options": "nosniff",
    });
    if (c.req.header("if-none-match") === etag) return new Response(null, { status: 304, headers });
    headers.set("content-length", String(meta["size"] ?? ""));
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    return new Response(Readable.toWeb(blobs.open(blobKey(row))) as ReadableStream, { status: 200, headers });
  }

  /**
   * Row-level security asked before the body is read: the same write, with a placeholder
   * version, in a transaction that is always rolled back. A caller the policies refuse (or a
   * name that is taken, or missing for an update) costs no upload and no image decoding.
   */
  async function mayWrite(auth: Auth, bucketId: string, name: string, mode: "create" | "update", upsert: boolean) {
    const owner = typeof auth.claims["sub"] === "string" ? auth.claims["sub"] : null;
    const rollback = new Error("probe");
    const nothingUpdated = new Error("nothing updated");
    try {
      await db.asRole(
        auth.role,
        auth.claims,
        async (tx: Queryable) => {
          const { rowCount } =
            mode === "update"
              ? await tx.query("update storage.objects set updated_at = now() where bucket_id = $1 and name = $2", [
                  bucketId,
                  name,
                ])
              : await tx.query(
                  `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
                 values ($1, $2, $3::uuid, $3::text, 'probe', '{}')
                 ${upsert ? "on conflict (bucket_id, name) do update set updated_at = now()" : ""}`,
                  [bucketId, name, owner],
                );
          if (rowCount === 0) throw mode === "create" ? storageErrors.rls() : nothingUpdated;
          throw rollback;
        },
        auth.headers,
      );
    } catch (error) {
      if (error === rollback) return;
      if (error === nothingUpdated) {
        // Missing, or there but not the caller's to change. Asked outside the caller's role,
        // which may not list the bucket; that a public name exists is no secret (its URL answers).
        const { rows } = await db.query("select 1 from storage.objects where bucket_id = $1 and name = $2", [
          bucketId,
          name,
        ]);
        throw rows.length > 0 ? storageErrors.rls() : storageErrors.notFound();
      }
      if (postgresCode(error) === "23505") throw storageErrors.duplicate();
      if (postgresCode(error) === "42501") throw storageErrors.rls();
      throw error;
    }
  }

  async function upload(c: Context, mode: "create" | "update"): Promise<Response> {
    const auth = await who(c, verifyJwt);
    const { bucket: bucketId, name } = bucketAndName(c, "/storage/v1/object/");
    const bucket = await bucketOf(bucketId);
    const limit = Math.min(options.maxBytes, Number(bucket.file_size_limit ?? Number.POSITIVE_INFINITY));
    await mayWrite(auth, bucketId, name, mode, c.req.header("x-upsert") === "true");
    const received = await receiveBody(c.req.raw, blobs.tempFile(), limit);
    let blobWritten: string | null = null as string | null;
    let committed: { row: ObjectRow; replaced: string | null };
    try {
      const image = await checkImage(received.file, name, bucket.allowed_mime_types);
      const bytes = fs.statSync(received.file).size;
      const version = randomUUID();
      const metadata = {
        eTag: `"${version}"`,
        size: bytes,
        mimetype: image.mimeType,
        cacheControl: `max-age=${received.cacheControl}`,
        lastModified: new Date().toISOString(),
        contentLength: bytes,
        httpStatusCode: 200,
        width: image.width,
        height: image.height,
      };
      const upsert = mode === "update" || c.req.header("x-upsert") === "true";
      const owner = typeof auth.claims["sub"] === "string" ? auth.claims["sub"] : null;
      const { row, replaced } = await db.asRole(
        auth.role,
        auth.claims,
        async (tx: Queryable) => {
          const { rows: before } = await tx.query<{ id: string; version: string }>(
            "select id, version from storage.objects where bucket_id = $1 and name = $2",
            [bucketId, name],
          );
          let result: ObjectRow | undefined;
          try {
            if (mode === "update") {
              if (!before[0]) throw storageErrors.notFound();
              ({
                rows: [result],
              } = await tx.query<ObjectRow>(
                `update storage.objects set version = $3, metadata = $4, updated_at = now()
                where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
                [bucketId, name, version, metadata],
              ));
            } else {
              ({
                rows: [result],
              } = await tx.query<ObjectRow>(
                `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
               values ($1, $2, $3::uuid, $3::text, $4, $5)
               ${upsert ? "on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()" : ""}
               returning ${OBJECT_COLUMNS}`,
                [bucketId, name, owner, version, metadata],
              ));
            }
          } catch (error) {
            if (postgresCode(error) === "23505") throw storageErrors.duplicate();
            if (postgresCode(error) === "42501") throw storageErrors.rls();
            throw error;
          }
          if (!result) throw storageErrors.rls();
          // Inside the transaction: if moving the bytes fails, the row is never committed.
          blobWritten = blobKey(result);
          await blobs.commit(received.file, blobWritten);
          return { row: result, replaced: before[0] ? blobKey({ bucket_id: bucketId, ...before[0] }) : null };
        },
        auth.headers,
      );
      committed = { row, replaced };
    } catch (error) {
      // The row was not committed: neither the upload nor its blob may stay.
      fs.rmSync(received.file, { force: true });
      if (blobWritten) await blobs.remove(blobWritten);
      throw error;
    }
    // The replaced version's bytes and renditions: no row points at them any more.
    if (committed.replaced && committed.replaced !== blobKey(committed.row)) {
      await blobs.remove(committed.replaced);
      dropRenditions(options.renditionsDir, committed.row);
    }
    return c.json({ Id: committed.row.id, Key: `${bucketId}/${name}` });
  }

  app.post("/storage/v1/object/list/:bucket", async (c) => {
    const auth = await who(c, verifyJwt);
    const bucketId = c.req.param("bucket");
    await bucketOf(bucketId);
    const body = await readJson(c);
    const prefix = typeof body["prefix"] === "string" ? body["prefix"].replace(/^\/+|\/+$/g, "") : "";
    const limit = Math.min(Math.max(Number(body["limit"] ?? 100) || 100, 1), MAX_LIST);
    const offset = Math.max(Number(body["offset"] ?? 0) || 0, 0);
    const search = typeof body["search"] === "string" ? body["search"].toLowerCase() : "";
    const sortBy = (body["sortBy"] ?? {}) as { column?: string; order?: string };
    const column = ["name", "created_at", "updated_at", "last_accessed_at"].includes(sortBy.column ?? "")
      ? (sortBy.column as keyof ObjectRow)
      : "name";
    const descending = sortBy.order === "desc";
    const base = prefix ? `${prefix}/` : "";
    const { rows } = await db.asRole(
      auth.role,
      auth.claims,
      (tx) =>
        tx.query<ObjectRow>(
          `select ${OBJECT_COLUMNS} from storage.objects
          where bucket_id = $1 and starts_with(name, $2) order by name limit ${MAX_SCAN}`,
          [bucketId, base],
        ),
      auth.headers,
    );
    // One level, as hosted Storage lists: files directly under the prefix, and each folder once.
    const folders = new Map<string, Record<string, unknown>>();
    const files: Record<string, unknown>[] = [];
    for (const row of rows) {
      const rest = row.name.slice(base.length);
      const slash = rest.indexOf("/");
      const entryName = slash === -1 ? rest : rest.slice(0, slash);
      if (search && !entryName.toLowerCase().includes(search)) continue;
      if (slash === -1) files.push({ ...fileObject(row), name: entryName });
      else if (!folders.has(entryName)) {
        folders.set(entryName, {
          name: entryName,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    }
    const key = (entry: Record<string, unknown>) => String(entry[column] ?? "");
    files.sort((a, b) => (descending ? -1 : 1) * key(a).localeCompare(key(b)));
    const folderList = [...folders.values()].toSorted((a, b) => (descending ? -1 : 1) * key(a).localeCompare(key(b)));
    return c.json([...folderList, ...files].slice(offset, offset + limit));
  });

  app.post("/storage/v1/object/move", async (c) => {
    const auth = await who(c, verifyJwt);
    const body = await readJson(c);
    const bucketId = String(body["bucketId"] ?? "");
    const destinationBucket = String(body["destinationBucket"] ?? bucketId);
    if (destinationBucket !== bucketId) throw storageErrors.invalidRequest("Moving between buckets is not supported");
    const source = checkObjectName(String(body["sourceKey"] ?? ""));
    const destination = checkObjectName(String(body["destinationKey"] ?? ""));
    await bucketOf(bucketId);
    await db.asRole(
      auth.role,
      auth.claims,
      async (tx) => {
        try {
          const { rowCount } = await tx.query(
            "update storage.objects set name = $3, updated_at = now() where bucket_id = $1 and name = $2",
            [bucketId, source, destination],
          );
          if (rowCount === 0) throw storageErrors.notFound();
        } catch (error) {
          if (postgresCode(error) === "23505") throw storageErrors.duplicate();
          if (postgresCode(error) === "42501") throw storageErrors.rls();
          throw error;
        }
      },
      auth.headers,
    );
    return c.json({ message: "Successfully moved" });
  });

  app.delete("/storage/v1/object/:bucket", async (c) => {
    const auth = await who(c, verifyJwt);
    const bucketId = c.req.param("bucket");
    await bucketOf(bucketId);
    const prefixes = (await readJson(c))["prefixes"];
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_LIST) {
      throw storageErrors.invalidRequest(`prefixes must be a list of 1 to ${MAX_LIST} names`);
    }
    const names = prefixes.map((p) => checkObjectName(String(p)));
    const { rows } = await db.asRole(
      auth.role,
      auth.claims,
      (tx) =>
        tx.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name = any($2) returning ${OBJECT_COLUMNS}`,
          [bucketId, names],
        ),
      auth.headers,
    );
    for (const row of rows) {
      await blobs.remove(blobKey(row));
      dropRenditions(options.renditionsDir, row);
    }
    return c.json(rows.map(fileObject));
  });

  app.on(["GET", "HEAD"], "/storage/v1/object/public/*", async (c) => {
    const { bucket: bucketId, name } = bucketAndName(c, "/storage/v1/object/public/");
    const bucket = await bucketOf(bucketId);
    if (!bucket.public) throw storageErrors.bucketNotFound();
    const { rows } = await db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    if (!rows[0]) throw storageErrors.notFound();
    return serve(c, rows[0]);
  });

  app.on(["GET", "HEAD"], "/storage/v1/render/image/public/*", async (c) => {
    const { bucket: bucketId, name } = bucketAndName(c, "/storage/v1/render/image/public/");
    const bucket = await bucketOf(bucketId);
    if (!bucket.public) throw storageErrors.bucketNotFound();
    const { rows } = await db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    const row = rows[0];
    if (!row) throw storageErrors.notFound();
    const stored = { width: Number(row.metadata["width"]), height: Number(row.metadata["height"]) };
    const transform = parseTransform(c.req.query(), stored.width > 0 && stored.height > 0 ? stored : null);
    const format = outputFormat(transform, String(row.metadata["mimetype"] ?? ""), c.req.header("accept") ?? "");
    const etag = `"${row.version}-${renditionKey(transform, format)}"`;
    const headers = new Headers({
      "content-type": `image/${format}`,
      etag,
      vary: "Accept",
      "cache-control": `public, max-age=${String(row.metadata["cacheControl"] ?? "3600").replace(/^max-age=/, "")}`,
      "x-content-type-options": "nosniff",
    });
    if (c.req.header("if-none-match") === etag) return new Response(null, { status: 304, headers });
    const made = await renderer.rendition({
      object: row,
      transform,
      format,
      read: async () => {
        const size = await blobs.size(blobKey(row));
        if (size === null) throw storageErrors.notFound();
        // No upload is larger; bytes that got here another way are not read into memory.
        if (size > options.maxBytes) throw storageErrors.cannotRender("The stored object is larger than any upload");
        const chunks: Buffer[] = [];
        for await (const chunk of blobs.open(blobKey(row))) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
      admit: async () => {
        const decision = await options.renderLimiter.take(clientIpOf(c));
        if (!decision.allowed) throw storageErrors.renderLimited(decision.retryAfterSeconds);
      },
    });
    headers.set("content-length", String(fs.statSync(made.file).size));
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    return new Response(streamFile(made.file), { status: 200, headers });
  });

  // storage-js `download` (and `/object/authenticated/…`): the caller's role must see the row.
  app.on(["GET", "HEAD"], "/storage/v1/object/*", async (c) => {
    const auth = await who(c, verifyJwt);
    const path = new URL(c.req.url).pathname;
    const prefix = path.startsWith("/storage/v1/object/authenticated/")
      ? "/storage/v1/object/authenticated/"
      : "/storage/v1/object/";
    const { bucket: bucketId, name } = bucketAndName(c, prefix);
    await bucketOf(bucketId);
    const { rows } = await db.asRole(
      auth.role,
      auth.claims,
      (tx) =>
        tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
          bucketId,
          name,
        ]),
      auth.headers,
    );
    if (!rows[0]) throw storageErrors.notFound();
    return serve(c, rows[0]);
  });

  app.post("/storage/v1/object/*", (c) => upload(c, "create"));
  app.put("/storage/v1/object/*", (c) => upload(c, "update"));
  return app;
}
