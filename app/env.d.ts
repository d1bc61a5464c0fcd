/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Canonical site origin, fixed at build time by vite.config.ts from SITE_URL. */
  readonly SITE_URL: string;
}
