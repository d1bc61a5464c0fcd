import { describe, expect, it } from "vitest";
import { endSentence } from "./text";

describe("endSentence", () => {
  it("adds a period, unless the text already ends with one", () => {
    expect(endSentence("Omnia Tecnologia S.A")).toBe("Omnia Tecnologia S.A.");
    expect(endSentence("Omnia Tecnologia Ltda.")).toBe("Omnia Tecnologia Ltda.");
  });
});
