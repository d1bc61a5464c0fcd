import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { TextField } from "~/components/ui/text-field";
import { Tooltip } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { authorProfileQuery, createTag, deleteTag, saveAuthorProfile, updateTag } from "~/lib/admin/authoring";
import { adminKeys } from "~/lib/admin/keys";
import { tagsQuery } from "~/lib/admin/posts";
import {
  profileProblemOf,
  tagProblemOf,
  validateProfile,
  validateTag,
  type AuthoringProblem,
  type AuthorProfileInput,
  type TagInput,
} from "~/lib/authoring";
import type { AuthorProfile, Tag } from "~/lib/blog-types";
import { dataErrorOf, errorNotice } from "~/lib/data-result";
import { slugify } from "~/lib/posts";
import type { AdminPanelProps } from "../admin-view";
import { showDone, showError } from "../admin-write";
import { RemoveButton } from "../remove-button";

type Copy = (typeof AdminCopy)["editorial"];
type Errors<K extends string> = Partial<Record<K, string>>;

/** The messages of a form's problems, in the section's words. */
function messages<K extends string>(problems: Partial<Record<K, AuthoringProblem>>, copy: Copy): Errors<K> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, copy.validation[problem as AuthoringProblem]]),
  ) as Errors<K>;
}

/**
 * The state of a form with a name and a slug: the slug follows the name (accents folded) until
 * edited by hand; a field's error clears when it changes; submitting checks every field first.
 */
