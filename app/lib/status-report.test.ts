import { describe, expect, it } from "vitest";
import { isStatusReport, type StatusReport } from "./status-report";

const report: StatusReport = {
  backend: "operational",
  allOk: true,
  latencyMs: 12,
  checkedAt: "2026-11-23T21:00:00.000Z",
  texts: {
    overall: "Todos os sistemas operacionais",
    backend: "Operacional",
    latency: "Tempo de resposta: 12 ms",
    checkedAt: "Verificado em 23 de novembro de 2026 às 18:00:00 (horário de Brasília).",
  },
};

describe("isStatusReport", () => {
  it("accepts what /status.json sends", () => {
    expect(isStatusReport(report)).toBe(true);
    expect(isStatusReport({ ...report, backend: "degraded", allOk: false })).toBe(true);
  });

  it("rejects anything else: an error page's JSON, a missing text, a wrong type", () => {
    expect(isStatusReport(null)).toBe(false);
    expect(isStatusReport({ message: "Internal Server Error" })).toBe(false);
    expect(isStatusReport({ ...report, backend: "down" })).toBe(false);
    expect(isStatusReport({ ...report, latencyMs: "12" })).toBe(false);
    expect(isStatusReport({ ...report, texts: { ...report.texts, latency: undefined } })).toBe(false);
  });
});
