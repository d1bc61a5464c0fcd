import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { HiddenHeading } from "~/components/ui/hidden-heading";
import { TextField } from "~/components/ui/text-field";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { adminKeys } from "~/lib/admin/keys";
import { NativeSelect } from "~/components/ui/native-select";
import {
  DEFAULT_INVITE_ROLE,
  inviteMember,
  listTeam,
  memberStatus,
  setMemberRole,
  type InviteOutcome,
  type TeamMember,
} from "~/lib/admin/team";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "~/lib/admin-role";
import { dataErrorOf } from "~/lib/data-result";
import { formatShortDateTime } from "~/lib/format";
import { isEmail } from "~/lib/validation";
import type { AdminPanelProps } from "../admin-view";

type Copy = (typeof AdminCopy)["team"];

/**
 * "Equipe": every account with its role, last sign-in and two-factor status; invite a colleague;
 * give each account one role (docs/security.md "Roles"). The database decides (row-level
 * security, and a trigger that keeps the last admin); this screen says what it answered.
 */
export function TeamPanel({ client, session, copy: { team: copy, toasts } }: AdminPanelProps) {
  const errorTitle = toasts.errorTitle;
  const currentUserId = session.user.id;
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: adminKeys.team, queryFn: () => listTeam(client) });

  const role = useMutation({
    mutationFn: ({ member, next }: { member: TeamMember; next: StaffRole | null }) =>
      setMemberRole(client, member.user_id, next),
    onSuccess: (_data, { next }) => {
      const done = next ? copy.toasts.granted(copy.roles[next]) : copy.toasts.revoked;
      toast.success(done.title, { description: done.description });
    },
    onError: (error) => {
      const failure = dataErrorOf(error);
      const lastAdmin = failure.code === "P0001" || /last admin/i.test(failure.message);
      toast.error(errorTitle, { description: lastAdmin ? copy.toasts.lastAdmin : failure.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team }),
  });

  return (
    <section aria-labelledby="equipe-titulo" className="flex flex-col gap-6">
      <HiddenHeading id="equipe-titulo">{copy.label}</HiddenHeading>
      <InviteForm
        copy={copy}
        errorTitle={errorTitle}
        invite={(email, invitedRole) => inviteMember(session.access_token, email, invitedRole)}
        onInvited={() => queryClient.invalidateQueries({ queryKey: adminKeys.team })}
      />
      {members.isPending ? (
        <output className="block">{copy.loading}</output>
      ) : members.isError ? (
        <p role="alert">{copy.failed}</p>
      ) : (
        <DataTable
          caption={copy.label}
          columns={[copy.email, copy.role, copy.lastSignIn, copy.twoFactor, copy.actions]}
        >
          {members.data.map((member) => (
            <tr key={member.user_id} className="border-t border-border">
              <td className="p-3 whitespace-nowrap">
                {member.email}
                {member.user_id === currentUserId ? (
                  <span className="ml-1 text-muted-foreground">({copy.you})</span>
                ) : null}
              </td>
              <td className="p-3">
                {member.role && isStaffRole(member.role) ? copy.roles[member.role] : copy.member}
                <MemberStatus member={member} copy={copy} />
              </td>
              <td className="p-3">
                {member.last_sign_in_at ? formatShortDateTime(member.last_sign_in_at) : copy.never}
              </td>
              <td className="p-3">{member.mfa_enabled ? copy.mfaOn : copy.mfaOff}</td>
              <td className="p-3">
                <RolePicker
                  member={member}
                  copy={copy}
                  disabled={role.isPending}
                  onPick={(next) => {
                    // Leaving admin takes the most away: asked first, as before.
                    if (member.role === "admin" && !window.confirm(copy.confirmRevoke(member.email))) return;
                    role.mutate({ member, next });
                  }}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** One role per account: the picker of docs/security.md "Roles" ("Sem acesso" is none). */
function RolePicker({
  member,
  copy,
  disabled,
  onPick,
}: {
  member: TeamMember;
  copy: Copy;
  disabled: boolean;
  onPick: (role: StaffRole | null) => void;
}) {
  const current = member.role && isStaffRole(member.role) ? member.role : "";
  return (
    <NativeSelect
      aria-label={copy.roleLabel(member.email)}
      value={current}
      disabled={disabled}
      onChange={(event) => {
        const next = event.target.value;
        if (next !== current) onPick(isStaffRole(next) ? next : null);
      }}
    >
      {[...STAFF_ROLES, ""].map((value) => (
        <option key={value} value={value}>
          {copy.roles[value as StaffRole | ""]}
        </option>
      ))}
    </NativeSelect>
  );
}

const STATUS_TEXT = { "invite-accepted": "accepted", "invite-pending": "pending", unconfirmed: "unconfirmed" } as const;

function MemberStatus({ member, copy }: { member: TeamMember; copy: Copy }) {
  const status = memberStatus(member);
  if (!status) return null;
  // NULL unless an open invitation gives a role: the generated types cannot say so.
  const invitedRole: string | null = member.invited_role;
  const invitedAs =
    status === "invite-pending" && isStaffRole(invitedRole) ? ` · ${copy.invitedAs(copy.roles[invitedRole])}` : "";
  return (
    <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs">
      {copy[STATUS_TEXT[status]]}
      {invitedAs}
    </span>
  );
}

/** The invitation's roles, least access first after the default (docs/admin.md "Equipe"). */
const INVITE_ROLES: readonly StaffRole[] = ["autor", "vendas", "editor", "admin"];

function InviteForm({
  copy,
  errorTitle,
  invite,
  onInvited,
}: {
  copy: Copy;
  errorTitle: string;
  invite: (email: string, role: StaffRole | null) => Promise<InviteOutcome>;
  onInvited: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [invitedRole, setInvitedRole] = useState<StaffRole | "">(DEFAULT_INVITE_ROLE);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const problem = !address ? copy.invite.required : !isEmail(address) ? copy.invite.invalid : undefined;
    setError(problem);
    if (problem) return inputRef.current?.focus();
    setBusy(true);
    try {
      const outcome = await invite(address, invitedRole || null).catch(() => "failed" as const);
      if (outcome === "invited") {
        const done = copy.toasts.invited(address);
        toast.success(done.title, { description: done.description });
        setEmail("");
        onInvited();
      } else if (outcome === "already-registered") setError(copy.toasts.alreadyRegistered);
      else if (outcome === "invalid-email") setError(copy.invite.invalid);
      else toast.error(errorTitle, { description: copy.toasts.inviteFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={copy.invite.title}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-border bg-card p-4"
    >
      <TextField
        id={`${id}-email`}
        texts={copy.invite}
        error={error}
        className="min-w-64 flex-1"
        inputRef={inputRef}
        input={{ type: "email", inputMode: "email", autoComplete: "off" }}
        value={email}
        onChange={(value) => {
          setEmail(value);
          setError(undefined);
        }}
      />
      <Field id={`${id}-role`} label={copy.invite.role} hint={copy.invite.roleHint} className="w-56">
        {(control) => (
          <NativeSelect
            {...control}
            value={invitedRole}
            onChange={(event) => setInvitedRole(isStaffRole(event.target.value) ? event.target.value : "")}
          >
            {[...INVITE_ROLES, ""].map((value) => (
              <option key={value} value={value}>
                {copy.roles[value as StaffRole | ""]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" className="mt-7" disabled={busy}>
        <UserPlus aria-hidden="true" />
        {busy ? copy.invite.busy : copy.invite.submit}
      </Button>
    </form>
  );
}
