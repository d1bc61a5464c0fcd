import type { Ref } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

interface SecretFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  hint?: string;
  placeholder?: string;
  className?: string;
}

/** A labelled password input: its error and hint announced with it, paste allowed. */
export function PasswordField({
  name,
  autoComplete,
  minLength,
  ...props
}: SecretFieldProps & { name: string; autoComplete: "current-password" | "new-password"; minLength?: number }) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error} className={props.className}>
      {(control) => (
        <Input
          {...control}
          ref={props.inputRef}
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={minLength}
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * The 6-digit code of an authenticator app: numeric keyboard on phones, the one-time-code
 * autofill, and room for a pasted "123 456" (app/lib/totp-code.ts normalises it before sending).
 */
export function TotpCodeField(props: SecretFieldProps) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error} className={props.className}>
      {(control) => (
        <Input
          {...control}
          ref={props.inputRef}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          className="font-mono tracking-widest"
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
