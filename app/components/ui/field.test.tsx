import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, fieldControl } from "./field";
import { Input } from "./input";

function render(props: Partial<Parameters<typeof Field>[0]> = {}) {
  return renderToStaticMarkup(
    <Field id="f-email" label="E-mail" {...props}>
      {(control) => <Input {...control} name="email" />}
    </Field>,
  );
}

describe("Field", () => {
  it("labels its control and adds no ARIA state when there is nothing to say", () => {
    const html = render();
    expect(html).toContain('<label for="f-email"');
    expect(html).toContain('id="f-email"');
    expect(html).toContain('name="email"');
    expect(html).not.toContain(" aria-invalid=");
    expect(html).not.toContain(" aria-describedby=");
    expect(html).not.toContain("<p");
  });

  it("shows the mark after the label, inside it (part of the accessible name)", () => {
    expect(render({ mark: "(obrigatório)" })).toMatch(
      /<label for="f-email"[^>]*>E-mail<span[^>]*>\(obrigatório\)<\/span><\/label>/,
    );
  });

  it("marks the control invalid and describes it by the error", () => {
    const html = render({ error: "Informe o seu e-mail." });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="f-email-erro"');
    expect(html).toMatch(/<p id="f-email-erro"[^>]*>Informe o seu e-mail\.<\/p>/);
  });

  it("describes the control by its hint, after the error, and shows the hint above the error", () => {
    const html = render({ hint: "Só letras minúsculas.", error: "Slug inválido." });
    expect(html).toContain('aria-describedby="f-email-erro f-email-dica"');
    expect(html.indexOf('id="f-email-dica"')).toBeLessThan(html.indexOf('id="f-email-erro"'));
    expect(render({ hint: "Só letras minúsculas." })).toContain('aria-describedby="f-email-dica"');
  });
});

describe("fieldControl", () => {
  it("gives a control laid out by hand the same links", () => {
    expect(fieldControl("c", {})).toEqual({ id: "c", "aria-invalid": undefined, "aria-describedby": undefined });
    expect(fieldControl("c", { error: "x", hint: "y" })).toEqual({
      id: "c",
      "aria-invalid": true,
      "aria-describedby": "c-erro c-dica",
    });
  });
});
