// Stage 2, authorize and plan: storage.buckets and storage.objects in SQL. Every write and every
// authenticated read runs as the caller's role with its JWT claims, so row-level security on
// storage.objects decides, as on hosted Supabase (supabase/migrations/*_blog_images_bucket.sql);
// only the bucket's settings and public objects are read without a role.
import type { Database, Queryable } from "../db/types.ts";
import type { Auth } from "../rest/request.ts";
import { storageErrors } from "./errors.ts";
import { checkNameFitsType } from "./upload.ts";
import type { ObjectPath, WriteRequest } from "./request.ts";

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
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
/** Rows one listing reads at most before it groups them into folders and files. */
const MAX_SCAN = 10_000;

/** Where an object's bytes live in the blob store: a new key for every version. */
export const blobKey = (row: Pick<ObjectRow, "bucket_id" | "id" | "version">) =>
  `${row.bucket_id}/${row.id}/${row.version}`;

function asRole<T>(db: Database, auth: Auth, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.asRole(auth.role, auth.claims, work, auth.headers);
}

/** A unique name taken (23505) or a policy's refusal (42501), as Storage answers them. */
function storageError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === "23505") return storageErrors.duplicate();
  if (code === "42501") return storageErrors.rls();
  return error;
}

/** The bucket's settings; its existence is no secret. */
export async function findBucket(db: Database, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1",
    [id],
  );
  if (!rows[0]) throw storageErrors.bucketNotFound();
  return rows[0];
}

/** An object of a public bucket, read by anyone; a private bucket is not found. */
export async function findPublicObject(db: Database, { bucket, name }: ObjectPath): Promise<ObjectRow> {
  if (!(await findBucket(db, bucket)).public) throw storageErrors.bucketNotFound();
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  if (!rows[0]) throw storageErrors.notFound();
  return rows[0];
}

/** An object the caller's role may see. */
export async function findObject(db: Database, auth: Auth, { bucket, name }: ObjectPath): Promise<ObjectRow> {
  await findBucket(db, bucket);
  const { rows } = await asRole(db, auth, (tx) =>
    tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
      bucket,
      name,
    ]),
  );
  if (!rows[0]) throw storageErrors.notFound();
  return rows[0];
}

/**
 * Row-level security asked before the body is read: the same write, with a placeholder
 * version, in a transaction that is always rolled back. A caller the policies refuse (or a
 * name that is taken, or missing for an update) costs no upload and no image decoding.
 */
export async function probeWrite(db: Database, auth: Auth, write: WriteRequest): Promise<void> {
  const { bucket, name } = write;
  const owner = typeof auth.claims["sub"] === "string" ? auth.claims["sub"] : null;
  const rollback = new Error("probe");
  const nothingUpdated = new Error("nothing updated");
  try {
    await asRole(db, auth, async (tx) => {
      const { rowCount } =
        write.mode === "update"
          ? await tx.query("update storage.objects set updated_at = now() where bucket_id = $1 and name = $2", [
              bucket,
              name,
            ])
          : await tx.query(
              `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
               values ($1, $2, $3::uuid, $3::text, 'probe', '{}')
               ${write.upsert ? "on conflict (bucket_id, name) do update set updated_at = now()" : ""}`,
              [bucket, name, owner],
            );
      if (rowCount === 0) throw write.mode === "create" ? storageErrors.rls() : nothingUpdated;
      throw rollback;
    });
  } catch (error) {
    if (error === rollback) return;
    if (error !== nothingUpdated) throw storageError(error);
    // Missing, or there but not the caller's to change. Asked outside the caller's role, which
    // may not list the bucket; that a public name exists is no secret (its URL answers).
    const { rows } = await db.query("select 1 from storage.objects where bucket_id = $1 and name = $2", [bucket, name]);
    throw rows.length > 0 ? storageErrors.rls() : storageErrors.notFound();
  }
}

/** An uploaded object's row as the caller writes it, and the blob of the version it replaced. */
export interface Written {
  row: ObjectRow;
  replaced: string | null;
}

/**
 * Writes the object's new version as the caller. `keep` moves the bytes into the blob store
 * inside the transaction: if that fails, the row is never committed.
 */
export async function writeObject(
  db: Database,
  auth: Auth,
  write: WriteRequest,
  version: { id: string; metadata: Record<string, unknown> },
  keep: (row: ObjectRow) => Promise<void>,
): Promise<Written> {
  const { bucket, name } = write;
  const owner = typeof auth.claims["sub"] === "string" ? auth.claims["sub"] : null;
  return asRole(db, auth, async (tx) => {
    const { rows: before } = await tx.query<{ id: string; version: string }>(
      "select id, version from storage.objects where bucket_id = $1 and name = $2",
      [bucket, name],
    );
    if (write.mode === "update" && !before[0]) throw storageErrors.notFound();
    let row: ObjectRow | undefined;
    try {
      ({
        rows: [row],
      } =
        write.mode === "update"
          ? await tx.query<ObjectRow>(
              `update storage.objects set version = $3, metadata = $4, updated_at = now()
               where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
              [bucket, name, version.id, version.metadata],
            )
          : await tx.query<ObjectRow>(
              `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
               values ($1, $2, $3::uuid, $3::text, $4, $5)
               ${write.upsert ? "on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()" : ""}
               returning ${OBJECT_COLUMNS}`,
              [bucket, name, owner, version.id, version.metadata],
            ));
    } catch (error) {
      throw storageError(error);
    }
    if (!row) throw storageErrors.rls();
    await keep(row);
    return { row, replaced: before[0] ? blobKey({ bucket_id: bucket, ...before[0] }) : null };
  });
}

/** The rows under a folder the caller may see, by name, at most MAX_SCAN. */
export async function listObjects(db: Database, auth: Auth, bucket: string, base: string): Promise<ObjectRow[]> {
  const { rows } = await asRole(db, auth, (tx) =>
    tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects
       where bucket_id = $1 and starts_with(name, $2) order by name limit ${MAX_SCAN}`,
      [bucket, base],
    ),
  );
  return rows;
}

/** Renames an object the caller may change. */
export async function moveObject(db: Database, auth: Auth, bucket: string, from: string, to: string): Promise<void> {
  await asRole(db, auth, async (tx) => {
    try {
      const { rows } = await tx.query<{ mime: string | null }>(
        `update storage.objects set name = $3, updated_at = now() where bucket_id = $1 and name = $2
         returning metadata->>'mimetype' as mime`,
        [bucket, from, to],
      );
      if (rows.length === 0) throw storageErrors.notFound();
      // The new name must fit the type as an upload's must (the transaction undoes the move).
      checkNameFitsType(to, rows[0]!.mime ?? "");
    } catch (error) {
      throw storageError(error);
    }
  });
}

/** Deletes the named objects the caller may delete; returns their rows. */
export async function removeObjects(db: Database, auth: Auth, bucket: string, names: string[]): Promise<ObjectRow[]> {
  try {
    const { rows } = await asRole(db, auth, (tx) =>
      tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2) returning ${OBJECT_COLUMNS}`,
        [bucket, names],
      ),
    );
    return rows;
  } catch (error) {
    // A policy that refuses with an error (a role that sees the image but may not delete it).
    throw storageError(error);
  }
}
