import type { ReactNode } from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

/** What a field hands its control: the id the label points at and the ARIA links to its texts. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The props tying a control to its error message and hint (`${id}-erro`, `${id}-dica`), for
 * a control whose label cannot sit right above it (the post editor's tabs); `Field` uses it.
 * The error comes first, so a screen reader announces it before the hint.
 */
export function fieldControl(id: string, { error, hint }: { error?: ReactNode; hint?: ReactNode }): FieldControlProps {
  const describedBy = [error ? `${id}-erro` : "", hint ? `${id}-dica` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/** The two texts under a control: its id suffix (ARIA links point at it) and its look. */
const fieldTexts = {
  hint: { suffix: "dica", className: "text-xs text-muted-foreground" },
  error: { suffix: "erro", className: "text-sm font-medium text-destructive" },
} as const;

function FieldText({ id, kind, children }: { id: string; kind: keyof typeof fieldTexts; children?: ReactNode }) {
  const { suffix, className } = fieldTexts[kind];
  return children ? (
    <p id={`${id}-${suffix}`} className={className}>
      {children}
    </p>
  ) : null;
}

/** A field's hint, under its control. */
export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <FieldText id={id} kind="hint">
      {children}
    </FieldText>
  );
}

/** A field's error message, under its control and hint; nothing when there is no error. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <FieldText id={id} kind="error">
      {children}
    </FieldText>
  );
}

/**
 * One labelled form control (input, textarea or select, rendered by `children` with the props
 * it is given), its optional hint and its error message. The control is marked aria-invalid
 * and described by the error and hint, so screen readers announce them when it gets focus.
 * All texts come in as props.
 */
export function Field({
  id,
  label,
  mark,
  hint,
  error,
  className,
  children,
}: {
  /** The control's id. */
  id: string;
  label: ReactNode;
  /** A short note after the label, such as "(obrigatório)" or "(opcional)". */
  mark?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {mark ? <span className="ml-1 font-normal text-muted-foreground">{mark}</span> : null}
      </Label>
      {children(fieldControl(id, { error, hint }))}
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}
