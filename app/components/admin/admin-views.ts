import { ActivityPanel } from "./activity/activity-panel";
import { AnalyticsPanel } from "./analytics/analytics-panel";
import type { StaffRole } from "~/lib/admin-role";
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
 * one entry here: its tab label comes from `adminCopy.tabs[id]`.
 */
const WRITERS = ["admin", "editor", "autor"] as const;
const EVERYONE = ["admin", "editor", "autor", "vendas"] as const;

export const adminViews: readonly AdminView[] = [
  {
    id: "posts",
    roles: WRITERS,
    Panel: PostsPanel,
    keepMounted: true,
    HeaderAction: NewPostButton,
    Provider: PostEditorProvider,
  },
  { id: "messages", roles: ["admin", "vendas"], Panel: MessagesPanel, keepMounted: true, Badge: NewLeadsBadge },
  // Sales see the visits and conversions; the pages and Web Vitals stay empty for them.
  { id: "analytics", roles: ["admin", "editor", "vendas"], Panel: AnalyticsPanel },
  { id: "images", roles: WRITERS, Panel: ImagesPanel, keepMounted: true },
  { id: "tags", roles: ["admin", "editor"], Panel: EditorialPanel },
  { id: "security", roles: EVERYONE, Panel: SecurityPanel, keepMounted: true },
  { id: "team", roles: ["admin"], Panel: TeamPanel },
  { id: "activity", roles: ["admin"], Panel: ActivityPanel },
  { id: "settings", roles: ["admin"], Panel: SettingsPanel, keepMounted: true },
];

/** The views a role sees, in tab order. */
export const viewsFor = (role: StaffRole): readonly AdminView[] =>
  adminViews.filter((view) => view.roles.includes(role));
