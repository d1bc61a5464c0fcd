// auth.users rows and their JSON form, as GoTrue serialises models.User.
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import bcrypt from "@node-rs/bcrypt";
import type { Queryable } from "../db/types.ts";
import { authErrors } from "./errors.ts";

export interface UserRow {
  id: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  /** A new address waiting for its two confirmations (GoTrue's secure e-mail change). */
  email_change: string | null;
  email_change_sent_at: Date | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  "id, email, encrypted_password, email_confirmed_at, phone, last_sign_in_at, raw_app_meta_data, " +
  "raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous, invited_at, confirmation_sent_at, " +
  "recovery_sent_at, nullif(email_change, '') AS email_change, email_change_sent_at";

/** GoTrue's check is looser than RFC 5322 on purpose; this rejects what cannot be an address. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  return email.length <= 255 && EMAIL_RE.test(email) ? email : null;
}

export async function findUserById(tx: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE lower(email) = $1 LIMIT 1`, [
    email.toLowerCase(),
  ]);
  return rows[0] ?? null;
}

export async function listFactors(tx: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    "SELECT id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at " +
      "FROM auth.mfa_factors WHERE user_id = $1 ORDER BY created_at, id",
    [userId],
  );
  return rows;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  confirmedAt: Date | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  now: Date;
}

/** Inserts a user; returns null when the e-mail is taken (the caller picks GoTrue's error). */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow | null> {
  const id = randomUUID();
  // GoTrue keeps provider info in app_metadata and mirrors the identity in user_metadata.
  const appMeta = { provider: "email", providers: ["email"], ...user.appMetadata };
  const userMeta = {
    ...user.userMetadata,
    sub: id,
    email: user.email,
    email_verified: user.confirmedAt !== null,
    phone_verified: false,
  };
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_anonymous)
     VALUES ($1, 'authenticated', 'authenticated', $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7, false)
     ON CONFLICT DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [id, user.email, user.passwordHash, user.confirmedAt, JSON.stringify(appMeta), JSON.stringify(userMeta), user.now],
  );
  return rows[0] ?? null;
}

/**
 * What PUT /user and PUT /admin/users/:id may change; absent fields stay as they are. An e-mail
 * changes here only through the admin API: a user's own change waits for two links (email-change.ts).
 */
export interface UserChanges {
  /** Normalised (normalizeEmail); the user's own address is no change. */
  email?: string;
  /** The admin API's `email_confirm: true`: confirmed now, unless it already was. */
  confirmEmail?: boolean;
  /** bcrypt hash of a password that passed checkNewPassword. */
  passwordHash?: string;
  /** Merged into raw_user_meta_data (GoTrue's `data` / `user_metadata`: top-level keys replaced). */
  userMetadata?: Record<string, unknown>;
  /** Merged into raw_app_meta_data (admin API only). */
  appMetadata?: Record<string, unknown>;
}

/**
 * The one way a user row is updated (GoTrue's UserUpdate and adminUserUpdate): a new e-mail
 * must be free (422 email_exists) and is mirrored into user_metadata.email as GoTrue's identity
 * data is; everything else is written in one statement that also sets updated_at. Nothing to
 * change writes nothing. Returns the user as stored afterwards, or null when the row is gone
 * (the caller picks GoTrue's error).
 */
export async function updateUser(
  tx: Queryable,
  user: UserRow,
  changes: UserChanges,
  now: Date,
): Promise<UserRow | null> {
  const email = changes.email !== undefined && changes.email !== user.email ? changes.email : null;
  if (email) {
    const taken = await findUserByEmail(tx, email);
    if (taken && taken.id !== user.id) throw authErrors.emailExists();
  }
  const changed =
    email !== null ||
    changes.confirmEmail === true ||
    changes.passwordHash !== undefined ||
    changes.userMetadata !== undefined ||
    changes.appMetadata !== undefined;
  if (!changed) return findUserById(tx, user.id);
  // One fixed statement: a NULL parameter leaves its column as it is.
  const { rows } = await tx.query<UserRow>(
    `UPDATE auth.users SET
       email = coalesce($2::text, email),
       email_confirmed_at = CASE
         WHEN $3::boolean THEN coalesce(email_confirmed_at, $4::timestamptz)
         ELSE email_confirmed_at END,
       encrypted_password = coalesce($5::text, encrypted_password),
       raw_user_meta_data = raw_user_meta_data
         || CASE WHEN $2::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('email', $2::text) END
         || coalesce($6::jsonb, '{}'::jsonb),
       raw_app_meta_data = raw_app_meta_data || coalesce($7::jsonb, '{}'::jsonb),
       updated_at = $4::timestamptz
     WHERE id = $1
     RETURNING ${USER_COLUMNS}`,
    [
      user.id,
      email,
      changes.confirmEmail === true,
      now,
      changes.passwordHash ?? null,
      changes.userMetadata === undefined ? null : JSON.stringify(changes.userMetadata),
      changes.appMetadata === undefined ? null : JSON.stringify(changes.appMetadata),
    ],
  );
  return rows[0] ?? null;
}

