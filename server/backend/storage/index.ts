// The Supabase Storage API subset that the unmodified storage-js client (in
// @supabase/supabase-js) uses for a bucket, mounted at STORAGE_PREFIX: upload and update (multipart
// or raw, x-upsert, cacheControl), public and authenticated download, image renditions, list,
// remove and move. docs/backend.md "Storage". Each route runs the same stages as REST:
//   request.ts  parse: the caller's JWT, bucket and object name, JSON bodies, upload headers;
//   objects.ts  authorize and plan: SQL on storage.objects under the caller's role (RLS);
//   upload.ts, render.ts, blob-store.ts  execute: receive and check an image, make a rendition,
//               keep or drop bytes;
//   response.ts respond: bytes with validators, or the JSON storage-js reads.
import fs from "node:fs";
import { Hono } from "hono";
import type { Context } from "hono";
import type { Database } from "../db/types.ts";
import type { VerifyJwt } from "../rest/request.ts";
import { clientIpOf } from "../../http/client-ip.ts";
import type { KeyedRateLimiter, RateLimit } from "../../http/rate-limits.ts";
import { createBucketLimiter } from "../shared-rate-limits.ts";
import type { BlobStore } from "./blob-store.ts";
import { StorageError, storageErrors } from "./errors.ts";
import {
  blobKey,
  findBucket,
  findObject,
  findPublicObject,
  listObjects,
  moveObject,
  probeWrite,
  removeObjects,
  writeObject,
} from "./objects.ts";
import type { ObjectRow, Written } from "./objects.ts";
import { createRenderer, dropRenditions, outputFormat, parseTransform, streamFile } from "./render.ts";
import type { RenderLimits, Renderer } from "./render.ts";
import { objectPath, parseList, parseMove, parseRemove, parseWrite, readJsonObject, who } from "./request.ts";
import { bodyResponse, fileObject, listing, notModified, objectResponse, renditionHeaders } from "./response.ts";
import { checkImage, newVersion, receiveBody } from "./upload.ts";

/** Where Storage is mounted on Supabase. */
export const STORAGE_PREFIX = "/storage/v1";

export interface StorageOptions {
  db: Database;
  verifyJwt: VerifyJwt;
  blobs: BlobStore;
  /** STORAGE_MAX_BYTES: the largest object any bucket accepts (a bucket's own limit may be lower). */
  maxBytes: number;
  /** Where transformed renditions are cached (render.ts). */
  renditionsDir: string;
  /**
   * The database every instance shares (DATABASE_URL), where the new renditions each client
   * address asks for are counted (RATE_LIMITS.renders; cached ones are free); null: in memory.
   */
  sharedCounts: Database | null;
  /** Replaces RATE_LIMITS.renders (tests use a tiny one). */
  renderRateLimit?: RateLimit;
  /** Render slots, queue and deadline (render.ts DEFAULT_RENDER_LIMITS); tests use small ones. */
  renderLimits?: Partial<RenderLimits>;
  /** Called as each rendition starts encoding (tests count them). */
  onEncode?: (key: string) => void;
}

/** What every route works with. */
interface Storage extends StorageOptions {
  renderer: Renderer;
  renderLimiter: KeyedRateLimiter;
}

export function createStorage(options: StorageOptions): Hono {
  const storage: Storage = {
    ...options,
    renderer: createRenderer({
      cacheDir: options.renditionsDir,
      tempFile: () => options.blobs.tempFile(),
      limits: options.renderLimits,
      onEncode: options.onEncode,
    }),
    renderLimiter: createBucketLimiter("renders", {
      shared: options.sharedCounts,
      limits: options.renderRateLimit ? { renders: options.renderRateLimit } : undefined,
    }),
  };
  const app = new Hono();
  app.onError((error) => {
    if (error instanceof StorageError) return error.toResponse();
    console.error(`storage: ${error instanceof Error ? error.stack : String(error)}`);
    return new StorageError(500, "internal", "Internal error").toResponse();
  });
  app.post("/object/list/:bucket", (c) => list(storage, c));
  app.post("/object/move", (c) => move(storage, c));
  app.delete("/object/:bucket", (c) => remove(storage, c));
  app.on(["GET", "HEAD"], "/object/public/*", async (c) =>
    objectResponse(c.req.raw, await findPublicObject(storage.db, objectPath(c)), storage.blobs),
  );
  app.on(["GET", "HEAD"], "/render/image/public/*", (c) => renderPublic(storage, c));
  // storage-js `download` (and `/object/authenticated/…`): the caller's role must see the row.
  app.on(["GET", "HEAD"], "/object/*", async (c) => {
    const auth = await who(c, storage.verifyJwt);
    const row = await findObject(storage.db, auth, objectPath(c, "authenticated/"));
    return objectResponse(c.req.raw, row, storage.blobs);
  });
  app.post("/object/*", (c) => upload(storage, c, "create"));
  app.put("/object/*", (c) => upload(storage, c, "update"));
  return app;
}

