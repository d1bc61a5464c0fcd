import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from "@supabase/supabase-js";
import { describe, expect, expectTypeOf, it } from "vitest";
import { adminCopy } from "~/content/admin";
import { authCopy } from "~/content/auth";
import {
  classify,
  DataFailure,
  dataErrorOf,
  errorNotice,
  expectData,
  fromThrown,
  screenErrorTexts,
  toDataError,
  unwrap,
  type DataError,
  type DataResult,
} from "./data-result";

// The errors below are what supabase-js 2.119 hands over (docs/supabase-wire.md §2, §3): PostgREST's
// body as is with the response status beside it, GoTrue's as its own error classes.

describe("classify", () => {
  it.each([
    // PostgREST: the SQLSTATE or PGRST code first.
    ["42501", 401, "unauthorized"],
    ["42501", 403, "forbidden"],
    ["PGRST301", 401, "unauthorized"],
    ["PGRST116", 406, "not-found"],
    ["PGRST103", 416, "not-found"],
    ["PGRST205", 404, "not-found"],
    ["42P01", 404, "not-found"],
    ["23505", 409, "conflict"],
    ["23503", 409, "invalid"],
    ["23514", 400, "invalid"],
    ["22P02", 400, "invalid"],
    ["P0001", 400, "invalid"],
    ["PGRST100", 400, "invalid"],
    ["08006", 503, "unavailable"],
    ["53300", 503, "unavailable"],
    // GoTrue codes.
    ["invalid_credentials", 400, "unauthorized"],
    ["bad_jwt", 403, "unauthorized"],
    ["user_already_exists", 422, "conflict"],
    ["weak_password", 422, "invalid"],
    ["over_request_rate_limit", 429, "throttled"],
    ["user_not_found", 404, "not-found"],
    // A 429 or a 5xx wins over whatever the code says.
    ["23505", 429, "throttled"],
    ["XX000", 500, "unavailable"],
    // No code, or an unknown one: the status decides.
    [undefined, 0, "unavailable"],
    [undefined, 401, "unauthorized"],
    [undefined, 403, "forbidden"],
    [undefined, 404, "not-found"],
    [undefined, 409, "conflict"],
    ["something_new", 422, "invalid"],
    [undefined, 502, "unavailable"],
    [undefined, undefined, "unknown"],
    ["something_new", undefined, "unknown"],
  ] as const)("%s with HTTP %s is %s", (code, status, kind) => {
    expect(classify(code, status)).toBe(kind);
  });
});

describe("toDataError", () => {
  it("reads a PostgREST body with the response's status", () => {
    const body = { code: "23505", message: "duplicate key value", details: null, hint: null };
    expect(toDataError(body, 409)).toEqual({
      kind: "conflict",
      message: "duplicate key value",
      code: "23505",
      status: 409,
    });
  });

  it("treats supabase-js's network failure (code '', status 0) as unavailable", () => {
    const body = { message: "TypeError: fetch failed", details: "", hint: "", code: "" };
    expect(toDataError(body, 0)).toEqual({ kind: "unavailable", message: "TypeError: fetch failed", status: 0 });
  });

  it("reads GoTrue's errors from their own status and code", () => {
    expect(toDataError(new AuthApiError("Invalid login credentials", 400, "invalid_credentials"))).toEqual({
      kind: "unauthorized",
      message: "Invalid login credentials",
      code: "invalid_credentials",
      status: 400,
    });
    expect(toDataError(new AuthRetryableFetchError("Failed to fetch", 0))).toMatchObject({
      kind: "unavailable",
      status: 0,
    });
  });

  it("keeps the weak-password reasons, and only there", () => {
    expect(toDataError(new AuthWeakPasswordError("weak", 422, ["length", "pwned"]))).toEqual({
      kind: "invalid",
      message: "weak",
      code: "weak_password",
      status: 422,
      reasons: ["length", "pwned"],
    });
    expect(toDataError({ message: "x", code: "validation_failed", status: 422 })).not.toHaveProperty("reasons");
  });
});

describe("unwrap and expectData", () => {
  const success = { data: [{ id: "1" }], error: null, count: null, status: 200, statusText: "OK" } as const;
  const failure = {
    data: null,
    error: { code: "42501", message: "permission denied", details: "", hint: "", name: "PostgrestError" },
    count: null,
    status: 403,
    statusText: "Forbidden",
  };

  it("gives the data, typed as the success branch's", () => {
    const result = unwrap(success as typeof success | typeof failure);
    expect(result).toEqual({ ok: true, data: [{ id: "1" }] });
    expectTypeOf(result).toEqualTypeOf<DataResult<(typeof success)["data"]>>();
    expect(expectData(success)).toEqual([{ id: "1" }]);
  });

  it("gives a typed error, or throws it as a DataFailure", () => {
    const expected: DataError = { kind: "forbidden", message: "permission denied", code: "42501", status: 403 };
    expect(unwrap(failure)).toEqual({ ok: false, error: expected });
    let caught: unknown;
    try {
      expectData(failure);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataFailure);
    expect((caught as DataFailure).message).toBe("permission denied");
    expect(dataErrorOf(caught)).toEqual(expected);
  });

  it("reads anything else caught as thrown", () => {
    expect(dataErrorOf(new TypeError("x is undefined"))).toEqual({
      kind: "unknown",
      message: "x is undefined",
      thrown: true,
    });
    expect(fromThrown("plain")).toEqual({ kind: "unknown", message: "plain", thrown: true });
  });
});