function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function jsonObject(value: unknown): Record<string, unknown> {
  if (typeof value === "string") return JSON.parse(value) as Record<string, unknown>;
  return (value as Record<string, unknown> | null) ?? {};
}

export function serializeFactor(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? "",
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
  };
}

function omitEmpty(fields: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** The user object of GET /user, token responses and the admin API (GoTrue's models.User JSON). */
export function serializeUser(user: UserRow, factors: FactorRow[]): Record<string, unknown> {
  const userMeta = jsonObject(user.raw_user_meta_data);
  const createdAt = iso(user.created_at);
  const email = user.email ?? "";
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email,
    email_confirmed_at: iso(user.email_confirmed_at),
    ...omitEmpty({ invited_at: iso(user.invited_at) }),
    phone: user.phone ?? "",
    ...omitEmpty({ confirmation_sent_at: iso(user.confirmation_sent_at) }),
    confirmed_at: iso(user.email_confirmed_at),
    // GoTrue's omitempty fields: present only when set (supabase-js's User has them optional).
    ...omitEmpty({
      recovery_sent_at: iso(user.recovery_sent_at),
      email_change_sent_at: iso(user.email_change_sent_at),
      new_email: user.email_change || null,
    }),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: jsonObject(user.raw_app_meta_data),
    user_metadata: userMeta,
    // GoTrue keeps an auth.identities row per provider; with e-mail as the only provider the
    // identity is fully determined by the user, so it is derived rather than stored.
    identities: user.email
      ? [
          {
            identity_id: user.id,
            id: user.id,
            user_id: user.id,
            identity_data: {
              email,
              email_verified: user.email_confirmed_at !== null,
              phone_verified: false,
              sub: user.id,
            },
            provider: "email",
            last_sign_in_at: iso(user.last_sign_in_at) ?? createdAt,
            created_at: createdAt,
            updated_at: iso(user.updated_at),
            email,
          },
        ]
      : [],
    created_at: createdAt,
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous ?? false,
    factors: factors.map(serializeFactor),
  };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  compare(password: string, hash: string | null): Promise<boolean>;
}

/** libuv's thread pool, which the native hashes share with JWT signatures and file reads. */
const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Hashes run at once: one more than the cores, so no core idles while a finished hash's answer
 * waits for a busy event loop and the next hash for its turn (ADR 078); always one pool thread
 * short of all, so a burst of sign-ins never queues every JWT signature and file read behind it.
 */
export const HASHES_AT_ONCE = Math.max(1, Math.min(availableParallelism() + 1, POOL_THREADS - 1));

/** Runs `work` when one of `slots` is free, in the order asked. */
function createSlots(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Shared by every hasher: the thread pool is the process's. */
const inSlot = createSlots(HASHES_AT_ONCE);

/**
 * bcrypt as GoTrue uses it (cost 10, `$2a$`/`$2b$` interchangeable), so hashes move both ways
 * between this backend and Supabase. The native binding hashes on libuv's thread pool, so a burst
 * of sign-ins never blocks the event loop that serves pages (ADR 078). Unknown users still pay
 * one compare against a dummy hash so sign-in timing does not reveal whether an e-mail exists.
 */
export function createPasswordHasher(cost: number): PasswordHasher {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => inSlot(() => bcrypt.hash(password, cost)),
    async compare(password, hash) {
      if (!hash) {
        dummy ??= inSlot(() => bcrypt.hash("not-a-real-password", cost));
        const known = await dummy;
        await inSlot(() => bcrypt.verify(password, known));
        return false;
      }
      return inSlot(() => bcrypt.verify(password, hash));
    },
  };
}
