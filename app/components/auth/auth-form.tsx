import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { AuthFormCard } from "./auth-card";
import type { authCopy as AuthCopy } from "~/content/auth";
import { PASSWORD_MIN_LENGTH } from "~/content/auth";
import { isStaff } from "~/lib/admin-role";
import { needsSecondFactor, requestRecovery, submitCredentials, type AuthOutcome } from "~/lib/auth-submit";
import { errorNotice, screenErrorTexts } from "~/lib/data-result";
import { safeNextPath } from "~/lib/safe-next";
import { signInReason, type SignedOutReason } from "~/lib/session-ended";
import { useAuthSession } from "~/lib/use-auth-session";
import { isEmail } from "~/lib/validation";
import type { SsoProvider } from "~/lib/sso";
import { MfaStep } from "./mfa-step";
import { SsoButtons, useSsoReturn } from "./sso-buttons";
import { PasswordField, passwordError } from "./secret-fields";

type Mode = "login" | "signup" | "recover";
type FieldName = "email" | "password";
type Errors = Partial<Record<FieldName, string>>;

export interface AuthFormProps {
  client: SupabaseClient | null;
  copy: typeof AuthCopy;
  /** The company sign-in providers the server has configured ("Entrar com Google"). */
  ssoProviders?: readonly SsoProvider[];
}

function validate(email: string, password: string, copy: typeof AuthCopy, mode: Mode): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = copy.validation.emailRequired;
  else if (!isEmail(email)) errors.email = copy.validation.emailInvalid;
  if (mode !== "recover") errors.password = passwordError(password, copy.validation);
  return errors;
}

/**
 * The card's fields and mode: validation runs on submit, then live once the user has tried.
 * It outlives the code step, so "Entrar com outra conta" comes back to the e-mail typed.
 */
function useCredentials(copy: typeof AuthCopy) {
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  // After a sign-up that waits for its e-mailed link: what to do next, shown in the card.
  const [confirmNotice, setConfirmNotice] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  /** On submit: says what is missing and focuses it, or answers true. */
  const check = () => {
    setAttempted(true);
    const found = validate(email, password, copy, mode);
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    return !found.email && !found.password;
  };
  const switchMode = (next: Mode = mode === "login" ? "signup" : "login") => {
    setMode(next);
    setConfirmNotice(undefined);
    setErrors({});
    setAttempted(false);
  };
  const type = (nextEmail: string, nextPassword: string) => {
    setEmail(nextEmail);
    setPassword(nextPassword);
    if (attempted) setErrors(validate(nextEmail, nextPassword, copy, mode));
  };
  /** The service refused the new password: said under the field until the next keystroke. */
  const refusePassword = (message: string) => {
    setErrors({ password: message });
    passwordRef.current?.focus();
  };
  /** Signed up, waiting for the e-mailed link: back to login, with what to do next. */
  const awaitConfirmation = () => {
    setConfirmNotice(copy.confirmEmail.notice(email.trim()));
    setMode("login");
    setPassword("");
  };
  return {
    mode,
    email,
    password,
    errors,
    confirmNotice,
    emailRef,
    passwordRef,
    check,
    switchMode,
    type,
    refusePassword,
    awaitConfirmation,
    setConfirmNotice,
    setPassword,
  };
}
type Credentials = ReturnType<typeof useCredentials>;

/**
 * A signed-in visitor of this screen goes to / (docs/product.md §2), unless the session still
 * needs its second factor (it came back from /admin): then the code step. Not while this screen
 * signs someone in, so the redirect does not race the post-sign-in destination. An account the
 * admin sent here for lacking a staff role is told why on the way (`leaving`).
 */
