import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { adminKeys } from "~/lib/admin/keys";
import { isEmail } from "~/lib/validation";
import { accountErrorText, type SecurityFormProps } from "./security-form";

/**
 * "Alterar e-mail": the auth service keeps the new address aside and e-mails a link to each
 * address (GoTrue's secure e-mail change); the address changes once both are opened, so the
 * current one shows until then, with the pending one beside it.
 */
export function EmailChange({ client, copy, errorTitle }: SecurityFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const texts = copy.email;
  const account = useQuery({
    queryKey: adminKeys.account,
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
        await queryClient.invalidateQueries({ queryKey: adminKeys.account });
        return;
      }
      if (failure.code === "email_exists") setError(texts.taken);
      else if (failure.code === "over_email_send_rate_limit") setError(texts.tooSoon);
      else if (failure.code === "validation_failed") setError(texts.invalid);
      else toast.error(errorTitle, { description: accountErrorText(failure) });
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
        <Button type="submit" className="self-start" busy={busy}>
          {busy ? texts.busy : texts.submit}
        </Button>
      </form>
    </div>
  );
}
