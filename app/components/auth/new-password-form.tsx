import type { EmailOtpType, SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { CardFooter } from "~/components/ui/card";
import { AuthCard, AuthFormCard } from "./auth-card";
import type { authCopy as AuthCopy, newPasswordCopy as NewPasswordCopy } from "~/content/auth";
import { PASSWORD_MIN_LENGTH } from "~/content/auth";
import { isStaff } from "~/lib/admin-role";
import { needsSecondFactor } from "~/lib/auth-submit";
import { toDataError } from "~/lib/data-result";
import { MfaStep } from "./mfa-step";
import { PasswordField, passwordError } from "./secret-fields";

export type AccountLinkType = "recovery" | "invite";

interface Errors {
  password?: string;
  confirm?: string;
}

export interface NewPasswordFormProps {
  client: SupabaseClient | null;
  /** From the e-mailed link (server/mail/auth-templates.ts); null when the link is incomplete. */
  link: { tokenHash: string; type: AccountLinkType } | null;
  copy: typeof NewPasswordCopy;
  authCopy: typeof AuthCopy;
}

/**
 * Where the recovery and invitation e-mails lead. The link's token is spent only when the person
 * submits the new password (supabase-js `verifyOtp`), not when the page opens: mail scanners that
 * open links do not use it up. An account with two-factor sign-in passes its code in between
 * (the service asks aal2 before a password change, as GoTrue does). The password rules are
 * sign-up's.
 */
export function NewPasswordForm({ client, link, copy, authCopy }: NewPasswordFormProps) {
  const navigate = useNavigate();
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<"form" | "mfa" | "invalid">(link ? "form" : "invalid");
  const verified = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const texts = copy[link?.type ?? "recovery"];

  /** A field's message lasts until it is typed in again; a new password also ends the mismatch. */
  const typed = (field: "password" | "confirm", set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) =>
      field === "password"
        ? { ...current, password: undefined, confirm: undefined }
        : { ...current, confirm: undefined },
    );
  };
  // After a refused submission the link's card replaces the form: its action takes the focus.
  const invalidAction = useRef<HTMLAnchorElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (state === "invalid" && submitted.current) invalidAction.current?.focus();
  }, [state]);

  const validate = (): Errors => {
    const found: Errors = { password: passwordError(password, authCopy.validation) };
    if (!found.password && confirm !== password) found.confirm = copy.mismatch;
    return found;
  };

  const savePassword = async (activeClient: SupabaseClient) => {
    const { data, error } = await activeClient.auth.updateUser({ password });
    if (error) {
      const failure = toDataError(error);
      if (failure.reasons) {
        const reason = failure.reasons.includes("pwned")
          ? "common"
          : failure.reasons.includes("characters")
            ? "characters"
            : failure.reasons.includes("length")
              ? null
              : "other";
        setErrors({ password: reason ? authCopy.weakPassword[reason] : authCopy.validation.passwordTooShort });
        setState("form");
        passwordRef.current?.focus();
      } else {
        toast.error(authCopy.toasts.errorTitle, { description: authCopy.toasts.unexpected });
      }
      return;
    }
    toast.success(texts.success.title, { description: texts.success.description });
    const admin = await isStaff(activeClient, data.user.id).catch(() => false);
    navigate(admin ? "/admin" : "/", { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !client || !link) return;
    submitted.current = true;
    const found = validate();
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    setBusy(true);
    try {
      if (!verified.current) {
        const { error } = await client.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type as EmailOtpType });
        if (error) {
          setState("invalid");
          return;
        }
        verified.current = true;
      }
      if (await needsSecondFactor(client)) {
        setState("mfa");
        return;
      }
      await savePassword(client);
    } catch {
      toast.error(authCopy.toasts.errorTitle, { description: authCopy.toasts.unexpected });
    } finally {
      setBusy(false);
    }
  };

  if (state === "invalid") {
    return (
      <AuthCard title={copy.invalidLink.title} description={copy.invalidLink.description}>
        <CardFooter>
          <Button asChild className="w-full">
            <Link ref={invalidAction} to="/auth">
              {copy.invalidLink.action}
            </Link>
          </Button>
        </CardFooter>
      </AuthCard>
    );
  }

  if (state === "mfa" && client) {
    return (
      <MfaStep
        client={client}
        copy={authCopy}
        onVerified={() => void savePassword(client)}
        onCancel={async () => {
          await client.auth.signOut({ scope: "local" });
          navigate("/auth", { replace: true });
        }}
      />
    );
  }

  return (
    <AuthFormCard texts={texts} busy={busy} busyLabel={copy.busy} ready={Boolean(client)} onSubmit={onSubmit}>
      <PasswordField
        id={`${id}-password`}
        name="password"
        texts={copy.fields.password}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        error={errors.password}
        inputRef={passwordRef}
        value={password}
        onChange={typed("password", setPassword)}
      />
      <PasswordField
        id={`${id}-confirm`}
        name="confirm"
        texts={copy.fields.confirm}
        autoComplete="new-password"
        error={errors.confirm}
        inputRef={confirmRef}
        value={confirm}
        onChange={typed("confirm", setConfirm)}
      />
    </AuthFormCard>
  );
}
