import type { ComponentProps, Ref } from "react";
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

/** A labelled input for something secret, its error and hint announced with it; paste allowed. */
function SecretField({ input, ...props }: SecretFieldProps & { input: ComponentProps<typeof Input> }) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error} className={props.className}>
      {(control) => (
        <Input
          {...control}
          {...input}
          ref={props.inputRef}
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A password: the autocomplete token tells password managers whether to fill or to suggest one. */
export function PasswordField({
  name,
  autoComplete,
  minLength,
  ...props
}: SecretFieldProps & { name: string; autoComplete: "current-password" | "new-password"; minLength?: number }) {
  return <SecretField {...props} input={{ name, type: "password", autoComplete, minLength, required: true }} />;
}

/**
 * The 6-digit code of an authenticator app: numeric keyboard on phones, the one-time-code
 * autofill, and room for a pasted "123 456" (app/lib/totp-code.ts normalises it before sending).
 */
export function TotpCodeField(props: SecretFieldProps) {
  return (
    <SecretField
      {...props}
      input={{
        name: "code",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: 12,
        className: "font-mono tracking-widest",
      }}
    />
  );
}
