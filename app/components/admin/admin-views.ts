import { ActivityPanel } from "./activity/activity-panel";
import { AnalyticsPanel } from "./analytics/analytics-panel";
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
export const adminViews: readonly AdminView[] = [
  { id: "posts", Panel: PostsPanel, keepMounted: true, HeaderAction: NewPostButton, Provider: PostEditorProvider },
  { id: "messages", Panel: MessagesPanel, keepMounted: true, Badge: NewLeadsBadge },
  { id: "analytics", Panel: AnalyticsPanel },
  { id: "images", Panel: ImagesPanel, keepMounted: true },
  { id: "tags", Panel: EditorialPanel },
  { id: "security", Panel: SecurityPanel, keepMounted: true },
  { id: "team", Panel: TeamPanel },
  { id: "activity", Panel: ActivityPanel },
  { id: "settings", Panel: SettingsPanel, keepMounted: true },
];
