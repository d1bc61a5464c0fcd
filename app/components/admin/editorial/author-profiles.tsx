import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { TextField } from "~/components/ui/text-field";
import { Tooltip } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { authorProfileQuery, authorProfilesQuery, saveAuthorProfile } from "~/lib/admin/authoring";
import { adminKeys } from "~/lib/admin/keys";
import { profileProblemOf, validateProfile, type AuthorProfileInput } from "~/lib/authoring";
import type { AuthorProfile } from "~/lib/blog-types";
import { dataErrorOf, errorNotice, screenErrorTexts, type ErrorTexts } from "~/lib/data-result";
import type { AdminPanelProps } from "../admin-view";
import { showDone, showError } from "../admin-write";
import { useNamedForm, type EditorialCopy } from "./named-form";

type Client = AdminPanelProps["client"];

/**
 * The signed-in member's own author profile: every role that writes posts keeps one (row-level
 * security lets the owner write it), created on the first save.
 */
export function OwnProfileSection({
  client,
  userId,
  copy: adminCopy,
}: {
  client: Client;
  userId: string;
  copy: typeof AdminCopy;
}) {
  const copy = adminCopy.editorial;
  const profile = useQuery(authorProfileQuery(client, userId));
  return (
    <section aria-labelledby="perfil-titulo" className="flex flex-col gap-4">
      <div>
        <h2 id="perfil-titulo" className="text-xl font-bold">
          {copy.profile.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{copy.profile.intro}</p>
      </div>
      {profile.isPending ? (
        <output className="block text-muted-foreground">{copy.profile.loading}</output>
      ) : profile.isError ? (
        <p role="alert">{copy.profile.failed}</p>
      ) : (
        // Kept mounted across saves, so the focus stays where the member left it.
        <ProfileForm
          client={client}
          userId={userId}
          profile={profile.data}
          copy={copy}
          failure={screenErrorTexts.profileWrite(adminCopy)}
          done={() => copy.toasts.profileSaved}
        />
      )}
    </section>
  );
}

/**
 * "Autores da equipe", for editors and admins: the colleagues' profiles, each corrected in place
 * with the same form. Only shown to roles the database lets write them (can_publish_posts).
 */
export function TeamProfilesSection({
  client,
  userId,
  copy: adminCopy,
}: {
  client: Client;
  userId: string;
  copy: typeof AdminCopy;
}) {
  const copy = adminCopy.editorial;
  const profiles = useQuery(authorProfilesQuery(client));
  const [editing, setEditing] = useState<string | null>(null);
  // The edit button to focus again once its form closes (a keyboard user's place in the list).
  const returnFocusTo = useRef<string | null>(null);
  const close = (colleague: string) => {
    returnFocusTo.current = colleague;
    setEditing(null);
  };
  const others = profiles.data?.filter((profile) => profile.user_id !== userId) ?? [];
  return (
    <section aria-labelledby="autores-titulo" className="flex flex-col gap-4">
      <div>
        <h2 id="autores-titulo" className="text-xl font-bold">
          {copy.authors.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{copy.authors.intro}</p>
      </div>
      {profiles.isPending ? (
        <output className="block text-muted-foreground">{copy.authors.loading}</output>
      ) : profiles.isError ? (
        <p role="alert">{copy.authors.failed}</p>
      ) : others.length === 0 ? (
        <p className="text-muted-foreground">{copy.authors.empty}</p>
      ) : (
        <ul aria-label={copy.authors.label} className="divide-y divide-border rounded-lg border border-border">
          {others.map((profile) => (
            <li key={profile.user_id} className="p-4">
              {editing === profile.user_id ? (
                <ProfileForm
                  client={client}
                  userId={profile.user_id}
                  profile={profile}
                  copy={copy}
                  failure={screenErrorTexts.profileWrite(adminCopy)}
                  done={(saved) => copy.toasts.authorSaved(saved.name.trim())}
                  label={copy.authors.formLabel(profile.name)}
                  focusFirst
                  onSaved={() => close(profile.user_id)}
                  onCancel={() => close(profile.user_id)}
                />
              ) : (
                <div className="flex items-center justify-between gap-4">
                  <div className="min-w-0">
                    <p className="font-semibold">{profile.name}</p>
                    <p className="text-sm break-all text-muted-foreground">/blog/autor/{profile.slug}</p>
                  </div>
                  <Tooltip label={copy.authors.edit}>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="shrink-0"
                      aria-label={copy.authors.editLabel(profile.name)}
                      ref={(button) => {
                        if (button && returnFocusTo.current === profile.user_id) {
                          returnFocusTo.current = null;
                          button.focus();
                        }
                      }}
                      onClick={() => setEditing(profile.user_id)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  </Tooltip>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ProfileFormProps {
  client: Client;
  /** Whose profile: the signed-in member's own, or (editors and admins) a colleague's. */
  userId: string;
  profile: AuthorProfile | null;
  copy: EditorialCopy;
  /** The section's error texts (pt-BR whatever the database says). */
  failure: ErrorTexts;
  /** The toast of a save, from what was saved. */
  done: (saved: AuthorProfileInput) => { title: string; description: string };
  /** The form's accessible name, when the page holds more than one profile form. */
  label?: string;
  /** Opened in place of a button: the name field takes the focus. */
  focusFirst?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** An author profile's name, slug (following the name until edited, for a new one), bio, photo and site. */
function ProfileForm(props: ProfileFormProps) {
  const { client, userId, profile, copy, failure, done, label, focusFirst, onSaved, onCancel } = props;
  const queryClient = useQueryClient();
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) nameRef.current?.focus();
  }, [focusFirst]);
  const { values, errors, refuse, set, setSlug, keepSlug, submit } = useNamedForm<AuthorProfileInput>(
    {
      name: profile?.name ?? "",
      slug: profile?.slug ?? "",
      bio: profile?.bio ?? "",
      avatar_url: profile?.avatar_url ?? "",
      website_url: profile?.website_url ?? "",
    },
    Boolean(profile),
    validateProfile,
    copy,
  );
  const bioId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useMutation({
    mutationFn: (input: AuthorProfileInput) => saveAuthorProfile(client, userId, input, profile !== null),
    onSuccess: (_, saved) => {
      keepSlug();
      showDone(done(saved));
      onSaved?.();
    },
    onError: (error) => {
      const refusal = dataErrorOf(error);
      const known = profileProblemOf(refusal);
      if (known) refuse(formRef.current, { [known.field]: copy.validation[known.problem] });
      showError(
        known ? { title: failure.title, description: copy.validation[known.problem] } : errorNotice(refusal, failure),
      );
    },
    onSettled: () =>
      Promise.all(
        [adminKeys.authorProfile, adminKeys.authorProfiles, adminKeys.authors].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  const p = copy.profile;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={submit((valid) => mutation.mutate(valid))}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        texts={p.name}
        value={values.name}
        onChange={(v) => set("name", v)}
        error={errors.name}
        inputRef={nameRef}
      />
      <TextField
        texts={p.slug}
        value={values.slug}
        onChange={setSlug}
        error={errors.slug}
        input={{ autoCapitalize: "none", spellCheck: false }}
      />
      <Field id={bioId} label={p.bio.label} error={errors.bio} className="sm:col-span-2">
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            placeholder={p.bio.placeholder}
            value={values.bio}
            onChange={(event) => set("bio", event.target.value)}
          />
        )}
      </Field>
      <TextField
        texts={p.avatarUrl}
        value={values.avatar_url}
        onChange={(v) => set("avatar_url", v)}
        error={errors.avatar_url}
        input={{ type: "url", inputMode: "url" }}
      />
      <TextField
        texts={p.websiteUrl}
        value={values.website_url}
        onChange={(v) => set("website_url", v)}
        error={errors.website_url}
        input={{ type: "url", inputMode: "url" }}
      />
      <div className="flex gap-2 sm:col-span-2">
        {/* Busy, not disabled, while it saves: a disabled button drops the keyboard's focus. */}
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? p.busy : p.save}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {p.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
