import type { Factor } from "@supabase/supabase-js";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { toast } from "sonner";
import { TotpCodeField, acceptTotpCode } from "~/components/auth/secret-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { toDataError } from "~/lib/data-result";
import type { AppSupabaseClient } from "~/lib/database.types";
import { normalizeTotpCode } from "~/lib/totp-code";
import { accountErrorText } from "./security-form";

type Copy = (typeof AdminCopy)["security"]["twoFactor"];

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

type EnrolStage =
  { stage: "idle" } | { stage: "name" } | { stage: "verify"; factorId: string; qrCode: string; secret: string };

/** Name the device, scan the QR code (or type the key), confirm with the first code. */
export function Enrolment({
  client,
  copy,
  errorTitle,
  startLabel,
  stale,
  startRef,
  onEnabled,
}: {
  client: AppSupabaseClient;
  copy: Copy;
  errorTitle: string;
  startLabel: string;
  /** Unverified factors left by an enrolment that was abandoned: removed before a new one. */
  stale: Factor[];
  /** The button that starts an enrolment: the focus comes back to it when one ends. */
  startRef: RefObject<HTMLButtonElement | null>;
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

  /** Back to the start button, which replaces the form: the focus follows it, once it is shown. */
  const returnFocus = useRef(false);
  const finish = () => {
    setStage({ stage: "idle" });
    setCode("");
    setError(undefined);
    returnFocus.current = true;
  };
  useEffect(() => {
    if (stage.stage !== "idle" || !returnFocus.current) return;
    returnFocus.current = false;
    startRef.current?.focus();
  }, [stage, startRef]);

  const cancel = async () => {
    if (stage.stage === "verify") await client.auth.mfa.unenroll({ factorId: stage.factorId });
    finish();
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
        } else toast.error(errorTitle, { description: accountErrorText(failure) });
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
        else toast.error(errorTitle, { description: accountErrorText(failure) });
        codeRef.current?.select();
        return;
      }
      setName("");
      finish();
      await onEnabled();
    } finally {
      setBusy(false);
    }
  };

  if (stage.stage === "idle") {
    return (
      <Button
        ref={startRef}
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
      <AuthenticatorKey qrCode={stage.qrCode} secret={stage.secret} copy={copy} />
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

/** The new factor's QR code for the app to scan, and its key to type where scanning fails. */
function AuthenticatorKey({ qrCode, secret, copy }: { qrCode: string; secret: string; copy: Copy }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-start gap-6">
      {/* supabase-js hands the QR code over as an SVG data URL: shown as an image, never as markup. */}
      <img
        src={qrImageSource(qrCode)}
        alt={copy.qrAlt}
        width={180}
        height={180}
        className="rounded-md border border-border bg-white p-2"
      />
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm font-medium" id={`${id}-secret-label`}>
          {copy.secretLabel}
        </p>
        <code
          aria-labelledby={`${id}-secret-label`}
          className="rounded bg-muted px-2 py-1 font-mono text-sm break-all select-all"
        >
          {secret}
        </code>
      </div>
    </div>
  );
}

/** An enrolment step's buttons: go on, or give up (which removes the half-made factor). */
function StepActions(props: { busy: boolean; submit: string; cancel: string; onCancel: () => Promise<void> }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" busy={props.busy}>
        {props.submit}
      </Button>
      <Button type="button" variant="ghost" onClick={() => void props.onCancel()} busy={props.busy}>
        {props.cancel}
      </Button>
    </div>
  );
}
