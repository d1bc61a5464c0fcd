import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("says a busy button is unavailable without disabling it, so it keeps the focus", () => {
    const html = renderToStaticMarkup(<Button busy>Salvar</Button>);
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toMatch(/\sdisabled=/);
    expect(renderToStaticMarkup(<Button>Salvar</Button>)).not.toContain("aria-disabled");
  });
});
