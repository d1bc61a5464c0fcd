import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { AuthFormCard } from "./auth-card";
import type { authCopy as AuthCopy } from "~/content/auth";
import { PASSWORD_MIN_LENGTH } from "~/content/auth";
import { isAdmin } from "~/lib/admin-role";
import { needsSecondFactor, requestRecovery, submitCredentials } from "~/lib/auth-submit";
import { errorNotice, screenErrorTexts } from "~/lib/data-result";
import { safeNextPath } from "~/lib/safe-next";
import { useAuthSession } from "~/lib/use-auth-session";
import { isBlank, isEmail } from "~/lib/validation";
import { MfaStep } from "./mfa-step";
import { PasswordField } from "./secret-fields";

type Mode = "login" | "signup" | "recover";
type FieldName = "email" | "password";
type Errors = Partial<Record<FieldName, string>>;

export interface AuthFormProps {
  client: SupabaseClient | null;
  copy: typeof AuthCopy;
}

function validate(email: string, password: string, copy: typeof AuthCopy, mode: Mode): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = copy.validation.emailRequired;
  else if (!isEmail(email)) errors.email = copy.validation.emailInvalid;
  if (mode === "recover") return errors;
  if (!password) errors.password = copy.validation.passwordRequired;
  // The service refuses a blank password too; saying so here saves a round trip.
  else if (isBlank(password)) errors.password = copy.validation.passwordBlank;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = copy.validation.passwordTooShort;
  return errors;
}

/**
 * The sign-in / sign-up card of docs/product.md §2, with "Esqueci minha senha" and, for an account
 * with two-factor sign-in, the code step (./mfa-step.tsx) between the password and the
 * destination. Validation is ours (pt-BR messages, noValidate) and runs on submit, then live
 * once the user has tried. Autocomplete tokens let password managers fill both modes; the
 * inputs accept paste.
 */
