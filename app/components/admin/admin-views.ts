import { ActivityPanel } from "./activity/activity-panel";
import { AnalyticsPanel } from "./analytics/analytics-panel";
import { can, type StaffRole } from "~/lib/admin-role";
import type { AdminView } from "./admin-view";
import { EditorialPanel } from "./editorial/editorial-panel";
import { ImagesPanel } from "./images/images-panel";
import { MessagesPanel, NewLeadsBadge } from "./messages/messages-panel";
import { NewPostButton, PostEditorProvider } from "./posts/post-editor";
import { PostsPanel } from "./posts/posts-panel";
import { SecurityPanel } from "./security/account-security";
import { SettingsPanel } from "./settings/settings-panel";
import { TeamPanel } from "./team/team-panel";

/**
 * The admin's views, in the order of their tabs (the first is open on arrival). A new view is
 * one entry here: its tab label comes from `adminCopy.tabs[id]`; who sees it follows the
 * capability the database asks for its data (docs/security.md "Roles").
 */
export const adminViews: readonly AdminView[] = [
  {
    id: "posts",
    capability: "can_write_posts",
    Panel: PostsPanel,
    keepMounted: true,
    HeaderAction: NewPostButton,
    Provider: PostEditorProvider,
  },
  { id: "messages", capability: "can_read_leads", Panel: MessagesPanel, keepMounted: true, Badge: NewLeadsBadge },
  // Sales see the visits and conversions; the pages and Web Vitals stay empty for them.
  { id: "analytics", capability: "can_read_conversions", Panel: AnalyticsPanel },
  { id: "images", capability: "can_write_posts", Panel: ImagesPanel, keepMounted: true },
  // Writers keep their own author profile here and read the tags; editors manage both.
  { id: "tags", capability: "can_write_posts", Panel: EditorialPanel },
  { id: "security", Panel: SecurityPanel, keepMounted: true },
  { id: "team", capability: "is_admin", Panel: TeamPanel },
  { id: "activity", capability: "is_admin", Panel: ActivityPanel },
  { id: "settings", capability: "is_admin", Panel: SettingsPanel, keepMounted: true },
];

/** The views a role sees, in tab order. */
export const viewsFor = (role: StaffRole): readonly AdminView[] =>
  adminViews.filter((view) => view.capability === undefined || can(role, view.capability));
