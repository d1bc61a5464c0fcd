import type { adminCopy as AdminCopy } from "~/content/admin";
import type { PostField, PostInput } from "~/lib/posts";

export type PostFormErrors = Partial<Record<PostField, string>>;

/**
 * What each part of the post form needs to show and edit its fields; PostForm (./post-dialog.tsx)
 * owns the state and hands the same controls to the writing area and the settings panel.
 */
export interface PostFormControls {
  copy: typeof AdminCopy.dialog;
  values: PostInput;
  /** The errors on show: the last save's (e.g. a duplicate slug) under the form's own. */
  errors: PostFormErrors;
  set: <K extends keyof PostInput>(key: K, value: PostInput[K]) => void;
  /** Keeps a control's element, so that a failed submit can focus the first field in error. */
  refFor: (field: PostField) => (node: HTMLInputElement | HTMLTextAreaElement | null) => void;
  /** The element id of a field, unique to this form. */
  fieldId: (field: string) => string;
}
