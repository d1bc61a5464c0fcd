import { lazy, Suspense, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { PostFormControls } from "./post-form-controls";

// The previews are loaded when first opened, so the admin's first load does not carry them.
const SharePreviews = lazy(() => import("./share-previews").then((module) => ({ default: module.SharePreviews })));

/** Search engines cut a title and a description around these lengths: the counters' advice. */
const SEO_ADVICE = { title: 70, description: 160 } as const;

/**
 * The collapsed "SEO e compartilhamento" group. Its owner holds whether it is open, so that a
 * failed submit can open it on a field in error.
 */
export function PostSeoGroup({
  copy,
  values,
  errors,
  set,
  refFor,
  fieldId,
  open,
  onOpenChange,
}: PostFormControls & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const seo = copy.fields.seo;
  return (
    <details
      open={open}
      onToggle={(event) => onOpenChange(event.currentTarget.open)}
      className="rounded-lg border border-border p-4"
    >
      <summary className="cursor-pointer font-medium">{seo.legend}</summary>
      <div className="mt-4 flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">{seo.hint}</p>
        <Field
          id={fieldId("meta-title")}
          label={seo.metaTitle.label}
          hint={seo.counter(values.meta_title.trim().length, SEO_ADVICE.title)}
          error={errors.meta_title}
        >
          {(control) => (
            <Input
              {...control}
              ref={refFor("meta_title")}
              placeholder={seo.metaTitle.placeholder}
              value={values.meta_title}
              onChange={(event) => set("meta_title", event.target.value)}
            />
          )}
        </Field>
        <Field
          id={fieldId("meta-description")}
          label={seo.metaDescription.label}
          hint={seo.counter(values.meta_description.trim().length, SEO_ADVICE.description)}
          error={errors.meta_description}
        >
          {(control) => (
            <Textarea
              {...control}
              ref={refFor("meta_description")}
              rows={3}
              className="min-h-0"
              placeholder={seo.metaDescription.placeholder}
              value={values.meta_description}
              onChange={(event) => set("meta_description", event.target.value)}
            />
          )}
        </Field>
        <Field id={fieldId("og-image")} label={seo.ogImage.label} error={errors.og_image}>
          {(control) => (
            <Input
              {...control}
              ref={refFor("og_image")}
              type="url"
              inputMode="url"
              placeholder={seo.ogImage.placeholder}
              value={values.og_image}
              onChange={(event) => set("og_image", event.target.value)}
            />
          )}
        </Field>
        <Field
          id={fieldId("canonical-url")}
          label={seo.canonicalUrl.label}
          hint={seo.canonicalUrl.hint}
          error={errors.canonical_url}
        >
          {(control) => (
            <Input
              {...control}
              ref={refFor("canonical_url")}
              type="url"
              inputMode="url"
              placeholder={seo.canonicalUrl.placeholder}
              value={values.canonical_url}
              onChange={(event) => set("canonical_url", event.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <Switch
            id={fieldId("noindex")}
            checked={values.noindex}
            onCheckedChange={(checked) => set("noindex", checked)}
          />
          <Label htmlFor={fieldId("noindex")}>{seo.noindex}</Label>
        </div>
      </div>
    </details>
  );
}

/** How the post looks when shared (search result, social card), loaded on first opening. */
export function SharePreviewsGroup({ copy, values }: Pick<PostFormControls, "copy" | "values">) {
  const [open, setOpen] = useState(false);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border border-border p-4"
    >
      <summary className="cursor-pointer font-medium">{copy.previews.legend}</summary>
      {open ? (
        <div className="mt-4">
          <Suspense fallback={<p className="text-sm text-muted-foreground">{copy.previews.loading}</p>}>
            <SharePreviews values={values} copy={copy.previews} />
          </Suspense>
        </div>
      ) : null}
    </details>
  );
}
