import { Outlet } from "react-router";
// The whole stylesheet, after the public one (app/public.css), which leaves the admin's classes out.
import "~/app.css";

/**
 * The admin's own frame (app/content/pages.ts, `layout: "admin"`): none of the marketing site's
 * header, footer or demo section around it. The admin screen draws its own compact bar once the
 * session check allows it (app/components/admin/admin-screen.tsx); until then nothing shows.
 */
export default function AdminLayout() {
  return (
    <div className="min-h-dvh bg-background">
      <Outlet />
    </div>
  );
}
