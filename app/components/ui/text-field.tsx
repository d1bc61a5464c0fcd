import { useId, type ComponentProps, type Ref } from "react";
import { Field } from "./field";
import { Input } from "./input";

export interface TextFieldProps {
  /** The input's id; one of its own when the screen does not need to know it. */
  id?: string;
  /** The field's copy, as the content modules shape it. */
  texts: { label: string; hint?: string; placeholder?: string };
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  className?: string;
  /** The input's own attributes: name, type, autoComplete, inputMode, required… */
  input?: Omit<ComponentProps<typeof Input>, "id" | "value" | "onChange" | "ref" | "placeholder">;
}

/**
 * A labelled single-line input whose value the screen holds (a controlled input), with its
 * hint and error announced with it (Field): the sign-in and admin forms' text fields.
 */
export function TextField({ id, texts, value, onChange, inputRef, error, className, input }: TextFieldProps) {
  const ownId = useId();
  return (
    <Field id={id ?? ownId} label={texts.label} hint={texts.hint} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          {...input}
          ref={inputRef}
          placeholder={texts.placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
