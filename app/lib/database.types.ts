// The public schema as supabase-js sees it: the type `createClient<Database>` takes, so every
// `from(...)`, `select(...)`, `insert(...)`, `update(...)` and `rpc(...)` is checked against the
// real columns (docs/decisions/047-typed-data-access.md).
//
// Written BY HAND from supabase/migrations/*.sql, in the shape `supabase gen types typescript`
// produces: the project does not carry the Supabase CLI, whose generator needs Docker and a
// running database. When a migration adds, drops or renames a column, change this file with it;
// database.types.test.ts reads the migrations and fails when a table's columns, their
// nullability or an enum's values no longer match. Trigger functions (set_updated_at,
// contact_messages_server_timestamps) are left out, as the generator leaves them out.
//
// Only types: importing this module costs no JavaScript.

import type { SupabaseClient } from "@supabase/supabase-js";

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      /** supabase/migrations/20260101000200_blog_posts.sql */
      blog_posts: {
        Row: {
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
        };
        Insert: {
          id?: string;
          title: string;
          slug: string;
          excerpt?: string | null;
          content?: string;
          featured_image?: string | null;
          published?: boolean;
          author_id?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          title?: string;
          slug?: string;
          excerpt?: string | null;
          content?: string;
          featured_image?: string | null;
          published?: boolean;
          author_id?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        // author_id references auth.users, outside the public schema: no embeddable relation.
        Relationships: [];
      };
      /**
       * supabase/migrations/20260101000300_contact_messages.sql and …000400: only the service role
       * inserts (the lead forms, ADR 037); an admin's UPDATE may set handled_at only, and the
       * database stamps both timestamps itself.
       */
      contact_messages: {
        Row: {
          id: string;
          name: string;
          email: string;
          company: string | null;
          phone: string | null;
          /** CHECK: 'demo' | 'comercial' | 'suporte' | 'parceria' | 'outro' (app/lib/lead-validation.ts). */
          subject: string;
          message: string | null;
          /** CHECK: 'basic' | 'business' | 'scale' | 'infinity', or NULL. */
          plan: string | null;
          /** The path of the page the form was sent from, e.g. '/contato'. */
          page: string | null;
          created_at: string;
          handled_at: string | null;
          /** CHECK: 'new' | 'contacted' | 'won' | 'lost' (novo, em contato, ganho, perdido). */
          status: string;
          note: string | null;
          /** Generated: lower(name, e-mail and company), for the inbox's search (trigram index). */
          search_text: string | null;
        };
        Insert: {
          id?: string;
          name: string;
          email: string;
          company?: string | null;
          phone?: string | null;
          subject: string;
          message?: string | null;
          plan?: string | null;
          page?: string | null;
          created_at?: string;
          handled_at?: string | null;
          status?: string;
          note?: string | null;
        };
        Update: {
          id?: string;
          name?: string;
          email?: string;
          company?: string | null;
          phone?: string | null;
          subject?: string;
          message?: string | null;
          plan?: string | null;
          page?: string | null;
          created_at?: string;
          handled_at?: string | null;
          status?: string;
          note?: string | null;
        };
        Relationships: [];
      };
      /**
       * supabase/migrations/20260101000800_lead_deliveries.sql: each channel's delivery of a lead
       * (e-mail to sales, the visitor's confirmation, the webhook). Admins read them and may set a
       * failed one back to pending ("Reenviar"); the server's worker writes the rest.
       */
      lead_deliveries: {
        Row: {
          id: string;
          lead_id: string;
          /** CHECK: 'email' | 'confirmation' | 'webhook'. */
          channel: string;
          /** CHECK: 'pending' | 'sent' | 'failed'. */
          status: string;
          attempts: number;
          last_error: string | null;
          job_id: string | null;
          created_at: string;
          updated_at: string;
          sent_at: string | null;
        };
        Insert: {
          id?: string;
          lead_id: string;
          channel: string;
          status?: string;
          attempts?: number;
          last_error?: string | null;
          job_id?: string | null;
          created_at?: string;
          updated_at?: string;
          sent_at?: string | null;
        };
        /** Column grant: an admin may update `status` only. */
        Update: {
          status?: string;
        };
        Relationships: [
          {
            foreignKeyName: "lead_deliveries_lead_id_fkey";
            columns: ["lead_id"];
            isOneToOne: false;
            referencedRelation: "contact_messages";
            referencedColumns: ["id"];
          },
        ];
      };
      /** The same migration: new leads waiting for the server's relay; no API role may touch it. */
      lead_outbox: {
        Row: { lead_id: string; created_at: string };
        Insert: { lead_id: string; created_at?: string };
        Update: { lead_id?: string; created_at?: string };
        Relationships: [];
      };
      /** supabase/migrations/20260101000100_user_roles.sql: a user reads only their own rows. */
      user_roles: {
        Row: {
          id: string;
          user_id: string;
          role: Database["public"]["Enums"]["app_role"];
          created_at: string;
        };
        Insert: {
          id?: string;
          user_id: string;
          role: Database["public"]["Enums"]["app_role"];
          created_at?: string;
        };
        Update: {
          id?: string;
          user_id?: string;
          role?: Database["public"]["Enums"]["app_role"];
          created_at?: string;
        };
        // user_id references auth.users, outside the public schema: no embeddable relation.
        Relationships: [];
      };
      /** supabase/migrations/20260101001200_admin_security.sql: admins read; triggers write; no API edits. */
      audit_log: {
        Row: {
          id: number;
          at: string;
          actor_id: string | null;
          actor_email: string | null;
          action: string;
          target: string | null;
          details: { [key: string]: Json | undefined };
          ip: string | null;
        };
        Insert: { [_ in never]: never };
        Update: { [_ in never]: never };
        Relationships: [];
      };
      /** The same migration: one row the server owns (ADMIN_REQUIRE_MFA); no API role reads it. */
      security_settings: {
        Row: { id: boolean; admin_require_mfa: boolean };
        Insert: { id?: boolean; admin_require_mfa?: boolean };
        Update: { id?: boolean; admin_require_mfa?: boolean };
        Relationships: [];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      /** SECURITY DEFINER; callable by authenticated and service_role (docs/supabase-wire.md §4). */
      has_role: {
        Args: { _role: Database["public"]["Enums"]["app_role"]; _user_id: string };
        Returns: boolean;
      };
      /** The rest come from supabase/migrations/20260101001200_admin_security.sql. */
      admin_requires_mfa: { Args: Record<PropertyKey, never>; Returns: boolean };
      mfa_satisfied: { Args: Record<PropertyKey, never>; Returns: boolean };
      /** Admins only (with their second factor); other callers get no rows. */
      team_members: {
        Args: Record<PropertyKey, never>;
        Returns: {
          user_id: string;
          email: string;
          is_admin: boolean;
          last_sign_in_at: string | null;
          mfa_enabled: boolean;
          invited_at: string | null;
          accepted: boolean;
          created_at: string;
        }[];
      };
      /**
       * The service role only (supabase/migrations/20260101001300_audit_by_server.sql): the site's
       * server records an admin's action with that admin's id and the client address it saw.
       */
      record_audit: {
        Args: { action: "lead.exported" | "member.invited"; actor: string; ip: string | null; details?: Json };
        Returns: undefined;
      };
      write_audit: {
        Args: { action: string; target: string | null; details: Json; fallback_actor?: string };
        Returns: undefined;
      };
    };
    Enums: {
      app_role: "admin" | "user";
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type PublicSchema = Database["public"];

/** The names of the public tables. */
export type TableName = keyof PublicSchema["Tables"];

/** A row of a public table, as `select("*")` returns it. */
export type Tables<T extends TableName> = PublicSchema["Tables"][T]["Row"];

/** What `insert` accepts for a public table (columns with a default or NULL are optional). */
export type TablesInsert<T extends TableName> = PublicSchema["Tables"][T]["Insert"];

/** What `update` accepts for a public table. */
export type TablesUpdate<T extends TableName> = PublicSchema["Tables"][T]["Update"];

/** The values of a public enum. */
export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T];

/** A supabase-js client that knows this schema (every createClient in app/ makes one). */
export type AppSupabaseClient = SupabaseClient<Database>;
