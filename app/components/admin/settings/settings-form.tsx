import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { StoredSettings } from "~/lib/admin/settings";
import type { UploadProblem } from "~/lib/image-upload";
import {
  SETTINGS_LIMITS,
  SOCIAL_FIELDS,
  settingsInput,
  validateSettings,
  type SettingsField,
  type SettingsProblem,
  type SiteSettings,
} from "~/lib/site-settings";
import { ImageDrop, type UploadImage } from "../posts/image-drop";
import { readUnsaved, tabStorage, useLeaveGuard, writeUnsaved } from "../unsaved-work";
import { useTrackedUpload } from "../use-tracked-upload";
import {
  adoptStored,
  afterSave,
  changedFields,
  changedRow,
  discardEdits,
  draftOf,
  isSettingsDraft,
  openEdit,
  type SettingsEdit,
} from "./settings-edit";

type Copy = (typeof AdminCopy)["settings"];
type FieldErrors = Partial<Record<SettingsField, string>>;

interface FieldSpec {
  field: SettingsField;
  /** May be left blank (its hint says what blank means); the label stays the field's name alone. */
  optional?: true;
  /** A textarea, across the whole row. */
  multiline?: true;
  wide?: true;
  type?: "email" | "tel" | "url";
}

const url = (field: SettingsField): FieldSpec => ({ field, optional: true, type: "url" });

/** The sections and their fields, in the order the form shows them (and focuses the first error). */
const SECTIONS: { id: keyof Copy["sections"]; fields: FieldSpec[] }[] = [
  {
    id: "company",
    fields: [
      { field: "trade_name" },
      { field: "legal_name" },
      { field: "cnpj", optional: true },
      { field: "dpo_email", type: "email" },
      { field: "address", wide: true },
    ],
  },
  {
    id: "contact",
    fields: [
      { field: "sales_email", type: "email" },
      { field: "support_email", type: "email" },
      { field: "email", type: "email" },
      { field: "phone", optional: true, type: "tel" },
      { field: "whatsapp", optional: true, type: "tel" },
      { field: "whatsapp_message", optional: true, multiline: true, wide: true },
    ],
  },
  {
    id: "social",
    fields: [url("linkedin_url"), url("facebook_url"), url("instagram_url"), url("youtube_url"), url("tiktok_url")],
  },
  {
    id: "seo",
    fields: [
      { field: "seo_description", multiline: true, wide: true },
      { field: "share_image", optional: true, type: "url", wide: true },
    ],
  },
];
const FORM_ORDER = SECTIONS.flatMap((section) => section.fields.map((spec) => spec.field));

const MAX_LENGTH: Partial<Record<SettingsField, number>> = {
  trade_name: SETTINGS_LIMITS.trade_name,
  legal_name: SETTINGS_LIMITS.legal_name,
  address: SETTINGS_LIMITS.address,
  whatsapp_message: SETTINGS_LIMITS.whatsapp_message,
  seo_description: SETTINGS_LIMITS.seo_description,
  ...Object.fromEntries(Object.values(SOCIAL_FIELDS).map((field) => [field, SETTINGS_LIMITS.url])),
  share_image: SETTINGS_LIMITS.share_image,
};

/** What a refusal by the database means for a field the form let through. */
function refusalOf(field: SettingsField): SettingsProblem {
  if (field.endsWith("email")) return "email";
  if (field.endsWith("_url")) return "url";
  if (field === "phone" || field === "whatsapp") return "phone";
  if (field === "cnpj") return "cnpj";
  if (field === "share_image") return "image";
  return MAX_LENGTH[field] ? "tooLong" : "required";
}

function message(copy: Copy, field: SettingsField, problem: SettingsProblem): string {
  const texts = copy.validation;
  return problem === "tooLong" ? texts.tooLong(MAX_LENGTH[field] ?? 0) : texts[problem];
}

/** How a save ended: stored, or refused (naming the field the database refused, if it named one). */
export type SaveOutcome = { saved: true } | { saved: false; refused: SettingsField | null };

export interface SettingsFormProps {
  /** The stored row; a newer version (another admin saved, a refetch) updates only untouched fields. */
  stored: StoredSettings;
  /** Whose unsaved edits this tab keeps (app/components/admin/unsaved-work.ts). */
  userId: string;
  copy: Copy;
  uploadProblems: Record<UploadProblem, string>;
  saving: boolean;
  /** Saves the changed fields (none: nothing to save). */
  onSave: (row: Partial<SiteSettings>) => Promise<SaveOutcome>;
  uploadImage: UploadImage;
}

/** The tab's storage key of the unsaved settings. */
const DRAFT_NAME = "settings";

/** "Endereço e YouTube": the fields' labels as one pt-BR list. */
function fieldList(copy: Copy, fields: SettingsField[]): string {
  return new Intl.ListFormat("pt-BR", { type: "conjunction" }).format(fields.map((field) => copy.fields[field].label));
}

/**
 * The form's values over time: opened with this tab's unsaved edits put back, newer stored values
 * taken in without dropping an unsaved edit (./settings-edit.ts), and the edits kept in this tab
 * until saved or discarded, so a session ending mid-edit loses nothing.
 */
