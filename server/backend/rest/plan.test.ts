// The planning stage on its own: what each method does with a parsed request and its body.
import { describe, expect, it } from "vitest";
import { restError } from "./testing.ts";
import { parsePrefer, parseQuery } from "./parse.ts";
import { checkWrite, planDelete, planInsert, planRead, planUpdate, rowCap, rpcArguments } from "./plan.ts";
import type { TableMethod, TableRequest } from "./request.ts";

function req(method: TableMethod, query = "", prefer = "", single = false): TableRequest {
  return { method, table: "t", query: parseQuery(new URLSearchParams(query)), prefer: parsePrefer(prefer), single };
}

function body(raw: string) {
  return { raw, value: JSON.parse(raw) as unknown };
}

describe("planning", () => {
  it("caps anon and authenticated, not the service role (ADR 014)", () => {
    expect(rowCap("anon", 10)).toBe(10);
    expect(rowCap("authenticated", 10)).toBe(10);
    expect(rowCap("service_role", 10)).toBeUndefined();
  });

  it("plans reads, letting .single() see a second row under a cap of 1", () => {
    expect(planRead(req("GET", "select=id", "count=exact"), 5)).toMatchObject({
      kind: "read",
      count: true,
      maxRows: 5,
    });
    expect(planRead(req("GET", "", "", true), 1).maxRows).toBe(2);
    expect(planRead(req("GET"), undefined).maxRows).toBeUndefined();
    expect(restError(() => planRead(req("GET", "columns=a"), 5))).toMatchObject({ status: 400, code: "PGRST100" });
  });

  it("refuses paging on writes and unfiltered updates and deletes", () => {
    expect(restError(() => checkWrite(req("POST", "limit=1")))).toMatchObject({ code: "PGRST100" });
    expect(restError(() => checkWrite(req("PATCH", "order=id&id=eq.1")))).toMatchObject({ code: "PGRST100" });
    expect(restError(() => checkWrite(req("PATCH")))).toMatchObject({
      status: 400,
      code: "21000",
      message: "UPDATE requires a WHERE clause",
    });
    expect(restError(() => checkWrite(req("DELETE")))).toMatchObject({ message: "DELETE requires a WHERE clause" });
    expect(() => checkWrite(req("POST"))).not.toThrow();
    expect(() => checkWrite(req("DELETE", "id=eq.1"))).not.toThrow();
  });

  it("plans inserts of one object, arrays and none", () => {
    expect(planInsert(req("POST", "", "return=representation,missing=default"), body('{"a":1}'))).toEqual({
      kind: "insert",
      query: parseQuery(new URLSearchParams()),
      rowsJson: '[{"a":1}]',
      columns: ["a"],
      missingDefault: true,
      representation: true,
    });
    expect(planInsert(req("POST", "columns=a,b"), body('[{"a":1},{"b":2}]'))).toMatchObject({
      rowsJson: '[{"a":1},{"b":2}]',
      columns: ["a", "b"],
    });
    expect(planInsert(req("POST"), body("[]"))).toEqual({ kind: "insert-nothing" });
    expect(restError(() => planInsert(req("POST"), body('[{"a":1},{"b":2}]')))).toMatchObject({
      code: "PGRST102",
      message: "All object keys must match",
    });
    expect(restError(() => planInsert(req("POST"), body("[1]")))).toMatchObject({ status: 400, code: "PGRST102" });
  });

  it("plans updates, deletes and rpc arguments", () => {
    expect(planUpdate(req("PATCH", "id=eq.1"), body('{"a":1,"b":null}'))).toMatchObject({
      kind: "update",
      rowJson: '{"a":1,"b":null}',
      columns: ["a", "b"],
      representation: false,
    });
    expect(restError(() => planUpdate(req("PATCH", "id=eq.1"), body("[]")))).toMatchObject({ code: "PGRST102" });
    expect(planDelete(req("DELETE", "id=eq.1", "return=representation"))).toMatchObject({
      kind: "delete",
      representation: true,
    });
    expect(rpcArguments(body('{"n":1}'))).toEqual({ n: 1 });
    expect(restError(() => rpcArguments(body("[]")))).toMatchObject({
      code: "PGRST102",
      message: "Function arguments must be a JSON object",
    });
  });
});
