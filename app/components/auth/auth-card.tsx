import type { ReactNode } from "react";
import { Card, CardHeader } from "~/components/ui/card";

/**
 * The card every sign-in screen is (/auth's modes, the code step, /auth/nova-senha): its title is
 * the page's h1, with one line under it saying what to do.
 */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      {children}
    </Card>
  );
}
