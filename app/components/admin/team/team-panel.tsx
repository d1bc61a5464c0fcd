import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
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
  setInvitedRole,
  setMemberRole,
  type InviteOutcome,
  type TeamMember,
} from "~/lib/admin/team";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "~/lib/admin-role";
import { dataErrorOf } from "~/lib/data-result";
import { formatShortDateTime } from "~/lib/format";
import { isEmail } from "~/lib/validation";
import type { AdminPanelProps } from "../admin-view";
import { showDone } from "../admin-write";
import { roleChangeDone, roleQuestion, roleSlot, type RoleChange, type RoleQuestion } from "./role-change";

// Asked only before a change that gives or takes the most: loaded then, not with the admin
// (the alertdialog is most of a dialog library, and Equipe opens with the admin's first screen).
const ConfirmDialog = lazy(() =>
  import("~/components/ui/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

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
    mutationFn: (change: RoleChange) =>
      change.target === "invitation"
        ? setInvitedRole(client, change.userId, change.to)
        : setMemberRole(client, change.userId, change.to),
    onSuccess: (_data, change) => showDone(roleChangeDone(copy, change)),
    onError: (error) => {
      const failure = dataErrorOf(error);
      const lastAdmin = failure.code === "P0001" || /last admin/i.test(failure.message);
      const description = lastAdmin
        ? copy.toasts.lastAdmin
        : failure.code === "P0002"
          ? copy.toasts.invitationClosed
          : failure.message;
      toast.error(errorTitle, { description });
    },
    onSettled: async (_data, _error, change) => {
      // Your own role: the admin gate reads it again and the views follow it (Equipe is an
      // admin's); the mutation stays pending until both lists are fresh.
      if (change.self) await queryClient.invalidateQueries({ queryKey: adminKeys.access });
      await queryClient.invalidateQueries({ queryKey: adminKeys.team });
    },
  });

  // One change at a time: a second press (a repeated Enter, say) before the screen shows the
  // first one saving is ignored.
  const applying = useRef(false);
  const apply = async (change: RoleChange): Promise<boolean | null> => {
    if (applying.current) return null;
    applying.current = true;
    try {
      await role.mutateAsync(change);
      return true;
    } catch {
      return false;
    } finally {
      applying.current = false;
    }
  };

  // team_members answers nothing to a non-admin: the role changed since the gate read it.
  const empty = members.isSuccess && members.data.length === 0;
  useEffect(() => {
    if (empty) void queryClient.invalidateQueries({ queryKey: adminKeys.access });
  }, [empty, queryClient]);

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
      ) : empty ? (
        <output className="block">{copy.empty}</output>
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
                <RoleEditor
                  member={member}
                  self={member.user_id === currentUserId}
                  copy={copy}
                  busy={role.isPending}
                  saving={role.isPending && role.variables?.userId === member.user_id}
                  onApply={apply}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/**
 * One account's role (docs/security.md "Roles"; "Sem acesso" is none): the picker only chooses,
 * so an arrow key on it changes nothing; "Salvar função" applies the choice, after a question for
 * the changes that give or take the most. Nothing is ever `disabled`, so the focus stays put
 * while a change saves: a second press then is ignored (aria-disabled says so).
 */
export function RoleEditor({
  member,
  self,
  copy,
  busy,
  saving,
  onApply,
}: {
  member: TeamMember;
  self: boolean;
  copy: Copy;
  /** A role change is saving (this account's or another's): "Salvar função" waits. */
  busy: boolean;
  /** This account's change is the one saving. */
  saving: boolean;
  /** Applies the change; false when it failed (the toast says why), null when another was saving. */
  onApply: (change: RoleChange) => Promise<boolean | null>;
}) {
  const { target, role: current } = roleSlot(member);
  // The choice not applied yet, for the role it was made against: once the list shows another
  // role (this change saved, or someone else's), the picker shows that one.
  const [draft, setDraft] = useState<{ from: StaffRole | null; to: StaffRole | null } | null>(null);
  const chosen = draft && draft.from === current ? draft.to : current;
  const [question, setQuestion] = useState<RoleQuestion | null>(null);
  // Mounted from the first question on, so that it can close (and give the focus back).
  const [everAsked, setEverAsked] = useState(false);
  const picker = useRef<HTMLSelectElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the question closes: the picker after "Cancelar", else the button.
  const answer = useRef<"cancel" | "confirm">("cancel");
  const waiting = busy || chosen === current;
  const change: RoleChange = { target, userId: member.user_id, email: member.email, self, from: current, to: chosen };

  const apply = async () => {
    // The list changed under the question (someone else's change): nothing left to apply.
    if (change.to === change.from) return;
    const ok = await onApply(change);
    // Refused (the last admin, say): the picker shows the role the account still has.
    if (ok === false) setDraft(null);
  };

  return (
    <div className="flex items-center gap-2">
      <NativeSelect
        ref={picker}
        aria-label={copy.roleLabel(member.email)}
        aria-disabled={saving || undefined}
        value={chosen ?? ""}
        onChange={(event) => {
          if (saving) return;
          const next = event.target.value;
          setDraft({ from: current, to: isStaffRole(next) ? next : null });
        }}
        className="w-40"
      >
        {[...STAFF_ROLES, ""].map((value) => (
          <option key={value} value={value}>
            {copy.roles[value as StaffRole | ""]}
          </option>
        ))}
      </NativeSelect>
      <Button
        ref={button}
        type="button"
        variant="outline"
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={waiting || undefined}
        aria-label={saving ? copy.apply.busyLabel(member.email) : copy.apply.label(member.email)}
        onClick={() => {
          if (waiting) return;
          const asked = roleQuestion(copy, change);
          if (!asked) return void apply();
          setEverAsked(true);
          setQuestion(asked);
        }}
      >
        {saving ? copy.apply.busy : copy.apply.idle}
      </Button>
      {everAsked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            question={question}
            cancel={copy.confirm.cancel}
            onAnswer={(confirmed) => {
              answer.current = confirmed ? "confirm" : "cancel";
              setQuestion(null);
              if (confirmed) void apply();
              else setDraft(null);
            }}
            onClosed={() => (answer.current === "confirm" ? button : picker).current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
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
  const [invitedRole, setInviteRole] = useState<StaffRole | "">(DEFAULT_INVITE_ROLE);
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
            onChange={(event) => setInviteRole(isStaffRole(event.target.value) ? event.target.value : "")}
          >
            {[...INVITE_ROLES, ""].map((value) => (
              <option key={value} value={value}>
                {copy.roles[value as StaffRole | ""]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" className="mt-7" busy={busy}>
        <UserPlus aria-hidden="true" />
        {busy ? copy.invite.busy : copy.invite.submit}
      </Button>
    </form>
  );
}
