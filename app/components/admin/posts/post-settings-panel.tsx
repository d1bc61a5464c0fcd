import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { ImageDrop, type UploadImage } from "./image-drop";
import type { PostFormControls } from "./post-form-controls";
import { PostSeoGroup, SharePreviewsGroup } from "./post-seo-group";
import { TagsField } from "./tags-field";

/** A choice of the author select: a user id and how it reads. */
export interface AuthorChoice {
  value: string;
  label: string;
}

export interface PostSettingsPanelProps extends PostFormControls {
  uploadImage?: UploadImage;
  tagSuggestions: readonly string[];
  /** The text in the tags field, not yet added: the form keeps it, so a save can add it. */
  typedTag: string;
  onTypeTag: (text: string) => void;
  authors: readonly AuthorChoice[];
  currentUserId: string;
  /** False for a writer (autor): no author, "Publicar post" or date. */
  canPublish: boolean;
  /** Set by hand, a new post's slug no longer follows its title. */
  onEditSlug: () => void;
  seoOpen: boolean;
  onSeoOpenChange: (open: boolean) => void;
}

/** The editor's side panel: the post's address, excerpt, publication, image, tags, author and SEO. */
export function PostSettingsPanel(props: PostSettingsPanelProps) {
  const { copy, values, errors, set, refFor, fieldId, uploadImage, canPublish, onEditSlug } = props;
  return (
    <section
      aria-labelledby={fieldId("settings")}
      className="flex min-w-0 flex-col gap-5 border-t border-border p-4 sm:p-6 lg:overflow-y-auto lg:border-t-0 lg:border-l"
    >
      <h3 id={fieldId("settings")} className="font-semibold">
        {copy.settings}
      </h3>
      <Field id={fieldId("slug")} label={copy.fields.slug.label} hint={copy.fields.slug.hint} error={errors.slug}>
        {(control) => (
          <Input
            {...control}
            ref={refFor("slug")}
            required
            autoCapitalize="none"
            spellCheck={false}
            placeholder={copy.fields.slug.placeholder}
            value={values.slug}
            onChange={(event) => {
              onEditSlug();
              set("slug", event.target.value);
            }}
          />
        )}
      </Field>
      <Field id={fieldId("excerpt")} label={copy.fields.excerpt.label} error={errors.excerpt}>
        {(control) => (
          <Textarea
            {...control}
            ref={refFor("excerpt")}
            rows={2}
            className="min-h-0"
            placeholder={copy.fields.excerpt.placeholder}
            value={values.excerpt}
            onChange={(event) => set("excerpt", event.target.value)}
          />
        )}
      </Field>
      {canPublish ? <PublishFields {...props} /> : null}
      <Field id={fieldId("image")} label={copy.fields.featuredImage.label} error={errors.featured_image}>
        {(control) => (
          <Input
            {...control}
            ref={refFor("featured_image")}
            type="url"
            inputMode="url"
            placeholder={copy.fields.featuredImage.placeholder}
            value={values.featured_image}
            onChange={(event) => set("featured_image", event.target.value)}
          />
        )}
      </Field>
      {uploadImage ? (
        <ImageDrop
          value={values.featured_image}
          upload={uploadImage}
          copy={copy.fields.featuredImage}
          problems={copy.upload.problems}
          onUploaded={(url) => set("featured_image", url)}
          onRemove={() => set("featured_image", "")}
        />
      ) : null}
      <TagsField
        id={fieldId("tags")}
        copy={copy.fields.tags}
        value={values.tags}
        suggestions={props.tagSuggestions}
        typed={props.typedTag}
        onTypedChange={props.onTypeTag}
        error={errors.tags}
        onChange={(names) => set("tags", names)}
        inputRef={refFor("tags")}
        allowNew={canPublish}
      />
      {canPublish ? <AuthorField {...props} /> : null}
      <PostSeoGroup {...props} open={props.seoOpen} onOpenChange={props.onSeoOpenChange} />
      <SharePreviewsGroup copy={copy} values={values} />
    </section>
  );
}

/** "Publicar post" and the publication date, for those who may publish. */
function PublishFields({ copy, values, errors, set, refFor, fieldId }: PostFormControls) {
  return (
    <>
      <div className="flex items-center gap-3">
        <Switch
          id={fieldId("published")}
          checked={values.published}
          onCheckedChange={(checked) => set("published", checked)}
        />
        <Label htmlFor={fieldId("published")}>{copy.fields.published}</Label>
      </div>
      <Field
        id={fieldId("published-at")}
        label={copy.fields.publishedAt.label}
        hint={copy.fields.publishedAt.hint}
        error={errors.published_at}
      >
        {(control) => (
          <Input
            {...control}
            ref={refFor("published_at")}
            type="datetime-local"
            value={values.published_at}
            onChange={(event) => set("published_at", event.target.value)}
          />
        )}
      </Field>
    </>
  );
}

function AuthorField({ copy, values, set, fieldId, authors, currentUserId }: PostSettingsPanelProps) {
  return (
    <Field id={fieldId("author")} label={copy.fields.author.label}>
      {(control) => (
        <NativeSelect {...control} value={values.author_id} onChange={(event) => set("author_id", event.target.value)}>
          {authorChoices(authors, values.author_id, currentUserId, copy.fields.author).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * The author select's choices: every staff account with a profile, plus the post's current
 * author or the signed-in user when they have none (the byline then names the site).
 */
function authorChoices(
  authors: readonly AuthorChoice[],
  selected: string,
  currentUserId: string,
  copy: typeof AdminCopy.dialog.fields.author,
): AuthorChoice[] {
  const choices = [...authors];
  for (const id of [currentUserId, selected]) {
    if (id && !choices.some((choice) => choice.value === id)) {
      choices.unshift({ value: id, label: copy.noProfile(id === currentUserId ? copy.you : id.slice(0, 8)) });
    }
  }
  return choices;
}
