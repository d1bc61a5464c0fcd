import type { ReactNode } from "react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { useFocusAfterRemoval } from "~/components/ui/use-focus-after-removal";

/**
 * One authenticator or passkey of the account: its name, when it was added, and Remover. Once it
 * has gone, the focus moves to the next one's Remover, else to `fallback` (the way to add one).
 */
export function FactorRow(props: {
  name: string;
  added: string;
  removeText: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  fallback: () => HTMLElement | null | undefined;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusAfterRemoval(ref, props.fallback);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
      <div>
        <p className="font-medium">{props.name}</p>
        <p className="text-xs text-muted-foreground">{props.added}</p>
      </div>
      <Button
        ref={ref}
        variant="outline"
        size="sm"
        aria-label={props.removeLabel}
        onClick={props.onRemove}
        data-removal-target="remove"
      >
        {props.removeText}
      </Button>
    </li>
  );
}
