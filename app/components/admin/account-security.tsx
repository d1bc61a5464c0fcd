import type { Factor } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, LogOut, Mail, ShieldCheck, Trash2 } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { authCopy, PASSWORD_MIN_LENGTH } from "~/content/auth";
import { toDataError } from "~/lib/data-result";
import type { AppSupabaseClient } from "~/lib/database.types";
import { formatShortDate } from "~/lib/format";
import { normalizeTotpCode } from "~/lib/totp-code";
import { isBlank, isEmail } from "~/lib/validation";
import { PasswordField, TotpCodeField, acceptTotpCode } from "~/components/auth/secret-fields";

type Copy = (typeof AdminCopy)["security"];

export const factorKeys = { list: ["admin", "factors"] as const };
/** The signed-in user as the auth service has it now (a pending new e-mail included). */
export const accountKeys = { user: ["admin", "account-user"] as const };

export interface AccountSecurityProps {
  client: AppSupabaseClient;
  copy: Copy;
  errorTitle: string;
  /** ADMIN_REQUIRE_MFA and no factor yet: only the enrolment is offered, with the reason. */
  required: boolean;
  /** A factor was added or removed: the admin gate checks the session's level again. */
  onFactorsChanged: () => void;
  /** "Sair de todos os dispositivos" finished: this session is gone too. */
  onSignedOutEverywhere: () => void;
}

/**
 * supabase-js hands the QR code over as `data:image/svg+xml;utf-8,<svg…>` with the SVG as is;
 * its colours contain "#", which ends a URL, so the markup is percent-encoded for the image.
 */
export function qrImageSource(qrCode: string): string {
  const prefix = "data:image/svg+xml;utf-8,";
  return qrCode.startsWith(prefix) && qrCode.includes("<")
    ? prefix + encodeURIComponent(qrCode.slice(prefix.length))
    : qrCode;
}

function sectionClass() {
  return "rounded-lg border bg-card p-6";
}

/**
 * "Segurança da conta": two-factor sign-in with an authenticator app (supabase-js MFA: enroll,
 * challengeAndVerify, unenroll), "Alterar senha" with the current password, "Alterar e-mail"
 * (confirmed at both addresses), and "Sair de todos os dispositivos". The database enforces the second factor (row-level security); this screen
 * is how an admin turns it on.
 */
