// The rules of a tag and of an author profile (supabase/migrations/20260101001600_editorial_blog.sql
// keeps the same ones as CHECKs and keys): what the admin's forms check before a save, and what
// each of the database's refusals means in them. Plain TypeScript; the database checks again.
import type { DataError } from "./data-result.ts";
import { isAbsoluteHttpUrl, isFeaturedImageAddress, isValidSlug } from "./posts.ts";

/** Why a field is refused: the key of its message in adminCopy.editorial.validation. */
export type AuthoringProblem =
  | "nameRequired"
  | "nameTooLong"
  | "slugRequired"
  | "slugInvalid"
  | "tagSlugTaken"
  | "tagNameTaken"
  | "authorSlugTaken"
  | "descriptionTooLong"
  | "bioTooLong"
  | "urlInvalid"
  | "websiteInvalid";

export const AUTHORING_LIMITS = { name: 80, description: 500, bio: 2000 } as const;

export interface TagInput {
  name: string;
  slug: string;
  description: string;
}

export type TagField = keyof TagInput;

export interface AuthorProfileInput {
  name: string;
  slug: string;
  bio: string;
  avatar_url: string;
  website_url: string;
}

export type ProfileField = keyof AuthorProfileInput;

function nameProblem(name: string): AuthoringProblem | undefined {
  const trimmed = name.trim();
  if (!trimmed) return "nameRequired";
  if (trimmed.length > AUTHORING_LIMITS.name) return "nameTooLong";
  return undefined;
}

function slugProblem(slug: string): AuthoringProblem | undefined {
  const trimmed = slug.trim();
  if (!trimmed) return "slugRequired";
  if (!isValidSlug(trimmed)) return "slugInvalid";
  return undefined;
}

function defined<K extends string>(entries: [K, AuthoringProblem | undefined][]): Partial<Record<K, AuthoringProblem>> {
  return Object.fromEntries(entries.filter(([, problem]) => problem)) as Partial<Record<K, AuthoringProblem>>;
}

export function validateTag(input: TagInput): Partial<Record<TagField, AuthoringProblem>> {
  return defined<TagField>([
    ["name", nameProblem(input.name)],
    ["slug", slugProblem(input.slug)],
    ["description", input.description.trim().length > AUTHORING_LIMITS.description ? "descriptionTooLong" : undefined],
  ]);
}

export function validateProfile(input: AuthorProfileInput): Partial<Record<ProfileField, AuthoringProblem>> {
  const avatar = input.avatar_url.trim();
  const website = input.website_url.trim();
  return defined<ProfileField>([
    ["name", nameProblem(input.name)],
    ["slug", slugProblem(input.slug)],
    ["bio", input.bio.trim().length > AUTHORING_LIMITS.bio ? "bioTooLong" : undefined],
    ["avatar_url", avatar && !isFeaturedImageAddress(avatar) ? "urlInvalid" : undefined],
    ["website_url", website && !isAbsoluteHttpUrl(website) ? "websiteInvalid" : undefined],
  ]);
}

/** A tag row as a save writes it: trimmed, no description as NULL. */
export function tagRow(input: TagInput) {
  return { name: input.name.trim(), slug: input.slug.trim(), description: input.description.trim() || null };
}

/** A profile row as a save writes it: trimmed, optional fields as NULL. */
export function profileRow(input: AuthorProfileInput) {
  return {
    name: input.name.trim(),
    slug: input.slug.trim(),
    bio: input.bio.trim() || null,
    avatar_url: input.avatar_url.trim() || null,
    website_url: input.website_url.trim() || null,
  };
}

const TAG_CONSTRAINTS: Record<string, [TagField, AuthoringProblem]> = {
  tags_name_check: ["name", "nameTooLong"],
  tags_name_key: ["name", "tagNameTaken"],
  tags_slug_check: ["slug", "slugInvalid"],
  tags_slug_key: ["slug", "tagSlugTaken"],
  tags_description_check: ["description", "descriptionTooLong"],
};

const PROFILE_CONSTRAINTS: Record<string, [ProfileField, AuthoringProblem]> = {
  author_profiles_name_check: ["name", "nameTooLong"],
  author_profiles_slug_check: ["slug", "slugInvalid"],
  author_profiles_slug_key: ["slug", "authorSlugTaken"],
  author_profiles_bio_check: ["bio", "bioTooLong"],
  author_profiles_avatar_url_check: ["avatar_url", "urlInvalid"],
  author_profiles_website_url_check: ["website_url", "websiteInvalid"],
};

/** The field and problem a database refusal of a tag names, or null for any other failure. */
export function tagProblemOf(error: DataError): { field: TagField; problem: AuthoringProblem } | null {
  const known = error.constraint ? TAG_CONSTRAINTS[error.constraint] : undefined;
  return known ? { field: known[0], problem: known[1] } : null;
}

/** The field and problem a database refusal of a profile names, or null for any other failure. */
export function profileProblemOf(error: DataError): { field: ProfileField; problem: AuthoringProblem } | null {
  const known = error.constraint ? PROFILE_CONSTRAINTS[error.constraint] : undefined;
  return known ? { field: known[0], problem: known[1] } : null;
}