function useNamedForm<T extends { name: string; slug: string }>(
  initial: T,
  slugEditedAtFirst: boolean,
  validate: (values: T) => Partial<Record<keyof T & string, AuthoringProblem>>,
  copy: Copy,
) {
  const [values, setValues] = useState<T>(initial);
  const [slugEdited, setSlugEdited] = useState(slugEditedAtFirst);
  const [errors, setErrors] = useState<Errors<keyof T & string>>({});
  const set = (key: keyof T & string, value: string) => {
    setValues((current) => ({
      ...current,
      [key]: value,
      ...(key === "name" && !slugEdited ? { slug: slugify(value) } : {}),
    }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  return {
    values,
    errors,
    setErrors,
    set,
    setSlug: (value: string) => {
      setSlugEdited(true);
      set("slug", value);
    },
    reset: (next: T) => {
      setValues(next);
      setSlugEdited(false);
    },
    submit: (onValid: (values: T) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = messages(validate(values), copy);
      setErrors(found);
      if (Object.keys(found).length === 0) onValid(values);
    },
  };
}

/**
 * "Tags e autoria" (issue #36): create, rename and delete the blog's tags, and the signed-in
 * user's author profile. The database decides who may (row-level security) and what is valid;
 * its refusals are said under the field they concern.
 */
export function EditorialPanel({ client, session, copy }: AdminPanelProps) {
  return (
    <div className="flex flex-col gap-12">
      <TagsSection client={client} copy={copy} />
      <ProfileSection client={client} userId={session.user.id} copy={copy} />
    </div>
  );
}

function TagsSection({ client, copy: adminCopy }: { client: AdminPanelProps["client"]; copy: typeof AdminCopy }) {
  const copy = adminCopy.editorial;
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQuery(client));
  const [editing, setEditing] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.tags });
  const remove = useMutation({
    mutationFn: (tag: Tag) => deleteTag(client, tag.id),
    onSuccess: () => showDone(copy.toasts.tagDeleted),
    onError: (error) => showError(errorNotice(dataErrorOf(error), { title: adminCopy.toasts.errorTitle })),
    onSettled: reload,
  });
  return (
    <section aria-labelledby="tags-titulo" className="flex flex-col gap-4">
      <div>
        <h2 id="tags-titulo" className="text-xl font-bold">
          {copy.tags.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{copy.tags.intro}</p>
      </div>
      <TagForm
        copy={copy}
        errorTitle={adminCopy.toasts.errorTitle}
        submitLabel={copy.tags.create}
        save={(input) => createTag(client, input)}
        done={copy.toasts.tagCreated}
        onSaved={reload}
      />
      {tags.isPending ? (
        <output className="block text-muted-foreground">{copy.tags.loading}</output>
      ) : tags.isError ? (
        <p role="alert">{copy.tags.failed}</p>
      ) : tags.data.length === 0 ? (
        <p className="text-muted-foreground">{copy.tags.empty}</p>
      ) : (
        <ul aria-label={copy.tags.label} className="divide-y divide-border rounded-lg border border-border">
          {tags.data.map((tag) => (
            <li key={tag.id} className="p-4">
              {editing === tag.id ? (
                <TagForm
                  copy={copy}
                  errorTitle={adminCopy.toasts.errorTitle}
                  initial={tag}
                  submitLabel={copy.tags.save}
                  save={(input) => updateTag(client, tag.id, input)}
                  done={copy.toasts.tagUpdated}
                  onSaved={() => {
                    setEditing(null);
                    return reload();
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="flex items-center justify-between gap-4">
                  <div className="min-w-0">
                    <p className="font-semibold">{tag.name}</p>
                    <p className="text-sm break-all text-muted-foreground">/blog/tag/{tag.slug}</p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Tooltip label={copy.tags.rename}>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={copy.tags.renameLabel(tag.name)}
                        onClick={() => setEditing(tag.id)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                    </Tooltip>
                    <RemoveButton
                      tooltip={copy.tags.remove}
                      label={copy.tags.removeLabel(tag.name)}
                      onClick={() => {
                        if (window.confirm(copy.tags.confirmRemove(tag.name))) remove.mutate(tag);
                      }}
                    />
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface TagFormProps {
  copy: Copy;
  errorTitle: string;
  initial?: Tag;
  submitLabel: string;
  save: (input: TagInput) => Promise<void>;
  done: { title: string; description: string };
  onSaved: () => unknown;
  onCancel?: () => void;
}

/** A tag's name, slug (following the name until edited, for a new tag) and description. */
function TagForm({ copy, errorTitle, initial, submitLabel, save, done, onSaved, onCancel }: TagFormProps) {
  const empty: TagInput = { name: "", slug: "", description: "" };
  const { values, errors, setErrors, set, setSlug, reset, submit } = useNamedForm<TagInput>(
    initial ? { name: initial.name, slug: initial.slug, description: initial.description ?? "" } : empty,
    Boolean(initial),
    validateTag,
    copy,
  );
  const descriptionId = useId();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      showDone(done);
      if (!initial) reset(empty);
      return onSaved();
    },
    onError: (error) => {
      const failure = dataErrorOf(error);
      const known = tagProblemOf(failure);
      if (known) setErrors({ [known.field]: copy.validation[known.problem] });
      showError(
        known
          ? { title: errorTitle, description: copy.validation[known.problem] }
          : errorNotice(failure, { title: errorTitle }),
      );
    },
  });
  return (
    <form noValidate onSubmit={submit((valid) => mutation.mutate(valid))} className="grid gap-4 sm:grid-cols-2">
      <TextField texts={copy.tags.name} value={values.name} onChange={(v) => set("name", v)} error={errors.name} />
      <TextField
        texts={copy.tags.slug}
        value={values.slug}
        onChange={setSlug}
        error={errors.slug}
        input={{ autoCapitalize: "none", spellCheck: false }}
      />
      <Field
        id={descriptionId}
        label={copy.tags.description.label}
        error={errors.description}
        className="sm:col-span-2"
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            className="min-h-0"
            placeholder={copy.tags.description.placeholder}
            value={values.description}
            onChange={(event) => set("description", event.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {copy.tags.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ProfileSection({
  client,
  userId,
  copy: adminCopy,
}: {
  client: AdminPanelProps["client"];
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
        <ProfileForm
          key={profile.data?.updated_at ?? "new"}
          client={client}
          userId={userId}
          profile={profile.data}
          copy={copy}
          errorTitle={adminCopy.toasts.errorTitle}
        />
      )}
    </section>
  );
}

function ProfileForm({
  client,
  userId,
  profile,
  copy,
  errorTitle,
}: {
  client: AdminPanelProps["client"];
  userId: string;
  profile: AuthorProfile | null;
  copy: Copy;
  errorTitle: string;
}) {
  const queryClient = useQueryClient();
  const { values, errors, setErrors, set, setSlug, submit } = useNamedForm<AuthorProfileInput>(
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
  const mutation = useMutation({
    mutationFn: (input: AuthorProfileInput) => saveAuthorProfile(client, userId, input, profile !== null),
    onSuccess: () => showDone(copy.toasts.profileSaved),
    onError: (error) => {
      const failure = dataErrorOf(error);
      const known = profileProblemOf(failure);
      if (known) setErrors({ [known.field]: copy.validation[known.problem] });
      showError(
        known
          ? { title: errorTitle, description: copy.validation[known.problem] }
          : errorNotice(failure, { title: errorTitle }),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.authorProfile }),
        queryClient.invalidateQueries({ queryKey: adminKeys.authors }),
      ]),
  });
  const p = copy.profile;
  return (
    <form noValidate onSubmit={submit((valid) => mutation.mutate(valid))} className="grid gap-4 sm:grid-cols-2">
      <TextField texts={p.name} value={values.name} onChange={(v) => set("name", v)} error={errors.name} />
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
      <div className="sm:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? p.busy : p.save}
        </Button>
      </div>
    </form>
  );
}
