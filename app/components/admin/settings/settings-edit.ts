import {
  SETTINGS_FIELDS,
  settingsInput,
  settingsRow,
  type SettingsField,
  type SettingsInput,
  type SiteSettings,
} from "~/lib/site-settings";

// What "Configurações" holds while someone edits it, apart from React: the values on screen, the
// stored values they started from, and the rules that keep the person's unsaved edits when
// newer stored values arrive (another admin saved, the query refetched on focus).

export interface SettingsEdit {
  /** The stored values the form last took in. */
  base: SettingsInput;
  /** Their version (`updated_at`): the same version arriving again changes nothing. */
  version: string;
  /** What the form shows: a field differing from `base` is this person's unsaved edit. */
  values: SettingsInput;
  /** Fields someone else saved while this person held an unsaved value in them. */
  overlapping: SettingsField[];
  /** Fields whose unsaved value came back from this tab's storage when the form opened. */
  restored: SettingsField[];
}

/** The unsaved edits as this tab keeps them: each field's value and the stored one it replaced. */
export interface SettingsDraft {
  fields: Partial<Record<SettingsField, { base: string; value: string }>>;
}

export function isSettingsDraft(value: unknown): value is SettingsDraft {
  if (typeof value !== "object" || value === null) return false;
  const { fields } = value as { fields?: unknown };
  if (typeof fields !== "object" || fields === null) return false;
  return Object.entries(fields).every(
    ([field, edit]) =>
      SETTINGS_FIELDS.includes(field as SettingsField) &&
      typeof edit === "object" &&
      edit !== null &&
      typeof (edit as { base?: unknown }).base === "string" &&
      typeof (edit as { value?: unknown }).value === "string",
  );
}

/** The fields this person changed and has not saved, in the form's order. */
export function changedFields(edit: SettingsEdit): SettingsField[] {
  return SETTINGS_FIELDS.filter((field) => edit.values[field] !== edit.base[field]);
}

/** The form as it opens: the stored values, with this tab's unsaved edits (if any) put back. */
export function openEdit(stored: SettingsInput, version: string, draft: SettingsDraft | null): SettingsEdit {
  const values = { ...stored };
  const restored: SettingsField[] = [];
  const overlapping: SettingsField[] = [];
  for (const field of SETTINGS_FIELDS) {
    const kept = draft?.fields[field];
    if (!kept || kept.value === stored[field]) continue;
    values[field] = kept.value;
    restored.push(field);
    // Saved by someone else since the edit began: saving now replaces their value.
    if (kept.base !== stored[field]) overlapping.push(field);
  }
  return { base: stored, version, values, overlapping, restored };
}

/**
 * Newer stored values: untouched fields follow them, edited ones keep the person's value (and
 * are marked when someone else changed the same field). Never drops an unsaved edit.
 */
export function adoptStored(edit: SettingsEdit, stored: SettingsInput, version: string): SettingsEdit {
  if (version === edit.version) return edit;
  const values = { ...edit.values };
  const overlapping = new Set(edit.overlapping);
  for (const field of SETTINGS_FIELDS) {
    const edited = edit.values[field] !== edit.base[field];
    if (!edited) values[field] = stored[field];
    else if (stored[field] !== edit.base[field] && stored[field] !== edit.values[field]) overlapping.add(field);
  }
  // A field whose edit now equals what is stored is no longer unsaved, nor in conflict.
  const stillEdited = (field: SettingsField) => values[field] !== stored[field];
  return {
    base: stored,
    version,
    values,
    overlapping: SETTINGS_FIELDS.filter((field) => overlapping.has(field) && stillEdited(field)),
    restored: edit.restored.filter(stillEdited),
  };
}

/** What a save sends: only the changed fields, so it never puts back what others saved meanwhile. */
export function changedRow(edit: SettingsEdit): { sent: Partial<SettingsInput>; row: Partial<SiteSettings> } {
  const fields = changedFields(edit);
  const whole = settingsRow(edit.values);
  return {
    sent: Object.fromEntries(fields.map((field) => [field, edit.values[field]])),
    row: Object.fromEntries(fields.map((field) => [field, whole[field]])),
  };
}

/**
 * After a save: the sent fields are stored as the row had them (the CNPJ and numbers without
 * punctuation), and shown so unless typed over while the save ran. Whatever order the refetch
 * and this arrive in, the result is the same.
 */
export function afterSave(edit: SettingsEdit, sent: Partial<SettingsInput>): SettingsEdit {
  const stored = settingsInput(settingsRow({ ...edit.base, ...sent } as SettingsInput));
  const base = { ...edit.base };
  const values = { ...edit.values };
  const fields = Object.keys(sent) as SettingsField[];
  for (const field of fields) {
    base[field] = stored[field];
    if (values[field] === sent[field]) values[field] = stored[field];
  }
  return {
    ...edit,
    base,
    values,
    overlapping: edit.overlapping.filter((field) => !fields.includes(field)),
    restored: edit.restored.filter((field) => !fields.includes(field)),
  };
}

/** Back to the stored values: the person gave up their unsaved edits. */
export function discardEdits(edit: SettingsEdit): SettingsEdit {
  return { ...edit, values: { ...edit.base }, overlapping: [], restored: [] };
}

/** What this tab keeps of the edit: each changed field with the stored value it replaced; none if unchanged. */
export function draftOf(edit: SettingsEdit): SettingsDraft | null {
  const fields = changedFields(edit);
  if (fields.length === 0) return null;
  return {
    fields: Object.fromEntries(fields.map((field) => [field, { base: edit.base[field], value: edit.values[field] }])),
  };
}