function useSignedInRedirect(
  client: SupabaseClient | null,
  signingIn: RefObject<boolean>,
  askCode: () => void,
  /** Back from a company sign-in: signed in by this screen, so its destination, not /. */
  arrive: ((userId: string) => void) | null,
  leaving: () => void,
) {
  const navigate = useNavigate();
  const session = useAuthSession(client);
  useEffect(() => {
    if (!client || session.status !== "ready" || !session.session || signingIn.current) return;
    let cancelled = false;
    // The session this tab holds may be one the server has ended (signed out in another tab or
    // device while a token refresh was under way): asked first, such a one is dropped here and the
    // form stays, instead of sending someone who must sign in again to the home page.
    const leaveIfStillSignedIn = async () => {
      const { error } = await client.auth.getUser();
      if (cancelled) return;
      if (error) {
        await client.auth.signOut({ scope: "local" });
        return;
      }
      leaving();
      navigate("/", { replace: true });
    };
    needsSecondFactor(client).then(
      (needed) => {
        if (cancelled) return;
        if (needed) askCode();
        else if (arrive) arrive(session.session?.user.id ?? "");
        else void leaveIfStillSignedIn();
      },
      () => !cancelled && navigate("/", { replace: true }),
    );
    return () => {
      cancelled = true;
    };
    // Only when the signed-in user changes, not on every token refresh.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [client, session.status === "ready" ? session.session?.user.id : undefined]);
}

/** Where a signed-in user goes: the `next` the screen was opened with, else /admin for an admin. */
function useDestination(client: SupabaseClient | null) {
  const [searchParams] = useSearchParams();
  return async (userId: string): Promise<string> => {
    const next = safeNextPath(searchParams.get("next"));
    if (next) return next;
    if (!client) return "/";
    try {
      return (await isStaff(client, userId)) ? "/admin" : "/";
    } catch {
      return "/";
    }
  };
}

/** A refused sign-in or sign-up, said where docs/product.md §8 says. */
function showRefusal(
  outcome: Exclude<AuthOutcome, { status: "signed-in" }>,
  mode: "login" | "signup",
  form: Credentials,
  copy: typeof AuthCopy,
) {
  if (outcome.status === "weak-password") {
    // About the field, so said under it (and read out through aria-describedby).
    form.refusePassword(
      outcome.reason === "length" ? copy.validation.passwordTooShort : copy.weakPassword[outcome.reason],
    );
  } else if (outcome.status === "confirm-email") {
    // A mail server is configured: the account exists, signing in comes after its link.
    toast.success(copy.confirmEmail.toast.title, { description: copy.confirmEmail.toast.description });
    form.awaitConfirmation();
  } else if (outcome.status === "service-error" && outcome.error.code === "email_not_confirmed") {
    toast.error(copy.toasts.errorTitle, { description: copy.toasts.emailNotConfirmed });
  } else {
    // Throttled, the service's own message, or an unexpected failure: one policy decides.
    const notice = errorNotice(outcome.error, screenErrorTexts.auth(copy, mode));
    if (notice) toast.error(notice.title, { description: notice.description });
  }
}

/**
 * The sign-in / sign-up card of docs/product.md §2, with "Esqueci minha senha" and, for an account
 * with two-factor sign-in, the code step (./mfa-step.tsx) between the password and the
 * destination. Validation is ours (pt-BR messages, noValidate). Autocomplete tokens let password
 * managers fill both modes; the inputs accept paste.
 */
export function AuthForm({ client, copy, ssoProviders = [] }: AuthFormProps) {
  const navigate = useNavigate();
  const form = useCredentials(copy);
  const destination = useDestination(client);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<"credentials" | "mfa">("credentials");
  const signingIn = useRef(false);
  const ssoReturn = useSsoReturn(copy);
  const [searchParams] = useSearchParams();
  const reason = signInReason(searchParams);
  useSignedInRedirect(
    client,
    signingIn,
    () => setStep("mfa"),
    ssoReturn
      ? async (userId) => {
          toast.success(copy.toasts.loginSuccess.title, { description: copy.toasts.loginSuccess.description });
          navigate(await destination(userId), { replace: true });
        }
      : null,
    () => {
      if (reason === "no-access") toast.error(copy.noAccess.title, { description: copy.noAccess.description });
    },
  );

  const recover = async (activeClient: SupabaseClient) => {
    const outcome = await requestRecovery(activeClient, form.email.trim(), `${window.location.origin}/auth/nova-senha`);
    setBusy(false);
    if (outcome.status === "sent") {
      toast.success(copy.recover.sent.title, { description: copy.recover.sent.description });
      form.switchMode("login");
    } else {
      const description = outcome.status === "throttled" ? copy.recover.throttled : copy.toasts.unexpected;
      toast.error(copy.toasts.errorTitle, { description });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !client || !form.check()) return;
    setBusy(true);
    form.setConfirmNotice(undefined);
    if (form.mode === "recover") return recover(client);
    const mode = form.mode;
    signingIn.current = true;
    const credentials = { email: form.email.trim(), password: form.password };
    const outcome = await submitCredentials(client, mode, credentials, `${window.location.origin}/`);
    if (outcome.status === "signed-in") {
      if (mode === "login" && (await needsSecondFactor(client).catch(() => false))) {
        setBusy(false);
        setStep("mfa");
        return;
      }
      const done = mode === "login" ? copy.toasts.loginSuccess : copy.toasts.signupSuccess;
      toast.success(done.title, { description: done.description });
      navigate(await destination(outcome.userId), { replace: true });
      setBusy(false);
      return;
    }
    signingIn.current = false;
    setBusy(false);
    showRefusal(outcome, mode, form, copy);
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
          form.setPassword("");
          setStep("credentials");
        }}
      />
    );
  }
  return (
    <CredentialsCard
      form={form}
      copy={copy}
      busy={busy}
      ready={Boolean(client)}
      reason={reason === "no-access" ? null : reason}
      onSubmit={onSubmit}
      sso={<SsoButtons client={client} providers={ssoProviders} copy={copy} disabled={busy} />}
    />
  );
}

