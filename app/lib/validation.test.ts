import { describe, expect, it } from "vitest";
import { isBlank, isEmail, isHttpUrl } from "./validation";

describe("validation", () => {
  it("calls a value blank when it has nothing but whitespace", () => {
    expect(["", "      ", "\t\u00a0\n", "  a  "].map(isBlank)).toEqual([true, true, true, false]);
  });

  it("keeps the rules the admin forms share", () => {
    expect(isEmail(" pessoa@empresa.com.br ")).toBe(true);
    expect(isEmail("pessoa@empresa")).toBe(false);
    for (const bad of ["", "pessoa@", "@empresa.com", "pessoa@@empresa.com", "pes soa@empresa.com", "pessoa@empresa."])
      expect(isEmail(bad)).toBe(false);
    expect(isHttpUrl("https://omnia.com.br/a.png")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
  });
});