export function AccountSecurity({
  client,
  copy,
  errorTitle,
  required,
  onFactorsChanged,
  onSignedOutEverywhere,
}: AccountSecurityProps) {
  const queryClient = useQueryClient();
  const factors = useQuery({
    queryKey: factorKeys.list,
    queryFn: async () => {
      const { data, error } = await client.auth.mfa.listFactors();
      if (error) throw error;
      return data;
    },
  });
  const verified = factors.data?.totp.filter((factor) => factor.status === "verified") ?? [];

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: factorKeys.list });
    onFactorsChanged();
  };

  const remove = async (factor: Factor) => {
    if (!window.confirm(copy.twoFactor.confirmRemove)) return;
    const { error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    if (error) {
      toast.error(errorTitle, { description: error.message });
      return;
    }
    // The session falls back to aal1 with its factor gone; a fresh token says so.
    await client.auth.refreshSession();
    toast.success(copy.toasts.removed.title, { description: copy.toasts.removed.description });
    await changed();
  };

  const signOutEverywhere = async () => {
    if (!window.confirm(copy.sessions.confirm)) return;
    const { error } = await client.auth.signOut({ scope: "global" });
    if (error) toast.error(errorTitle, { description: error.message });
    else onSignedOutEverywhere();
  };

  return (
    <section aria-labelledby="seguranca-titulo" className="flex flex-col gap-6">
      <h2 id="seguranca-titulo" className="text-2xl font-semibold tracking-tight">
        {copy.title}
      </h2>
      {required ? (
        <output className="block rounded-md border border-primary/40 bg-primary/5 p-4 text-sm">{copy.required}</output>
      ) : null}

      <div className={sectionClass()}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck aria-hidden="true" className="size-5" />
            {copy.twoFactor.title}
          </h3>
          <span className="rounded-full bg-muted px-3 py-1 text-xs font-semibold">
            {verified.length > 0 ? copy.twoFactor.on : copy.twoFactor.off}
          </span>
        </div>
        <p className="mt-2 text-sm text-muted-foreground">{copy.twoFactor.description}</p>
        {verified.length > 0 ? (
          <ul aria-label={copy.twoFactor.factorsLabel} className="mt-4 flex flex-col gap-2">
            {verified.map((factor) => {
              const name = factor.friendly_name || copy.twoFactor.unnamed;
              return (
                <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                  <div>
                    <p className="font-medium">{name}</p>
                    <p className="text-xs text-muted-foreground">
                      {copy.twoFactor.added(formatShortDate(factor.created_at))}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={copy.twoFactor.removeLabel(name)}
                    onClick={() => void remove(factor)}
                  >
                    <Trash2 aria-hidden="true" />
                    {copy.twoFactor.remove}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <Enrolment
          client={client}
          copy={copy.twoFactor}
          errorTitle={errorTitle}
          startLabel={verified.length > 0 ? copy.twoFactor.addAnother : copy.twoFactor.start}
          stale={factors.data?.all.filter((factor) => factor.status !== "verified") ?? []}
          onEnabled={async () => {
            toast.success(copy.toasts.enabled.title, { description: copy.toasts.enabled.description });
            await changed();
          }}
        />
      </div>

      {required ? null : (
        <>
          <div className={sectionClass()}>
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <KeyRound aria-hidden="true" className="size-5" />
              {copy.password.title}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{copy.password.description}</p>
            <PasswordChange client={client} copy={copy} errorTitle={errorTitle} />
          </div>

          <div className={sectionClass()}>
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Mail aria-hidden="true" className="size-5" />
              {copy.email.title}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{copy.email.description}</p>
            <EmailChange client={client} copy={copy} errorTitle={errorTitle} />
          </div>

          <div className={sectionClass()}>
            <h3 className="text-lg font-semibold">{copy.sessions.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{copy.sessions.description}</p>
            <Button variant="outline" className="mt-4" onClick={() => void signOutEverywhere()}>
              <LogOut aria-hidden="true" />
              {copy.sessions.signOutEverywhere}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

type EnrolStage =
  { stage: "idle" } | { stage: "name" } | { stage: "verify"; factorId: string; qrCode: string; secret: string };

/** Name the device, scan the QR code (or type the key), confirm with the first code. */
function Enrolment({
  client,
  copy,
  errorTitle,
  startLabel,
  stale,
  onEnabled,
}: {
  client: AppSupabaseClient;
  copy: Copy["twoFactor"];
  errorTitle: string;
  startLabel: string;
  /** Unverified factors left by an enrolment that was abandoned: removed before a new one. */
  stale: Factor[];
  onEnabled: () => Promise<void>;
}) {
  const id = useId();
  const [stage, setStage] = useState<EnrolStage>({ stage: "idle" });
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  /** A change handler that stores the typed value and clears the message it may have answered. */
  const typing = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(undefined);
  };
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const cancel = async () => {
    if (stage.stage === "verify") await client.auth.mfa.unenroll({ factorId: stage.factorId });
    setStage({ stage: "idle" });
    setCode("");
    setError(undefined);
  };

  const submitName = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setError(copy.nameRequired);
      return nameRef.current?.focus();
    }
    setBusy(true);
    try {
      for (const factor of stale) await client.auth.mfa.unenroll({ factorId: factor.id });
      const { data, error: failure } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: name.trim() });
      if (failure) {
        if (failure.code === "mfa_factor_name_conflict") {
          setError(copy.nameTaken);
          nameRef.current?.focus();
        } else toast.error(errorTitle, { description: failure.message });
        return;
      }
      setError(undefined);
      setStage({ stage: "verify", factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
      requestAnimationFrame(() => codeRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || stage.stage !== "verify") return;
    if (!acceptTotpCode(code, copy, setError, codeRef.current)) return;
    setBusy(true);
    try {
      const { error: failure } = await client.auth.mfa.challengeAndVerify({
        factorId: stage.factorId,
        code: normalizeTotpCode(code),
      });
      if (failure) {
        if (failure.code?.startsWith("mfa_") || toDataError(failure).kind === "invalid") setError(copy.wrongCode);
        else toast.error(errorTitle, { description: failure.message });
        codeRef.current?.select();
        return;
      }
      setStage({ stage: "idle" });
      setName("");
      setCode("");
      setError(undefined);
      await onEnabled();
    } finally {
      setBusy(false);
    }
  };

  if (stage.stage === "idle") {
    return (
      <Button
        className="mt-4"
        onClick={() => {
          setStage({ stage: "name" });
          // The field appears in place of the button: focus follows it.
          requestAnimationFrame(() => nameRef.current?.focus());
        }}
      >
        {startLabel}
      </Button>
    );
  }

  if (stage.stage === "name") {
    return (
      <form noValidate onSubmit={submitName} className="mt-4 flex max-w-sm flex-col gap-4" aria-label={startLabel}>
        <TextField
          id={`${id}-name`}
          texts={copy.name}
          error={error}
          inputRef={nameRef}
          input={{ maxLength: 100 }}
          value={name}
          onChange={typing(setName)}
        />
        <StepActions busy={busy} submit={busy ? copy.busy : copy.continue} cancel={copy.cancel} onCancel={cancel} />
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submitCode} className="mt-4 flex flex-col gap-4" aria-label={startLabel}>
      <p className="text-sm">{copy.scan}</p>
      <div className="flex flex-wrap items-start gap-6">
        {/* supabase-js hands the QR code over as an SVG data URL: shown as an image, never as markup. */}
        <img
          src={qrImageSource(stage.qrCode)}
          alt={copy.qrAlt}
          width={180}
          height={180}
          className="rounded-md border bg-white p-2"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm font-medium" id={`${id}-secret-label`}>
            {copy.secretLabel}
          </p>
          <code
            aria-labelledby={`${id}-secret-label`}
            className="rounded bg-muted px-2 py-1 font-mono text-sm break-all select-all"
          >
            {stage.secret}
          </code>
        </div>
      </div>
      <TotpCodeField
        id={`${id}-code`}
        texts={copy.code}
        error={error}
        inputRef={codeRef}
        className="max-w-xs"
        value={code}
        onChange={typing(setCode)}
      />
      <StepActions busy={busy} submit={busy ? copy.busy : copy.confirm} cancel={copy.cancel} onCancel={cancel} />
    </form>
  );
}

/** An enrolment step's buttons: go on, or give up (which removes the half-made factor). */
function StepActions(props: { busy: boolean; submit: string; cancel: string; onCancel: () => Promise<void> }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={props.busy}>
        {props.submit}
      </Button>
      <Button type="button" variant="ghost" onClick={() => void props.onCancel()} disabled={props.busy}>
        {props.cancel}
      </Button>
    </div>
  );
}

interface PasswordErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

/** "Alterar senha": the current password is checked by the auth service (current_password). */
function PasswordChange({ client, copy, errorTitle }: { client: AppSupabaseClient; copy: Copy; errorTitle: string }) {
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
    if (!values.next) found.next = authCopy.validation.passwordRequired;
    else if (isBlank(values.next)) found.next = authCopy.validation.passwordBlank;
    else if (values.next.length < PASSWORD_MIN_LENGTH) found.next = authCopy.validation.passwordTooShort;
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
      } else toast.error(errorTitle, { description: error.message });
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
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? texts.busy : texts.submit}
      </Button>
    </form>
  );
}

/**
 * "Alterar e-mail": the auth service keeps the new address aside and e-mails a link to each
 * address (GoTrue's secure e-mail change); the address changes once both are opened, so the
 * current one shows until then, with the pending one beside it.
 */
function EmailChange({ client, copy, errorTitle }: { client: AppSupabaseClient; copy: Copy; errorTitle: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const texts = copy.email;
  const account = useQuery({
    queryKey: accountKeys.user,
    queryFn: async () => {
      const { data, error } = await client.auth.getUser();
      if (error) throw error;
      return data.user;
    },
  });
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const current = account.data?.email ?? "";
  const pending = account.data?.new_email;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next = value.trim().toLowerCase();
    const problem = !next
      ? texts.required
      : !isEmail(next)
        ? texts.invalid
        : next === current.toLowerCase()
          ? texts.same
          : undefined;
    setError(problem);
    if (problem) return inputRef.current?.focus();
    setBusy(true);
    try {
      const { error: failure } = await client.auth.updateUser(
        { email: next },
        { emailRedirectTo: `${window.location.origin}/admin` },
      );
      if (!failure) {
        setValue("");
        const sent = copy.toasts.emailChangeSent(current, next);
        toast.success(sent.title, { description: sent.description });
        await queryClient.invalidateQueries({ queryKey: accountKeys.user });
        return;
      }
      if (failure.code === "email_exists") setError(texts.taken);
      else if (failure.code === "over_email_send_rate_limit") setError(texts.tooSoon);
      else if (failure.code === "validation_failed") setError(texts.invalid);
      else toast.error(errorTitle, { description: failure.message });
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 flex max-w-sm flex-col gap-4">
      {current ? <p className="text-sm">{texts.current(current)}</p> : null}
      {pending ? (
        <output className="block rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
          {texts.pending(pending)}
        </output>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={texts.title}>
        <TextField
          id={`${id}-email`}
          texts={texts.field}
          error={error}
          inputRef={inputRef}
          input={{ name: "email", type: "email", inputMode: "email", autoComplete: "email", autoCapitalize: "none" }}
          value={value}
          onChange={(typed) => {
            setValue(typed);
            setError(undefined);
          }}
        />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? texts.busy : texts.submit}
        </Button>
      </form>
    </div>
  );
}
