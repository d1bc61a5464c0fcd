import { describe, expect, it } from "vitest";
import { leadAnswerFrom, leadOutcome } from "./lead-answer";

describe("leadAnswerFrom", () => {
  it("keeps the server's verdicts", () => {
    expect(leadAnswerFrom({ status: "success", page: "/precos" })).toEqual({ status: "success", page: "/precos" });
    const invalid = { status: "invalid", errors: { email: "invalid" }, values: {}, page: "/" };
    expect(leadAnswerFrom(invalid)).toEqual(invalid);
    const limited = { status: "rate-limited", retryAfterSeconds: 61, values: {}, page: "/" };
    expect(leadAnswerFrom(limited)).toEqual(limited);
  });

  it("turns anything else (no body, a proxy's page, a malformed verdict) into a failure", () => {
    const failure = { status: "error", values: {}, page: "" };
    for (const body of [
      null,
      "Bad Gateway",
      42,
      {},
      { status: "ok" },
      { status: "invalid" },
      { status: "rate-limited" },
    ])
      expect(leadAnswerFrom(body)).toEqual(failure);
  });
});

describe("leadOutcome", () => {
  it("success: sent", () => {
    expect(leadOutcome({ status: "success", page: "/" })).toEqual({ kind: "sent" });
  });

  it("the server's field errors go next to the fields", () => {
    expect(leadOutcome({ status: "invalid", errors: { name: "required" }, values: {}, page: "/" })).toEqual({
      kind: "invalid",
      errors: { name: "required" },
    });
  });

  it("failures carry the same pt-BR texts as the server-rendered page", () => {
    expect(leadOutcome({ status: "rate-limited", retryAfterSeconds: 540, values: {}, page: "/" })).toEqual({
      kind: "failed",
      message: "Recebemos muitos envios da sua conexão. Tente novamente em 9 minutos.",
    });
    expect(leadOutcome({ status: "rate-limited", retryAfterSeconds: 20, values: {}, page: "/" })).toMatchObject({
      message: "Recebemos muitos envios da sua conexão. Tente novamente em 1 minuto.",
    });
    expect(leadOutcome({ status: "error", values: {}, page: "/" })).toEqual({
      kind: "failed",
      message: "Não foi possível enviar agora. Seus dados foram mantidos: tente novamente em instantes.",
    });
    expect(leadOutcome({ status: "error", reason: "unreadable", values: {}, page: "/" })).toEqual({
      kind: "failed",
      message: "Não conseguimos ler o formulário enviado. Recarregue a página e envie de novo.",
    });
  });
});
