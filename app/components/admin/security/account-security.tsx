import type { Factor } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { UserKey, KeyRound, LogOut, Mail, ShieldCheck, Trash2, type LucideIcon } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { adminKeys } from "~/lib/admin/keys";
import { formatShortDate } from "~/lib/format";
import type { AdminContext } from "../admin-view";
import { EmailChange } from "./email-change";
import { FactorRow } from "./factor-row";
import { Enrolment } from "./enrolment";
import { Passkeys } from "./passkeys";
import { PasswordChange } from "./password-change";
import { accountErrorText, type SecurityFormProps } from "./security-form";

/** One card of the screen: a heading (with an icon, and a status beside it), a line, its form. */
function SecuritySection({
  icon: Icon,
  title,
  description,
  status,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description: string;
  status?: ReactNode;
  children: ReactNode;
}) {
  const heading = Icon ? (
    <h3 className="flex items-center gap-2 text-lg font-semibold">
      <Icon aria-hidden="true" className="size-5" />
      {title}
    </h3>
  ) : (
    <h3 className="text-lg font-semibold">{title}</h3>
  );
  return (
    <div className="rounded-lg border border-border bg-card p-6">
      {status ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {status}
        </div>
      ) : (
        heading
      )}
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      {children}
    </div>
  );
}

/**
 * The authenticators of the account: each verified app with Remover, then the enrolment; beside
 * it, the passkeys. Either kind turns two-step sign-in on.
 */
function TwoFactor({
  client,
  copy,
  errorTitle,
  onFactorsChanged,
}: SecurityFormProps & { onFactorsChanged: () => void }) {
  const queryClient = useQueryClient();
  // Where the focus goes once the last authenticator is removed: the button that adds one.
  const startRef = useRef<HTMLButtonElement>(null);
  const factors = useQuery({
    queryKey: adminKeys.factors,
    queryFn: async () => {
      const { data, error } = await client.auth.mfa.listFactors();
      if (error) throw error;
      return data;
    },
  });
  const verified = factors.data?.totp.filter((factor) => factor.status === "verified") ?? [];
  const passkeys = factors.data?.webauthn.filter((factor) => factor.status === "verified") ?? [];
  const stale = factors.data?.all.filter((factor) => factor.status !== "verified") ?? [];

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.factors });
    onFactorsChanged();
  };

  const remove = async (factor: Factor) => {
    const question = factor.factor_type === "webauthn" ? copy.passkeys.confirmRemove : copy.twoFactor.confirmRemove;
    if (!window.confirm(question)) return;
    const { error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    if (error) {
      toast.error(errorTitle, { description: accountErrorText(error) });
      return;
    }
    // The session falls back to aal1 with its factor gone; a fresh token says so.
    await client.auth.refreshSession();
    const removed = factor.factor_type === "webauthn" ? copy.toasts.passkeyRemoved : copy.toasts.removed;
    toast.success(removed.title, { description: removed.description });
    await changed();
  };

  return (
    <>
      <SecuritySection
        icon={ShieldCheck}
        title={copy.twoFactor.title}
        description={copy.twoFactor.description}
        status={
          <span className="rounded-full bg-muted px-3 py-1 text-xs font-semibold">
            {verified.length + passkeys.length > 0 ? copy.twoFactor.on : copy.twoFactor.off}
          </span>
        }
      >
        {verified.length > 0 ? (
          <ul aria-label={copy.twoFactor.factorsLabel} className="mt-4 flex flex-col gap-2">
            {verified.map((factor) => {
              const name = factor.friendly_name || copy.twoFactor.unnamed;
              return (
                <FactorRow
                  key={factor.id}
                  name={name}
                  added={copy.twoFactor.added(formatShortDate(factor.created_at))}
                  removeLabel={copy.twoFactor.removeLabel(name)}
                  removeText={
                    <>
                      <Trash2 aria-hidden="true" />
                      {copy.twoFactor.remove}
                    </>
                  }
                  onRemove={() => void remove(factor)}
                  fallback={() => startRef.current}
                />
              );
            })}
          </ul>
        ) : null}
        <Enrolment
          client={client}
          copy={copy.twoFactor}
          errorTitle={errorTitle}
          startLabel={verified.length > 0 ? copy.twoFactor.addAnother : copy.twoFactor.start}
          stale={stale}
          startRef={startRef}
          onEnabled={async () => {
            toast.success(copy.toasts.enabled.title, { description: copy.toasts.enabled.description });
            await changed();
          }}
        />
      </SecuritySection>
      <SecuritySection icon={UserKey} title={copy.passkeys.title} description={copy.passkeys.description}>
        <Passkeys
          client={client}
          copy={copy}
          errorTitle={errorTitle}
          factors={passkeys}
          stale={stale}
          onChanged={changed}
          onRemove={remove}
        />
      </SecuritySection>
    </>
  );
}

/**
 * "Segurança da conta": two-factor sign-in with an authenticator app (supabase-js MFA: enroll,
 * challengeAndVerify, unenroll), "Alterar senha" with the current password, "Alterar e-mail"
 * (confirmed at both addresses), and "Sair de todos os dispositivos". The database enforces the
 * second factor (row-level security); this screen is how an admin turns it on. Under
 * ADMIN_REQUIRE_MFA, an admin without a factor (`mustEnrol`) is offered only the enrolment.
 */
export function SecurityPanel({
  client,
  copy: { security: copy, toasts },
  mustEnrol: required,
  onSecurityChanged,
  onSignedOutEverywhere,
}: AdminContext) {
  const errorTitle = toasts.errorTitle;

  const signOutEverywhere = async () => {
    if (!window.confirm(copy.sessions.confirm)) return;
    const { error } = await client.auth.signOut({ scope: "global" });
    if (error) toast.error(errorTitle, { description: accountErrorText(error) });
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
      <TwoFactor client={client} copy={copy} errorTitle={errorTitle} onFactorsChanged={onSecurityChanged} />
      {required ? null : (
        <>
          <SecuritySection icon={KeyRound} title={copy.password.title} description={copy.password.description}>
            <PasswordChange client={client} copy={copy} errorTitle={errorTitle} />
          </SecuritySection>
          <SecuritySection icon={Mail} title={copy.email.title} description={copy.email.description}>
            <EmailChange client={client} copy={copy} errorTitle={errorTitle} />
          </SecuritySection>
          <SecuritySection title={copy.sessions.title} description={copy.sessions.description}>
            <Button variant="outline" className="mt-4" onClick={() => void signOutEverywhere()}>
              <LogOut aria-hidden="true" />
              {copy.sessions.signOutEverywhere}
            </Button>
          </SecuritySection>
        </>
      )}
    </section>
  );
}
