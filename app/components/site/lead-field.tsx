import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";

export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * One labelled form control with its error message. The message is tied to the control
 * with aria-describedby and the control is marked aria-invalid, so screen readers announce
 * both when the field receives focus.
 */
export function LeadField({
  idPrefix,
  name,
  label,
  mark,
  error,
  className,
  children,
}: {
  idPrefix: string;
  name: string;
  label: string;
  /** "(obrigatório)" / "(opcional)", shown small after the label. */
  mark?: string;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-erro`;
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {mark ? <span className="ml-1 font-normal text-muted-foreground">{mark}</span> : null}
      </Label>
      <div className="mt-1.5">
        {children({
          id,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The honeypot: a text field people never see or reach (off-screen, aria-hidden, out of
 * the tab order, no autofill); naive bots fill every field and give themselves away.
 */
export function HoneypotField({ idPrefix, name, label }: { idPrefix: string; name: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      <input id={`${idPrefix}-${name}`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
