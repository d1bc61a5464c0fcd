import { describe, expect, it } from "vitest";
import { isBlank, isEmail, isHttpUrl } from "./validation";

describe("validation", () => {
  it("calls a value blank when it has nothing but whitespace", () => {
    expect(["", "      ", "\t\u00a0\n", "  a  "].map(isBlank)).toEqual([true, true, true, false]);
  });

  it("keeps the rules the admin forms share", () => {
    expect(isEmail(" pessoa@empresa.com.br ")).toBe(true);
    expect(isEmail("pessoa@empresa")).toBe(false);
    expect(isEmail("contato@omnia.example")).toBe(true);
    expect(isEmail("ana.souza+leads@sub.empresa.com.br")).toBe(true);
    for (const bad of ["", "pessoa@", "@empresa.com", "pessoa@@empresa.com", "pes soa@empresa.com", "pessoa@empresa."])
      expect(isEmail(bad)).toBe(false);
    // Undeliverable addresses a visitor mistypes: an empty label, a trailing dot, a one-letter end.
    for (const bad of ["ana@empresa..com", "ana@empresa.com.br.", "ana@empresa.c", "ana@.empresa.com"])
      expect(isEmail(bad)).toBe(false);
    expect(isHttpUrl("https://omnia.com.br/a.png")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
  });
});
