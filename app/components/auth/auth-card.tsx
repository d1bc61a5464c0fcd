import type { FormEvent, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";

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

/**
 * An AuthCard that is one form: named by the card's title, the fields stacked in the content,
 * the submit button (with `busyLabel` while the request runs) and any `secondary` action stacked
 * in the footer. `ready` is false until the page can reach the backend (before hydration), and
 * keeps the submit disabled. The browser's own validation bubbles are off (noValidate): the
 * screen says the spec's pt-BR messages under the fields.
 */
export function AuthFormCard({
  texts,
  busy,
  busyLabel,
  ready = true,
  onSubmit,
  secondary,
  children,
}: {
  texts: { title: string; description: string; submit: string };
  busy: boolean;
  busyLabel: string;
  ready?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  secondary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthCard title={texts.title} description={texts.description}>
      <form noValidate onSubmit={onSubmit} aria-label={texts.title}>
        <CardContent className="flex flex-col gap-5">{children}</CardContent>
        <CardFooter className="flex-col gap-3">
          <Button type="submit" className="w-full" disabled={!ready} busy={busy}>
            {busy ? busyLabel : texts.submit}
          </Button>
          {secondary}
        </CardFooter>
      </form>
    </AuthCard>
  );
}
