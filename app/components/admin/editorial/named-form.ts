import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { AuthoringProblem } from "~/lib/authoring";
import { slugify } from "~/lib/posts";

export type EditorialCopy = (typeof AdminCopy)["editorial"];
type Errors<K extends string> = Partial<Record<K, string>>;

/** The messages of a form's problems, in the section's words. */
function messages<K extends string>(problems: Partial<Record<K, AuthoringProblem>>, copy: EditorialCopy): Errors<K> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, copy.validation[problem as AuthoringProblem]]),
  ) as Errors<K>;
}

/**
 * The state of a form with a name and a slug (a tag, an author profile): the slug follows the
 * name (accents folded) until edited by hand; a field's error clears when it changes; submitting
 * checks every field first.
 */
export function useNamedForm<T extends { name: string; slug: string }>(
  initial: T,
  slugEditedAtFirst: boolean,
  validate: (values: T) => Partial<Record<keyof T & string, AuthoringProblem>>,
  copy: EditorialCopy,
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
    /** Once saved, the slug is an address: it no longer follows the name. */
    keepSlug: () => setSlugEdited(true),
    submit: (onValid: (values: T) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const found = messages(validate(values), copy);
      flushSync(() => setErrors(found));
      if (Object.keys(found).length === 0) onValid(values);
      else focusFirstInvalid(form);
    },
    /** A refusal said under its field (a slug taken): shown, and the field takes the focus. */
    refuse: (form: HTMLFormElement | null, found: Errors<keyof T & string>) => {
      flushSync(() => setErrors(found));
      focusFirstInvalid(form);
    },
  };
}

/** The keyboard goes where the problem is said, not to the page (WCAG 3.3.1). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
