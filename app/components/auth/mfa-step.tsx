import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { AuthFormCard } from "./auth-card";
import type { authCopy as AuthCopy } from "~/content/auth";
import { toDataError } from "~/lib/data-result";
import { normalizeTotpCode } from "~/lib/totp-code";
import { TotpCodeField, acceptTotpCode } from "./secret-fields";

export interface MfaStepProps {
  client: SupabaseClient;
  copy: typeof AuthCopy;
  /** The session is aal2 now. */
  onVerified: () => void;
  /** "Entrar com outra conta": the caller signs out. */
  onCancel: () => void;
}

/**
 * The second step of a sign-in (supabase-js MFA: challenge + verify on the user's TOTP factor).
 * The code field takes a pasted code with spaces or dashes ("123 456"); what reaches the service
 * is exactly six digits. A wrong or expired code is said under the field, which keeps focus.
 */
export function MfaStep({ client, copy, onVerified, onCancel }: MfaStepProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mfa = copy.mfa;

  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!acceptTotpCode(code, mfa, setError, inputRef.current)) return;
    setBusy(true);
    try {
      const factors = await client.auth.mfa.listFactors();
      const factor = factors.data?.totp.find((candidate) => candidate.status === "verified");
      if (!factor) throw factors.error ?? new Error("No verified TOTP factor");
      const { error: failure } = await client.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: normalizeTotpCode(code),
      });
      if (!failure) {
        onVerified();
        return;
      }
      const kind = toDataError(failure);
      if (kind.kind === "throttled") toast.error(copy.toasts.errorTitle, { description: mfa.throttled });
      else if (kind.kind === "invalid" || kind.code?.startsWith("mfa_")) setError(mfa.wrongCode);
      else toast.error(copy.toasts.errorTitle, { description: copy.toasts.unexpected });
      inputRef.current?.select();
    } catch {
      toast.error(copy.toasts.errorTitle, { description: copy.toasts.unexpected });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFormCard
      texts={mfa}
      busy={busy}
      busyLabel={copy.busy}
      onSubmit={onSubmit}
      secondary={
        <Button type="button" variant="ghost" className="w-full" onClick={onCancel} disabled={busy}>
          {mfa.cancel}
        </Button>
      }
    >
      <TotpCodeField
        texts={mfa.code}
        error={error}
        inputRef={inputRef}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
    </AuthFormCard>
  );
}