function useSettingsEdit(stored: StoredSettings, userId: string) {
  const [edit, setEdit] = useState<SettingsEdit>(() =>
    openEdit(settingsInput(stored), stored.updated_at, readUnsaved(tabStorage(), userId, DRAFT_NAME, isSettingsDraft)),
  );
  // A newer version: taken in during this render, so the stale values never show.
  if (stored.updated_at !== edit.version) setEdit(adoptStored(edit, settingsInput(stored), stored.updated_at));
  useEffect(() => {
    writeUnsaved(tabStorage(), userId, DRAFT_NAME, draftOf(edit));
  }, [edit, userId]);
  return [edit, setEdit] as const;
}

/**
 * The settings, in four sections, checked by the table's own rules (app/lib/site-settings.ts)
 * before they are sent. Only the fields this person changed are sent; until then they survive
 * newer stored values, a switch of tabs and a lost session, and leaving the page asks first.
 */
export function SettingsForm({ stored, userId, copy, uploadProblems, saving, onSave, uploadImage }: SettingsFormProps) {
  const id = useId();
  const uploads = useTrackedUpload(uploadImage);
  const [edit, setEdit] = useSettingsEdit(stored, userId);
  const { values } = edit;
  const [errors, setErrors] = useState<FieldErrors>({});
  const refs = useRef<Partial<Record<SettingsField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const changed = changedFields(edit);
  const unsaved = changed.length > 0;
  // Only fields still differing from the stored value are named (one typed back is no longer news).
  const restored = edit.restored.filter((field) => changed.includes(field));
  const overlapping = edit.overlapping.filter((field) => changed.includes(field));
  useLeaveGuard(unsaved);

  const set = (field: SettingsField, value: string) => {
    setEdit((current) => ({ ...current, values: { ...current.values, [field]: value } }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const focus = (field: SettingsField | undefined) => {
    if (field) refs.current[field]?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // While the share image uploads its URL is not in the values yet; the status says so.
    if (saving || uploads.uploading) return;
    const problems = validateSettings(values);
    const found: FieldErrors = {};
    for (const field of FORM_ORDER) {
      const problem = problems[field];
      if (problem) found[field] = message(copy, field, problem);
    }
    setErrors(found);
    const first = FORM_ORDER.find((field) => found[field]);
    if (first) return focus(first);
    const { sent, row } = changedRow(edit);
    const outcome = await onSave(row);
    if (outcome.saved) setEdit((current) => afterSave(current, sent));
    else if (outcome.refused) {
      setErrors({ [outcome.refused]: message(copy, outcome.refused, refusalOf(outcome.refused)) });
      focus(outcome.refused);
    }
  };

  // Beside "Salvar configurações", and its description: why it waits, or what saving will do
  // (replace a value someone else saved meanwhile, or store unsaved edits).
  const saveStatus = () => {
    if (uploads.uploading) return copy.waitForUpload;
    if (overlapping.length > 0) return copy.unsaved.overlapping(fieldList(copy, overlapping));
    return unsaved ? copy.unsaved.pending : "";
  };

  const control = (spec: FieldSpec) => {
    const { field } = spec;
    const texts: { label: string; placeholder: string; hint?: string } = copy.fields[field];
    const hint = texts.hint ?? (spec.type === "url" && field !== "share_image" ? copy.socialHint : undefined);
    const common = {
      ref: (node: HTMLInputElement | HTMLTextAreaElement | null) => {
        refs.current[field] = node;
      },
      name: field,
      placeholder: texts.placeholder,
      value: values[field],
      required: !spec.optional,
    };
    return (
      <Field
        key={field}
        id={`${id}-${field}`}
        label={texts.label}
        hint={hint}
        error={errors[field]}
        className={spec.wide ? "sm:col-span-2" : undefined}
      >
        {(props) =>
          spec.multiline ? (
            <Textarea {...props} {...common} rows={3} onChange={(event) => set(field, event.target.value)} />
          ) : (
            <Input
              {...props}
              {...common}
              type={spec.type ?? "text"}
              inputMode={spec.type}
              autoComplete="off"
              spellCheck={spec.type ? false : undefined}
              onChange={(event) => set(field, event.target.value)}
            />
          )
        }
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      {restored.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
          <output>{copy.unsaved.restored(fieldList(copy, restored))}</output>
          <Button type="button" variant="outline" size="sm" onClick={() => setEdit(discardEdits)}>
            {copy.unsaved.discard}
          </Button>
        </div>
      ) : null}
      {SECTIONS.map((section) => (
        <fieldset key={section.id} className="rounded-lg border border-border bg-card p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">{copy.sections[section.id]}</legend>
          <div className="mt-2 grid gap-5 sm:grid-cols-2">
            {section.fields.map(control)}
            {section.id === "seo" ? (
              <div className="sm:col-span-2">
                <ImageDrop
                  value={values.share_image}
                  upload={uploads.upload ?? uploadImage}
                  copy={copy.image}
                  problems={uploadProblems}
                  onUploaded={(address) => set("share_image", address)}
                  onRemove={() => set("share_image", "")}
                />
              </div>
            ) : null}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          busy={saving}
          aria-disabled={uploads.uploading || undefined}
          aria-describedby={`${id}-wait`}
          className="aria-disabled:cursor-progress"
        >
          {saving ? copy.saving : copy.save}
        </Button>
        <p id={`${id}-wait`} aria-live="polite" className="text-sm text-muted-foreground">
          {saveStatus()}
        </p>
      </div>
    </form>
  );
}
