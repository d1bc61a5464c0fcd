import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { PasswordField, passwordError } from "~/components/auth/secret-fields";
import { Button } from "~/components/ui/button";
import { authCopy } from "~/content/auth";
import { toDataError } from "~/lib/data-result";
import { accountErrorText, type SecurityFormProps } from "./security-form";

interface PasswordErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

/** "Alterar senha": the current password is checked by the auth service (current_password). */
export function PasswordChange({ client, copy, errorTitle }: SecurityFormProps) {
  const id = useId();
  const [values, setValues] = useState({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const texts = copy.password;

  const validate = (): PasswordErrors => {
    const found: PasswordErrors = {};
    if (!values.current) found.current = texts.currentRequired;
    found.next = passwordError(values.next, authCopy.validation);
    if (!found.next && values.confirm !== values.next) found.confirm = texts.mismatch;
    return found;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    const first = (["current", "next", "confirm"] as const).find((field) => found[field]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    try {
      const { error } = await client.auth.updateUser({ password: values.next, current_password: values.current });
      if (!error) {
        setValues({ current: "", next: "", confirm: "" });
        toast.success(copy.toasts.passwordChanged.title, { description: copy.toasts.passwordChanged.description });
        return;
      }
      const failure = toDataError(error);
      if (error.code === "current_password_invalid" || error.code === "current_password_required") {
        setErrors({ current: error.code === "current_password_required" ? texts.currentRequired : texts.currentWrong });
        refs.current.current?.focus();
      } else if (error.code === "same_password") {
        setErrors({ next: texts.same });
        refs.next.current?.focus();
      } else if (failure.reasons) {
        const reason = failure.reasons.includes("pwned")
          ? "common"
          : failure.reasons.includes("characters")
            ? "characters"
            : "other";
        setErrors({ next: authCopy.weakPassword[reason] });
        refs.next.current?.focus();
      } else toast.error(errorTitle, { description: accountErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof PasswordErrors, label: string, autoComplete: "current-password" | "new-password") => (
    <PasswordField
      id={`${id}-${name}`}
      name={name}
      texts={{ label }}
      autoComplete={autoComplete}
      error={errors[name]}
      inputRef={refs[name]}
      value={values[name]}
      onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex max-w-sm flex-col gap-4" aria-label={texts.title}>
      {field("current", texts.current, "current-password")}
      {field("next", texts.next, "new-password")}
      {field("confirm", texts.confirm, "new-password")}
      <Button type="submit" className="self-start" busy={busy}>
        {busy ? texts.busy : texts.submit}
      </Button>
    </form>
  );
}