async function upload(storage: Storage, c: Context, mode: "create" | "update"): Promise<Response> {
  const { db, blobs } = storage;
  const auth = await who(c, storage.verifyJwt);
  const write = parseWrite(c, mode);
  const bucket = await findBucket(db, write.bucket);
  const limit = Math.min(storage.maxBytes, Number(bucket.file_size_limit ?? Number.POSITIVE_INFINITY));
  await probeWrite(db, auth, write);
  const received = await receiveBody(c.req.raw, blobs.tempFile(), limit);
  let kept: string | null = null as string | null;
  let written: Written;
  try {
    const image = await checkImage(received.file, write.name, bucket.allowed_mime_types);
    written = await writeObject(db, auth, write, newVersion(received, image), async (row) => {
      kept = blobKey(row);
      await blobs.commit(received.file, kept);
    });
  } catch (error) {
    // The row was not committed: neither the upload nor its blob may stay.
    fs.rmSync(received.file, { force: true });
    if (kept) await blobs.remove(kept);
    throw error;
  }
  // The replaced version's bytes and renditions: no row points at them any more.
  if (written.replaced && written.replaced !== blobKey(written.row)) {
    await blobs.remove(written.replaced);
    dropRenditions(storage.renditionsDir, written.row);
  }
  return c.json({ Id: written.row.id, Key: `${write.bucket}/${write.name}` });
}

async function list(storage: Storage, c: Context): Promise<Response> {
  const auth = await who(c, storage.verifyJwt);
  const bucket = c.req.param("bucket")!;
  await findBucket(storage.db, bucket);
  const request = parseList(await readJsonObject(c));
  return c.json(listing(await listObjects(storage.db, auth, bucket, request.base), request));
}

async function move(storage: Storage, c: Context): Promise<Response> {
  const auth = await who(c, storage.verifyJwt);
  const { bucket, from, to } = parseMove(await readJsonObject(c));
  await findBucket(storage.db, bucket);
  await moveObject(storage.db, auth, bucket, from, to);
  return c.json({ message: "Successfully moved" });
}

async function remove(storage: Storage, c: Context): Promise<Response> {
  const auth = await who(c, storage.verifyJwt);
  const bucket = c.req.param("bucket")!;
  await findBucket(storage.db, bucket);
  const rows = await removeObjects(storage.db, auth, bucket, parseRemove(await readJsonObject(c)));
  for (const row of rows) {
    await storage.blobs.remove(blobKey(row));
    dropRenditions(storage.renditionsDir, row);
  }
  return c.json(rows.map(fileObject));
}

async function renderPublic(storage: Storage, c: Context): Promise<Response> {
  const row = await findPublicObject(storage.db, objectPath(c));
  const stored = { width: Number(row.metadata["width"]), height: Number(row.metadata["height"]) };
  const transform = parseTransform(c.req.query(), stored.width > 0 && stored.height > 0 ? stored : null);
  const format = outputFormat(transform, String(row.metadata["mimetype"] ?? ""), c.req.header("accept") ?? "");
  const headers = renditionHeaders(row, transform, format);
  const unchanged = notModified(c.req.raw, headers);
  if (unchanged) return unchanged;
  const made = await storage.renderer.rendition({
    object: row,
    transform,
    format,
    read: () => readStored(storage, row),
    admit: async () => {
      const decision = await storage.renderLimiter.take(clientIpOf(c));
      if (!decision.allowed) throw storageErrors.renderLimited(decision.retryAfterSeconds);
    },
  });
  return bodyResponse(c.req.raw, headers, fs.statSync(made.file).size, () => streamFile(made.file));
}

/** A stored object's bytes, whole, for a new rendition. */
async function readStored(storage: Storage, row: ObjectRow): Promise<Buffer> {
  const size = await storage.blobs.size(blobKey(row));
  if (size === null) throw storageErrors.notFound();
  // No upload is larger; bytes that got here another way are not read into memory.
  if (size > storage.maxBytes) throw storageErrors.cannotRender("The stored object is larger than any upload");
  const chunks: Buffer[] = [];
  for await (const chunk of storage.blobs.open(blobKey(row))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
