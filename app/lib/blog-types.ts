/** A row of public.blog_posts as supabase-js returns it (docs/product.md §3). */
export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  published: boolean;
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

/** What a blog card needs; the list never ships post bodies to the browser. */
export type BlogPostSummary = Pick<BlogPost, "id" | "title" | "slug" | "excerpt" | "featured_image" | "created_at">;

/** A row of public.contact_messages (a lead from the contact or demo form). */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: string;
  message: string | null;
  plan: string | null;
  page: string | null;
  created_at: string;
  handled_at: string | null;
}
