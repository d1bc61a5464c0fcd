import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { TextField } from "~/components/ui/text-field";
import { Tooltip } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { can } from "~/lib/admin-role";
import { createTag, deleteTag, updateTag } from "~/lib/admin/authoring";
import { adminKeys } from "~/lib/admin/keys";
import { tagsQuery } from "~/lib/admin/posts";
import { tagProblemOf, validateTag, type TagInput } from "~/lib/authoring";
import type { Tag } from "~/lib/blog-types";
import { dataErrorOf, errorNotice, screenErrorTexts, type ErrorTexts } from "~/lib/data-result";
import type { AdminPanelProps } from "../admin-view";
import { showDone, showError } from "../admin-write";
import { RemoveButton } from "../remove-button";
import { OwnProfileSection, TeamProfilesSection } from "./author-profiles";
import { useNamedForm, type EditorialCopy } from "./named-form";

/**
 * "Tags e autoria" (issue #36), for every role that writes posts: the blog's tags and the
 * signed-in member's author profile; editors and admins also create, rename and delete tags and
 * correct the colleagues' profiles. The database decides who may (row-level security) and what
 * is valid; its refusals are said under the field they concern.
 */
export function EditorialPanel({ client, session, copy, role }: AdminPanelProps) {
  const editor = can(role, "can_publish_posts");
  return (
    <div className="flex flex-col gap-12">
      <TagsSection client={client} copy={copy} manage={editor} />
      <OwnProfileSection client={client} userId={session.user.id} copy={copy} />
      {editor ? <TeamProfilesSection client={client} userId={session.user.id} copy={copy} /> : null}
    </div>
  );
}

function TagsSection({
  client,
  copy: adminCopy,
  manage,
}: {
  client: AdminPanelProps["client"];
  copy: typeof AdminCopy;
  /** Create, rename and delete (editors and admins); a writer only reads the list. */
  manage: boolean;
}) {
  const copy = adminCopy.editorial;
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQuery(client));
  const [editing, setEditing] = useState<string | null>(null);
  // The Editar button to focus again once its form closes (saved or cancelled), as for profiles.
  const returnFocusTo = useRef<string | null>(null);
  const close = (tagId: string) => {
    returnFocusTo.current = tagId;
    setEditing(null);
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.tags });
  const failure = screenErrorTexts.tagWrite(adminCopy);
  const remove = useMutation({
    mutationFn: (tag: Tag) => deleteTag(client, tag.id),
    onSuccess: () => showDone(copy.toasts.tagDeleted),
    onError: (error) => showError(errorNotice(dataErrorOf(error), failure)),
    onSettled: reload,
  });
  return (
    <section aria-labelledby="tags-titulo" className="flex flex-col gap-4">
      <div>
        <h2 id="tags-titulo" className="text-xl font-bold">
          {copy.tags.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{manage ? copy.tags.intro : copy.tags.readOnlyIntro}</p>
      </div>
      {manage ? (
        <TagForm
          copy={copy}
          failure={failure}
          submitLabel={copy.tags.create}
          save={(input) => createTag(client, input)}
          done={copy.toasts.tagCreated}
          onSaved={reload}
        />
      ) : null}
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
                  failure={failure}
                  initial={tag}
                  label={copy.tags.formLabel(tag.name)}
                  submitLabel={copy.tags.save}
                  save={(input) => updateTag(client, tag.id, input)}
                  done={copy.toasts.tagUpdated}
                  onSaved={() => {
                    close(tag.id);
                    return reload();
                  }}
                  // A tag deleted meanwhile leaves the list read again (and this form with it).
                  onFailed={reload}
                  onCancel={() => close(tag.id)}
                />
              ) : (
                <div className="flex items-center justify-between gap-4">
                  <div className="min-w-0">
                    <p className="font-semibold">{tag.name}</p>
                    <p className="text-sm break-all text-muted-foreground">/blog/tag/{tag.slug}</p>
                  </div>
                  {manage ? (
                    <div className="flex shrink-0 gap-1">
                      <Tooltip label={copy.tags.rename}>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={copy.tags.renameLabel(tag.name)}
                          ref={(button) => {
                            if (button && returnFocusTo.current === tag.id) {
                              returnFocusTo.current = null;
                              button.focus();
                            }
                          }}
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
                  ) : null}
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
  copy: EditorialCopy;
  /** The section's error texts (pt-BR whatever the database says). */
  failure: ErrorTexts;
  initial?: Tag;
  /** The form's accessible name, for the inline one among the tags. */
  label?: string;
  submitLabel: string;
  save: (input: TagInput) => Promise<void>;
  done: { title: string; description: string };
  onSaved: () => unknown;
  onFailed?: () => unknown;
  onCancel?: () => void;
}

/** A tag's name, slug (following the name until edited, for a new tag) and description. */
function TagForm(props: TagFormProps) {
  const { copy, failure, initial, label, submitLabel, save, done, onSaved, onFailed, onCancel } = props;
  const empty: TagInput = { name: "", slug: "", description: "" };
  const { values, errors, refuse, set, setSlug, reset, submit } = useNamedForm<TagInput>(
    initial ? { name: initial.name, slug: initial.slug, description: initial.description ?? "" } : empty,
    Boolean(initial),
    validateTag,
    copy,
  );
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // The inline form opens in place of its Editar button: its name field takes the focus.
  useEffect(() => {
    if (initial) nameRef.current?.focus();
  }, [initial]);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      showDone(done);
      if (!initial) reset(empty);
      return onSaved();
    },
    onError: (error) => {
      const refusal = dataErrorOf(error);
      const known = tagProblemOf(refusal);
      if (known) refuse(formRef.current, { [known.field]: copy.validation[known.problem] });
      showError(
        known ? { title: failure.title, description: copy.validation[known.problem] } : errorNotice(refusal, failure),
      );
      if (refusal.kind === "not-found") return onFailed?.();
    },
  });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={submit((valid) => mutation.mutate(valid))}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        texts={copy.tags.name}
        value={values.name}
        onChange={(v) => set("name", v)}
        error={errors.name}
        inputRef={nameRef}
      />
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
        {/* Busy, not disabled, while it saves: a disabled button drops the keyboard's focus. */}
        <Button type="submit" busy={mutation.isPending}>
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