export function AuthForm({ client, copy }: AuthFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useAuthSession(client);
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  // After a sign-up that waits for its e-mailed link: what to do next, shown in the card.
  const [confirmNotice, setConfirmNotice] = useState<string | undefined>();
  // The code step: after a correct password for an account with a verified factor, or when a
  // session that still needs its second factor comes back to this screen (from /admin).
  const [step, setStep] = useState<"credentials" | "mfa">("credentials");
  // Set while this screen signs someone in, so the "already signed in" redirect below does
  // not race the post-sign-in destination.
  const signingIn = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const modeCopy = copy[mode];

  useEffect(() => {
    if (!client || session.status !== "ready" || !session.session || signingIn.current) return;
    let cancelled = false;
    needsSecondFactor(client).then(
      (needed) => {
        if (cancelled) return;
        if (needed) setStep("mfa");
        // docs/product.md §2: a signed-in visitor of this screen goes to /.
        else navigate("/", { replace: true });
      },
      () => !cancelled && navigate("/", { replace: true }),
    );
    return () => {
      cancelled = true;
    };
    // Only when the signed-in user changes, not on every token refresh.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [client, session.status === "ready" ? session.session?.user.id : undefined]);

  const destination = async (userId: string): Promise<string> => {
    const next = safeNextPath(searchParams.get("next"));
    if (next) return next;
    if (!client) return "/";
    try {
      return (await isAdmin(client, userId)) ? "/admin" : "/";
    } catch {
      return "/";
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !client) return;
    setAttempted(true);
    const found = validate(email, password, copy, mode);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    setBusy(true);
    setConfirmNotice(undefined);
    if (mode === "recover") {
      const outcome = await requestRecovery(client, email.trim(), `${window.location.origin}/auth/nova-senha`);
      setBusy(false);
      if (outcome.status === "sent") {
        toast.success(copy.recover.sent.title, { description: copy.recover.sent.description });
        switchMode("login");
      } else {
        const description = outcome.status === "throttled" ? copy.recover.throttled : copy.toasts.unexpected;
        toast.error(copy.toasts.errorTitle, { description });
      }
      return;
    }
    signingIn.current = true;
    const outcome = await submitCredentials(
      client,
      mode,
      { email: email.trim(), password },
      `${window.location.origin}/`,
    );
    if (outcome.status === "signed-in") {
      if (mode === "login" && (await needsSecondFactor(client).catch(() => false))) {
        setBusy(false);
        setStep("mfa");
        return;
      }
      const toastCopy = mode === "login" ? copy.toasts.loginSuccess : copy.toasts.signupSuccess;
      toast.success(toastCopy.title, { description: toastCopy.description });
      navigate(await destination(outcome.userId), { replace: true });
      setBusy(false);
      return;
    }
    signingIn.current = false;
    setBusy(false);
    if (outcome.status === "weak-password") {
      // About the field, so said under it (and read out through aria-describedby); the next
      // keystroke revalidates with the local rules and clears it.
      const message =
        outcome.reason === "length" ? copy.validation.passwordTooShort : copy.weakPassword[outcome.reason];
      setErrors({ password: message });
      passwordRef.current?.focus();
    } else if (outcome.status === "confirm-email") {
      // A mail server is configured: the account exists, signing in comes after its link.
      toast.success(copy.confirmEmail.toast.title, { description: copy.confirmEmail.toast.description });
      setConfirmNotice(copy.confirmEmail.notice(email.trim()));
      setMode("login");
      setPassword("");
    } else if (outcome.status === "service-error" && outcome.error.code === "email_not_confirmed") {
      toast.error(copy.toasts.errorTitle, { description: copy.toasts.emailNotConfirmed });
    } else {
      // Throttled, the service's own message, or an unexpected failure: one policy decides.
      const notice = errorNotice(outcome.error, screenErrorTexts.auth(copy, mode));
      if (notice) toast.error(notice.title, { description: notice.description });
    }
  };

  const switchMode = (next: Mode = mode === "login" ? "signup" : "login") => {
    setMode(next);
    setConfirmNotice(undefined);
    setErrors({});
    setAttempted(false);
  };

  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (attempted) setErrors(validate(nextEmail, nextPassword, copy, mode));
  };

  if (step === "mfa" && client) {
    return (
      <MfaStep
        client={client}
        copy={copy}
        onVerified={async () => {
          toast.success(copy.toasts.loginSuccess.title, { description: copy.toasts.loginSuccess.description });
          const { data } = await client.auth.getSession();
          navigate(await destination(data.session?.user.id ?? ""), { replace: true });
        }}
        onCancel={async () => {
          await client.auth.signOut({ scope: "local" });
          signingIn.current = false;
          setPassword("");
          setStep("credentials");
        }}
      />
    );
  }

  return (
    <AuthFormCard
      texts={modeCopy}
      busy={busy}
      busyLabel={copy.busy}
      ready={Boolean(client)}
      onSubmit={onSubmit}
      secondary={
        <Button
          type="button"
          variant="ghost"
          className="w-full"
          onClick={() => switchMode(mode === "recover" ? "login" : undefined)}
          disabled={busy}
        >
          {modeCopy.switchMode}
        </Button>
      }
    >
      {confirmNotice ? (
        <output className="block rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">{confirmNotice}</output>
      ) : null}
      <TextField
        id={`${id}-email`}
        texts={copy.fields.email}
        error={errors.email}
        inputRef={emailRef}
        input={{
          name: "email",
          type: "email",
          inputMode: "email",
          autoComplete: "email",
          autoCapitalize: "none",
          spellCheck: false,
          required: true,
        }}
        value={email}
        onChange={(value) => {
          setEmail(value);
          revalidate(value, password);
        }}
      />
      {mode === "recover" ? null : (
        <PasswordField
          id={`${id}-password`}
          name="password"
          texts={copy.fields.password}
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.password}
          inputRef={passwordRef}
          value={password}
          onChange={(value) => {
            setPassword(value);
            revalidate(email, value);
          }}
        />
      )}
      {mode === "login" ? (
        <button
          type="button"
          className="self-start text-sm text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => switchMode("recover")}
          disabled={busy}
        >
          {copy.recover.link}
        </button>
      ) : null}
    </AuthFormCard>
  );
}