describe("errorNotice: what the screens show (docs/product.md §8)", () => {
  const conflict = toDataError({ code: "23505", message: "duplicate key value violates unique constraint" }, 409);
  const forbidden = toDataError({ code: "42501", message: "permission denied for table blog_posts" }, 403);
  const throttled = toDataError(new AuthApiError("Too many requests", 429, "over_request_rate_limit"));
  const refused = toDataError(new AuthApiError("Invalid login credentials", 400, "invalid_credentials"));
  const thrown = fromThrown(new Error("boom"));

  it("sign-in and sign-up: each code in pt-BR, throttling in our words, anything else as unexpected", () => {
    const login = screenErrorTexts.auth(authCopy, "login");
    expect(errorNotice(refused, login)).toEqual({ title: "Erro", description: "E-mail ou senha incorretos." });
    // A code the copy does not know, or none: never the service's English.
    const unknown = toDataError(new AuthApiError("Something odd happened", 400, "brand_new_code"));
    expect(errorNotice(unknown, login)).toEqual({ title: "Erro", description: "Ocorreu um erro. Tente novamente." });
    expect(errorNotice(throttled, login)).toEqual({
      title: "Erro",
      description: "Muitas tentativas de entrar. Por segurança, aguarde alguns minutos e tente novamente.",
    });
    expect(errorNotice(throttled, screenErrorTexts.auth(authCopy, "signup"))?.description).toBe(
      "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.",
    );
    expect(errorNotice(thrown, login)).toEqual({ title: "Erro", description: "Ocorreu um erro. Tente novamente." });
  });

  it("saving a post: a taken slug, a newer save, the network and the session in our words", () => {
    const texts = screenErrorTexts.savePost(adminCopy);
    expect(errorNotice(conflict, texts)).toEqual({ title: "Erro", description: "Já existe um post com este slug." });
    const stale = { kind: "stale" as const, message: "The post was saved elsewhere", code: "post_changed" };
    expect(errorNotice(stale, texts)?.description).toMatch(/^Outra pessoa salvou este post depois que você o abriu/);
    expect(errorNotice(forbidden, texts)?.description).toBe(
      "Sua função não permite esta ação. Se ela mudou há pouco, entre novamente.",
    );
    expect(errorNotice(thrown, texts)).toEqual({ title: "Erro", description: "Ocorreu um erro. Tente novamente." });
    // A refused value the form cannot place keeps the service's words (docs/product.md §8).
    const invalid = toDataError({ code: "23514", message: "violates check constraint" }, 400);
    expect(errorNotice(invalid, texts)?.description).toBe("violates check constraint");
  });

  it("every admin write: no network, a proxy's page or a lost session in pt-BR, never English", () => {
    const offline = toDataError({ code: "", message: "TypeError: Failed to fetch" }, 0);
    const proxy = toDataError({ message: "<html><body>502 Bad Gateway</body></html>" }, 502);
    const signedOut = toDataError({ code: "42501", message: "permission denied for table blog_posts" }, 401);
    for (const texts of [
      screenErrorTexts.savePost(adminCopy),
      screenErrorTexts.messageWrite(adminCopy),
      screenErrorTexts.saveSettings(adminCopy),
    ]) {
      expect(errorNotice(offline, texts)?.description).toBe(
        "Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.",
      );
      expect(errorNotice(proxy, texts)?.description).toBe(errorNotice(offline, texts)?.description);
      expect(errorNotice(signedOut, texts)?.description).toBe("Sua sessão terminou. Entre novamente para continuar.");
    }
  });

  it("deleting a post: nothing", () => {
    expect(errorNotice(forbidden, screenErrorTexts.deletePost(adminCopy))).toBeNull();
    expect(errorNotice(thrown, screenErrorTexts.deletePost(adminCopy))).toBeNull();
  });

  it("marking a lead handled or deleting it: a refused value in the service's words", () => {
    const texts = screenErrorTexts.messageWrite(adminCopy);
    expect(errorNotice(conflict, texts)).toEqual({ title: "Erro", description: conflict.message });
    expect(errorNotice(throttled, texts)).toEqual({ title: "Erro", description: throttled.message });
  });
});

describe("the constraint a refusal names", () => {
  it("reads it from PostgREST's message, or from a trigger's hint, for integrity violations only", () => {
    const check = toDataError(
      {
        code: "23514",
        message: 'new row for relation "blog_posts" violates check constraint "blog_posts_meta_title_check"',
        hint: null,
      },
      400,
    );
    expect(check).toMatchObject({ kind: "invalid", constraint: "blog_posts_meta_title_check" });
    const unique = toDataError(
      { code: "23505", message: 'duplicate key value violates unique constraint "tags_slug_key"' },
      409,
    );
    expect(unique).toMatchObject({ kind: "conflict", constraint: "tags_slug_key" });
    const trigger = toDataError({ code: "23514", message: "a post has at most 10 tags", hint: "post_tags_limit" }, 400);
    expect(trigger.constraint).toBe("post_tags_limit");
    // Not an integrity violation, or a hint in words: none.
    expect(toDataError({ code: "42501", message: 'policy "x" for constraint "y"', hint: "z" }, 403).constraint).toBe(
      undefined,
    );
    expect(toDataError({ code: "23514", message: "refused", hint: "Try again later." }, 400).constraint).toBe(
      undefined,
    );
  });
});
