import type { Factor } from "@supabase/supabase-js";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { formatShortDate } from "~/lib/format";
import { FactorRow } from "./factor-row";
import type { SecurityFormProps } from "./security-form";

/**
 * "Chaves de acesso": the account's passkeys (WebAuthn factors), each with Remover, and a named
 * new one. supabase-js's `mfa.webauthn.register` enrols the factor, asks the browser for the
 * credential and verifies it, which also makes this session aal2.
 */
export function Passkeys({
  client,
  copy,
  errorTitle,
  factors,
  stale,
  onChanged,
  onRemove,
}: SecurityFormProps & {
  /** The verified passkeys. */
  factors: Factor[];
  /** Unverified factors left by an abandoned enrolment: removed before a new one. */
  stale: Factor[];
  onChanged: () => Promise<void>;
  onRemove: (factor: Factor) => Promise<void>;
}) {
  const id = useId();
  const texts = copy.passkeys;
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === "") {
      setError(texts.nameRequired);
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      for (const factor of stale) await client.auth.mfa.unenroll({ factorId: factor.id });
      const { error: failure } = await client.auth.mfa.webauthn.register({ friendlyName: name.trim() });
      if (failure) {
        if (failure.code === "mfa_factor_name_conflict") {
          setError(texts.nameTaken);
          nameRef.current?.focus();
        } else {
          toast.error(errorTitle, { description: texts.failed });
        }
        return;
      }
      setName("");
      setError(undefined);
      toast.success(texts.addedToast.title, { description: texts.addedToast.description });
      await onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {factors.length > 0 ? (
        <ul aria-label={texts.listLabel} className="mt-4 flex flex-col gap-2">
          {factors.map((factor) => {
            const label = factor.friendly_name || texts.unnamed;
            return (
              <FactorRow
                key={factor.id}
                name={label}
                added={texts.added(formatShortDate(factor.created_at))}
                removeLabel={texts.removeLabel(label)}
                removeText={texts.remove}
                onRemove={() => void onRemove(factor)}
                fallback={() => nameRef.current}
              />
            );
          })}
        </ul>
      ) : null}
      <form noValidate onSubmit={add} className="mt-4 flex max-w-sm flex-col gap-4" aria-label={texts.add}>
        <TextField
          id={`${id}-name`}
          texts={texts.name}
          error={error}
          inputRef={nameRef}
          input={{ maxLength: 100 }}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(undefined);
          }}
        />
        <div>
          <Button type="submit" busy={busy}>
            {busy ? texts.busy : texts.add}
          </Button>
        </div>
      </form>
    </>
  );
}
