import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first and last capitalised words", () => {
    expect(initialsOf("Mariana Alves")).toBe("MA");
    expect(initialsOf("Ana de Souza")).toBe("AS");
    expect(initialsOf("Élida")).toBe("É");
  });
});
