import { describe, expect, it } from "vitest";
import { followPosition, insertBlock } from "./markdown-insert";

/** Types `typed` at `at` in `text`, as a keystroke would. */
const type = (text: string, at: number, typed: string) => `${text.slice(0, at)}${typed}${text.slice(at)}`;

describe("where a pasted image goes while the admin writes on", () => {
  it("stays put for edits after it, and moves with edits before it", () => {
    expect(followPosition(6, "Antes.", "Antes. Depois.")).toBe(6);
    expect(followPosition(6, "Antes.", "Bem. Antes.")).toBe(11);
    expect(followPosition(6, "Antes. Fim", "Ants. Fim")).toBe(5);
  });

  it("goes to the end of an edit that replaced the text around it", () => {
    expect(followPosition(3, "abcdef", "aXYZef")).toBe(4);
  });

  it("keeps every keystroke made during the upload, before and after the image", () => {
    let text = "Antes.";
    let at = 6;
    // Right after the image, then at the start, then at the end ("Início. Antes. Depois" is 21 long).
    for (const [where, typed] of [
      [6, " Depois"],
      [0, "Início. "],
      [21, "!"],
    ] as const) {
      const next = type(text, where, typed);
      at = followPosition(at, text, next);
      text = next;
    }
    expect(text).toBe("Início. Antes. Depois!");
    expect(insertBlock(text, at, "![Gráfico](/img.png)").text).toBe(
      "Início. Antes.\n\n![Gráfico](/img.png)\n\n Depois!",
    );
  });
});

describe("an image inserted into the Markdown", () => {
  it("sits on a line of its own, and says how much longer the text got", () => {
    expect(insertBlock("", 0, "![a](/x.png)")).toEqual({ text: "![a](/x.png)\n\n", length: 14 });
    expect(insertBlock("Linha\n", 6, "![a](/x.png)")).toEqual({ text: "Linha\n![a](/x.png)\n\n", length: 14 });
    expect(insertBlock("Frase", 5, "![a](/x.png)")).toEqual({ text: "Frase\n\n![a](/x.png)\n\n", length: 16 });
  });
});
