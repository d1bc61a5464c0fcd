// Where the analytics script (app/enhance/analytics.ts) sends its events and where the no-script
// pixel points (app/root.tsx); the server answers both (server/analytics/routes.ts). Short, and
// neither is a word ad blockers' lists match.
export const ANALYTICS_EVENTS_PATH = "/_a";
export const ANALYTICS_PIXEL_PATH = "/_a.gif";
