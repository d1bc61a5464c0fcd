import type { Tables } from "./database.types";

// The rows the app shows, named for what they are; their columns are the Database type's
// (app/lib/database.types.ts), so there is one declaration of each table.

/**
 * A row of public.blog_posts as supabase-js returns it (docs/product.md §3), without the search
 * document the database keeps for itself.
 */
export type BlogPost = Omit<Tables<"blog_posts">, "search_vector">;

/** What a blog card needs; the list never ships post bodies to the browser. */
export type BlogPostSummary = Pick<BlogPost, "id" | "title" | "slug" | "excerpt" | "featured_image" | "created_at">;

/** A row of public.contact_messages (a lead from the contact or demo form). */
export type ContactMessage = Tables<"contact_messages">;
/** How one lead went out on one channel (lead_deliveries; server/leads/delivery.ts). */
export type LeadDelivery = Pick<
  Tables<"lead_deliveries">,
  "id" | "lead_id" | "channel" | "status" | "attempts" | "last_error" | "sent_at"
>;
