// Stage 4, the response: an object's bytes or a rendition with their validators (304 when the
// client has them), and the JSON storage-js reads for uploads, listings and removals.
import { Readable } from "node:stream";
import type { BlobStore } from "./blob-store.ts";
import { blobKey } from "./objects.ts";
import type { ObjectRow } from "./objects.ts";
import { renditionKey } from "./render.ts";
import type { OutputFormat, Transform } from "./render.ts";
import type { ListRequest } from "./request.ts";

/** An object as storage-js's FileObject. */
export function fileObject(row: ObjectRow) {
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

/** One level, as hosted Storage lists: files directly under the folder, and each subfolder once. */
export function listing(rows: ObjectRow[], list: ListRequest): Record<string, unknown>[] {
  const folders = new Map<string, Record<string, unknown>>();
  const files: Record<string, unknown>[] = [];
  for (const row of rows) {
    const rest = row.name.slice(list.base.length);
    const slash = rest.indexOf("/");
    const entryName = slash === -1 ? rest : rest.slice(0, slash);
    if (list.search && !entryName.toLowerCase().includes(list.search)) continue;
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
  const key = (entry: Record<string, unknown>) => String(entry[list.column] ?? "");
  const order = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    (list.descending ? -1 : 1) * key(a).localeCompare(key(b));
  files.sort(order);
  return [...[...folders.values()].toSorted(order), ...files].slice(list.offset, list.offset + list.limit);
}

/** The object's Cache-Control: the max-age it was uploaded with (an hour by default). */
const cacheControl = (row: ObjectRow) =>
  `public, max-age=${String(row.metadata["cacheControl"] ?? "3600").replace(/^max-age=/, "")}`;

/** 304 with the validators when the client already holds this version; null otherwise. */
export function notModified(request: Request, headers: Headers): Response | null {
  if (request.headers.get("if-none-match") !== headers.get("etag")) return null;
  return new Response(null, { status: 304, headers });
}

/** 200 with the bytes `open` streams, or the headers alone for HEAD. */
export function bodyResponse(request: Request, headers: Headers, size: number | string, open: () => ReadableStream) {
  headers.set("content-length", String(size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(open(), { status: 200, headers });
}

/** An object's bytes with its validators. */
export function objectResponse(request: Request, row: ObjectRow, blobs: BlobStore): Response {
  const meta = row.metadata;
  const headers = new Headers({
    "content-type": String(meta["mimetype"] ?? "application/octet-stream"),
    etag: String(meta["eTag"] ?? `"${row.version}"`),
    "cache-control": cacheControl(row),
    "last-modified": new Date(row.updated_at).toUTCString(),
    "x-content-type-options": "nosniff",
  });
  const open = () => Readable.toWeb(blobs.open(blobKey(row))) as ReadableStream;
  return notModified(request, headers) ?? bodyResponse(request, headers, String(meta["size"] ?? ""), open);
}

/** A rendition's headers: its own ETag (the object's version and the rendition), varying with Accept. */
export function renditionHeaders(row: ObjectRow, transform: Transform, format: OutputFormat): Headers {
  return new Headers({
    "content-type": `image/${format}`,
    etag: `"${row.version}-${renditionKey(transform, format)}"`,
    vary: "Accept",
    "cache-control": cacheControl(row),
    "x-content-type-options": "nosniff",
  });
}
