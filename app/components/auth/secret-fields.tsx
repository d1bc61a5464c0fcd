import type { ComponentProps, Ref } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { totpCodeProblem } from "~/lib/totp-code";

interface SecretFieldProps {
  id: string;
  /** The field's copy, as the content modules shape it. */
  texts: { label: string; hint?: string; placeholder?: string };
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  className?: string;
}

/** A labelled input for something secret, its error and hint announced with it; paste allowed. */
function SecretField({ input, ...props }: SecretFieldProps & { input: ComponentProps<typeof Input> }) {
  return (
    <Field
      id={props.id}
      label={props.texts.label}
      hint={props.texts.hint}
      error={props.error}
      className={props.className}
    >
      {(control) => (
        <Input
          {...control}
          {...input}
          ref={props.inputRef}
          placeholder={props.texts.placeholder}
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

/**
 * Checks a typed code before it is sent. When it is not six digits, says why under the field
 * (the copy's codeRequired or codeInvalid), puts focus back in the field and answers false.
 */
export function acceptTotpCode(
  code: string,
  copy: { codeRequired: string; codeInvalid: string },
  setError: (message: string) => void,
  input: HTMLInputElement | null,
): boolean {
  const problem = totpCodeProblem(code);
  if (!problem) return true;
  setError(problem === "missing" ? copy.codeRequired : copy.codeInvalid);
  input?.focus();
  return false;
}
