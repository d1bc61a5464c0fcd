// The planning stage on its own: what each method does with a parsed request and its body.
import { describe, expect, it } from "vitest";
import { restError } from "./testing.ts";
import { parseQuery } from "./parse.ts";
import { checkPreferences, checkWrite, planDelete, planInsert, planPut, planRead, planUpdate, rowCap } from "./plan.ts";
import { parsePrefer } from "./prefer.ts";
import type { TableMethod, TableRequest } from "./request.ts";

function req(method: TableMethod, query = "", prefer = "", single = false): TableRequest {
  return {
    method,
    schema: "public",
    negotiated: false,
    table: "t",
    query: parseQuery(new URLSearchParams(query)),
    prefer: parsePrefer(prefer),
    media: single ? { kind: "object", stripNulls: false } : { kind: "json", stripNulls: false },
    range: null,
  };
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
      count: "exact",
      maxRows: 5,
    });
    expect(planRead(req("GET", "", "", true), 1).maxRows).toBe(2);
    expect(planRead(req("GET"), undefined).maxRows).toBeUndefined();
    expect(restError(() => planRead(req("GET", "columns=a"), 5))).toMatchObject({ status: 400, code: "PGRST100" });
  });

  it("refuses paging on writes, unfiltered updates and deletes, and unknown preferences when strict", () => {
    expect(restError(() => checkWrite(req("POST", "limit=1")))).toMatchObject({ code: "PGRST100" });
    expect(restError(() => checkWrite(req("PUT", "limit=1&id=eq.1")))).toMatchObject({ status: 400, code: "PGRST114" });
    // An embed's paging shapes the representation, not the write.
    expect(() => checkWrite(req("POST", "select=id,tags(id)&tags.limit=1"))).not.toThrow();
    expect(() => checkWrite(req("DELETE", "or=(id.eq.1,id.eq.2)"))).not.toThrow();
    expect(restError(() => checkPreferences(parsePrefer("handling=strict, foo, bar")))).toMatchObject({
      status: 400,
      code: "PGRST122",
      message: "Invalid preferences given with handling=strict",
      details: "Invalid preferences: foo, bar",
    });
    expect(() => checkPreferences(parsePrefer("foo"))).not.toThrow();
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
    expect(
      planInsert(req("POST", "", "return=representation,missing=default,resolution=merge-duplicates"), body('{"a":1}')),
    ).toMatchObject({
      kind: "insert",
      rowsJson: '[{"a":1}]',
      columns: ["a"],
      missingDefault: true,
      returning: "representation",
      resolution: "merge-duplicates",
    });
    expect(planInsert(req("POST", "columns=a,b"), body('[{"a":1},{"b":2}]'))).toMatchObject({
      rowsJson: '[{"a":1},{"b":2}]',
      columns: ["a", "b"],
    });
    expect(planInsert(req("POST"), body("[]"))).toMatchObject({ kind: "insert-nothing", returning: "minimal" });
    expect(restError(() => planInsert(req("POST"), body('[{"a":1},{"b":2}]')))).toMatchObject({
      code: "PGRST102",
      message: "All object keys must match",
    });
    expect(restError(() => planInsert(req("POST"), body("[1]")))).toMatchObject({ status: 400, code: "PGRST102" });
  });

  it("plans updates, PUT and deletes", () => {
    expect(planUpdate(req("PATCH", "id=eq.1"), body('{"a":1,"b":null}'))).toMatchObject({
      kind: "update",
      rowsJson: '{"a":1,"b":null}',
      columns: ["a", "b"],
      returning: "minimal",
    });
    expect(planUpdate(req("PATCH", "id=eq.1&columns=a,c"), body('{"a":1}')).columns).toEqual(["a", "c"]);
    expect(planPut(req("PUT", "id=eq.1"), body('{"id":1,"a":2}'))).toMatchObject({
      kind: "put",
      rowsJson: '[{"id":1,"a":2}]',
    });
    expect(restError(() => planUpdate(req("PATCH", "id=eq.1"), body("[]")))).toMatchObject({ code: "PGRST102" });
    expect(planDelete(req("DELETE", "id=eq.1", "return=representation"))).toMatchObject({
      kind: "delete",
      returning: "representation",
    });
  });
});
