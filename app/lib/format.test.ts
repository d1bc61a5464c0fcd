import { describe, expect, it } from "vitest";
import { formatDateTime, formatPrice } from "./format";

describe("formatPrice", () => {
  it("formats the plan prices as whole reais with a no-break space after the symbol", () => {
    expect(formatPrice(297)).toBe("R$\u00a0297");
    expect(formatPrice(497)).toBe("R$\u00a0497");
    expect(formatPrice(1675)).toBe("R$\u00a01.675");
    expect(formatPrice(4975)).toBe("R$\u00a04.975");
  });
});

describe("formatDateTime", () => {
  it("writes the date in pt-BR in São Paulo time", () => {
    expect(formatDateTime(new Date("2026-11-21T13:05:09Z"))).toBe("21 de novembro de 2026 às 10:05:09");
  });
});
