import type { Tables } from "./database.types";

// The rows the app shows, named for what they are; their columns are the Database type's
// (app/lib/database.types.ts), so there is one declaration of each table.

/**
 * A row of public.blog_posts as supabase-js returns it (docs/product.md §3), without the search
 * documents the database keeps for itself.
 */
export type BlogPost = Omit<Tables<"blog_posts">, "search_vector" | "search_title">;

/** A post's tag as the public pages link it. */
export interface TagLink {
  slug: string;
  name: string;
}

/**
 * What a blog card needs; the list never ships post bodies to the browser. Its date is the
 * moment the post went live (published_at), its tag the post's primary one.
 */
export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featured_image: string | null;
  published_at: string;
  primaryTag: TagLink | null;
}

/** A tag with visible posts (the filter row, a tag page). */
export interface PublicTag extends TagLink {
  id: string;
  description: string | null;
  postCount: number;
}

/** An author profile as visitors see it (only those with a visible post). */
export type AuthorProfile = Tables<"author_profiles">;

/** A row of public.tags, as the admin manages them. */
export type Tag = Tables<"tags">;

/** A row of public.contact_messages (a lead from the contact or demo form). */
export type ContactMessage = Tables<"contact_messages">;
/** How one lead went out on one channel (lead_deliveries; server/leads/delivery.ts). */
export type LeadDelivery = Pick<
  Tables<"lead_deliveries">,
  "id" | "lead_id" | "channel" | "status" | "attempts" | "last_error" | "sent_at"
>;
