import { TextField, type TextFieldProps } from "~/components/ui/text-field";
import { PASSWORD_MIN_LENGTH, type authCopy as AuthCopy } from "~/content/auth";
import { totpCodeProblem } from "~/lib/totp-code";
import { isBlank } from "~/lib/validation";

type SecretFieldProps = Omit<TextFieldProps, "input">;

/** A password: the autocomplete token tells password managers whether to fill or to suggest one. */
export function PasswordField({
  name,
  autoComplete,
  minLength,
  ...props
}: SecretFieldProps & { name: string; autoComplete: "current-password" | "new-password"; minLength?: number }) {
  return <TextField {...props} input={{ name, type: "password", autoComplete, minLength, required: true }} />;
}

/**
 * What every password field checks before the service does (docs/product.md §5): its message,
 * or undefined. The service refuses a blank password too; saying so here saves a round trip.
 */
export function passwordError(password: string, texts: typeof AuthCopy.validation): string | undefined {
  if (!password) return texts.passwordRequired;
  if (isBlank(password)) return texts.passwordBlank;
  if (password.length < PASSWORD_MIN_LENGTH) return texts.passwordTooShort;
  return undefined;
}

/**
 * The 6-digit code of an authenticator app: numeric keyboard on phones, the one-time-code
 * autofill, and room for a pasted "123 456" (app/lib/totp-code.ts normalises it before sending).
 */
export function TotpCodeField(props: SecretFieldProps) {
  return (
    <TextField
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
