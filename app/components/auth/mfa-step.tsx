import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { CardContent, CardFooter } from "~/components/ui/card";
import { AuthCard, AuthFormCard } from "./auth-card";
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

/** The user's verified factors, by kind: a passkey is offered first, the code beside it. */
interface Factors {
  passkey?: string;
  totp?: string;
}

/**
 * The second step of a sign-in. With a passkey (a verified WebAuthn factor) it is offered first:
 * supabase-js's `mfa.webauthn.authenticate` asks the browser and verifies. Otherwise, or on
 * request, the code of the TOTP factor (challenge + verify). The code field takes a pasted code
 * with spaces or dashes ("123 456"); what reaches the service is exactly six digits. A wrong or
 * expired code is said under the field, which keeps focus.
 */
export function MfaStep({ client, copy, onVerified, onCancel }: MfaStepProps) {
  const [factors, setFactors] = useState<Factors | null>(null);
  const [mode, setMode] = useState<"passkey" | "code">("code");

  useEffect(() => {
    let live = true;
    void client.auth.mfa.listFactors().then(({ data }) => {
      if (!live) return;
      const passkey = data?.webauthn.find((factor) => factor.status === "verified")?.id;
      const totp = data?.totp.find((factor) => factor.status === "verified")?.id;
      setFactors({ passkey, totp });
      setMode(passkey ? "passkey" : "code");
    });
    return () => {
      live = false;
    };
  }, [client]);

  // Until the factors are known: the card, waiting, so the passkey does not replace a code form.
  if (factors === null) {
    return (
      <AuthCard title={copy.mfa.title} description={copy.busy}>
        {null}
      </AuthCard>
    );
  }
  if (mode === "passkey" && factors.passkey) {
    return (
      <PasskeyStep
        client={client}
        copy={copy}
        factorId={factors.passkey}
        onUseCode={factors.totp ? () => setMode("code") : undefined}
        onVerified={onVerified}
        onCancel={onCancel}
      />
    );
  }
  return (
    <CodeStep
      client={client}
      copy={copy}
      factorId={factors.totp}
      onUsePasskey={factors.passkey ? () => setMode("passkey") : undefined}
      onVerified={onVerified}
      onCancel={onCancel}
    />
  );
}

/** "Usar chave de acesso": one button, a failure said in the card, the code as the other way. */
function PasskeyStep({
  client,
  copy,
  factorId,
  onUseCode,
  onVerified,
  onCancel,
}: MfaStepProps & { factorId: string; onUseCode?: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const texts = copy.mfa.passkey;
  const failed = onUseCode ? texts.failedOrCode : texts.failed;
  // The step's one action has the focus from the start, and keeps it through a failed attempt
  // (a disabled button would drop it to the page).
  const useButton = useRef<HTMLButtonElement>(null);
  useEffect(() => useButton.current?.focus(), []);

  const use = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const { error: failure } = await client.auth.mfa.webauthn.authenticate({ factorId });
      if (!failure) {
        onVerified();
        return;
      }
      if (toDataError(failure).kind === "throttled") setError(copy.mfa.throttled);
      else setError(failed);
    } catch {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={copy.mfa.title} description={texts.description}>
      {error ? (
        <CardContent>
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        </CardContent>
      ) : null}
      <CardFooter className="flex-col gap-3">
        <Button ref={useButton} type="button" className="w-full" busy={busy} onClick={() => void use()}>
          {busy ? copy.busy : texts.use}
        </Button>
        {onUseCode ? (
          <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={onUseCode}>
            {texts.useCode}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" className="w-full" onClick={onCancel} disabled={busy}>
          {copy.mfa.cancel}
        </Button>
      </CardFooter>
    </AuthCard>
  );
}

function CodeStep({
  client,
  copy,
  factorId,
  onUsePasskey,
  onVerified,
  onCancel,
}: MfaStepProps & { factorId?: string; onUsePasskey?: () => void }) {
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
      if (!factorId) throw new Error("No verified TOTP factor");
      const { error: failure } = await client.auth.mfa.challengeAndVerify({
        factorId,
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
        <>
          {onUsePasskey ? (
            <Button type="button" variant="outline" className="w-full" onClick={onUsePasskey} disabled={busy}>
              {mfa.passkey.use}
            </Button>
          ) : null}
          <Button type="button" variant="ghost" className="w-full" onClick={onCancel} disabled={busy}>
            {mfa.cancel}
          </Button>
        </>
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
