// The error table: one code per entry, PostgREST's statuses, and Postgres errors mapped by SQLSTATE.
import { afterEach, describe, expect, it, vi } from "vitest";
import { INSUFFICIENT_PRIVILEGE, RestError, isCatalogMiss, restErrors, statusFor, toRestError } from "./errors.ts";

describe("the REST error table", () => {
  it("gives every entry its own code and status, and builds errors with it", () => {
    const entries = Object.values(restErrors);
    expect(new Set(entries.map((e) => `${e.code} ${e.status}`)).size).toBe(entries.length);
    expect(restErrors.payloadTooLarge(10)).toMatchObject({
      status: 413,
      code: "PGRST413",
      message: "Payload Too Large",
      details: "The body is limited to 10 bytes",
      hint: null,
    });
    expect(restErrors.tableNotFound("public", "x")).toMatchObject({
      status: 404,
      code: "PGRST205",
      message: "Could not find the table 'public.x' in the schema cache",
    });
    expect(restErrors.functionNotFound("public", "f", ["a", "b"], " with parameters a, b")).toMatchObject({
      status: 404,
      message: "Could not find the function public.f(a, b) in the schema cache",
      details:
        "Searched for the function public.f with parameters a, b, but no matches were found in the schema cache.",
    });
    expect(restErrors.noRelationship("posts", "users", "x", "public", null)).toMatchObject({
      status: 400,
      code: "PGRST200",
      message: "Could not find a relationship between 'posts' and 'users' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'posts' and 'users' using the hint 'x' in the schema 'public', but no matches were found.",
    });
  });

  it("knows which misses a schema reload may cure", () => {
    expect(isCatalogMiss(restErrors.tableNotFound("public", "x"))).toBe(true);
    expect(isCatalogMiss(restErrors.undefinedColumn("t", "c"))).toBe(true);
    expect(isCatalogMiss(restErrors.badQuery("x"))).toBe(false);
    expect(isCatalogMiss(new Error("x"))).toBe(false);
  });
});

describe("Postgres errors", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keep SQLSTATE and message, with PostgREST's status", () => {
    expect(statusFor(INSUFFICIENT_PRIVILEGE, "anon")).toBe(401);
    expect(statusFor(INSUFFICIENT_PRIVILEGE, "authenticated")).toBe(403);
    expect(statusFor("23505", "anon")).toBe(409);
    expect(statusFor("22P02", "anon")).toBe(400);
    const err = toRestError({ code: "23505", message: "duplicate key", detail: "Key (slug)" }, "authenticated");
    expect(err).toMatchObject({
      status: 409,
      code: "23505",
      message: "duplicate key",
      details: "Key (slug)",
      hint: null,
    });
  });

  it("send only a generic message for server-side trouble, and log the cause", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(toRestError({ code: "08006", message: "connection lost to 10.0.0.1" }, "anon")).toMatchObject({
      status: 503,
      message: "Database unavailable",
    });
    expect(toRestError(new TypeError("secret"), "anon")).toMatchObject({
      status: 500,
      code: "XX000",
      message: "Internal server error",
    });
    expect(log).toHaveBeenCalledTimes(2);
    const own = new RestError(400, "PGRST100", "x");
    expect(toRestError(own, "anon")).toBe(own);
  });
});