/** The card of the current mode: e-mail, password (not to recover), and the links between modes. */
function CredentialsCard({
  form,
  copy,
  busy,
  sso,
  reason,
  ...card
}: {
  form: Credentials;
  copy: typeof AuthCopy;
  busy: boolean;
  /** Why the admin sent the person here (a session ended mid-work…): said above the fields. */
  reason: SignedOutReason | null;
  /** The company sign-in buttons, offered in login mode. */
  sso: ReactNode;
  /** False until the page can reach the backend (before hydration). */
  ready: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const id = useId();
  const { mode, email, password, errors } = form;
  const modeCopy = copy[mode];
  return (
    <AuthFormCard
      {...card}
      texts={modeCopy}
      busy={busy}
      busyLabel={copy.busy}
      secondary={
        <>
          {mode === "login" ? sso : null}
          <Button
            type="button"
            variant="ghost"
            className="w-full"
            onClick={() => form.switchMode(mode === "recover" ? "login" : undefined)}
            disabled={busy}
          >
            {modeCopy.switchMode}
          </Button>
        </>
      }
    >
      {form.confirmNotice || (reason && mode === "login") ? (
        <output className="block rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
          {form.confirmNotice ?? (reason ? copy.reasons[reason] : null)}
        </output>
      ) : null}
      <TextField
        id={`${id}-email`}
        texts={copy.fields.email}
        error={errors.email}
        inputRef={form.emailRef}
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
        onChange={(value) => form.type(value, password)}
      />
      {mode === "recover" ? null : (
        <PasswordField
          id={`${id}-password`}
          name="password"
          texts={copy.fields.password}
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.password}
          inputRef={form.passwordRef}
          value={password}
          onChange={(value) => form.type(email, value)}
        />
      )}
      {mode === "login" ? (
        <button
          type="button"
          className="self-start text-sm text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => {
            form.switchMode("recover");
            // The link goes with the login card: the e-mail field, which stays, takes the focus.
            requestAnimationFrame(() => form.emailRef.current?.focus());
          }}
          disabled={busy}
        >
          {copy.recover.link}
        </button>
      ) : null}
    </AuthFormCard>
  );
}
