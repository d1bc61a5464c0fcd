-- The team's roles (docs/security.md "Roles"): writers (autor), editors and salespeople
-- (vendas) beside the admins. Alone in its migration: a value added to an enum cannot be used in
-- the transaction that adds it, and 20260101001910_staff_roles.sql uses them. Portable: plain
-- PostgreSQL 15+, PGlite, hosted Supabase.
ALTER TYPE public.app_role ADD VALUE IF NOT EXISTS 'editor';
ALTER TYPE public.app_role ADD VALUE IF NOT EXISTS 'autor';
ALTER TYPE public.app_role ADD VALUE IF NOT EXISTS 'vendas';
