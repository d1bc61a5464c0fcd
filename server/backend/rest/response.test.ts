// The response-writing stage on its own: statuses and headers as PostgREST sets them.
import { describe, expect, it } from "vitest";
import { restErrors } from "./errors.ts";
import type { Media } from "./media.ts";
import { contentRange, errorResponse, expectSingle, readResponse, readStatus, writeResponse } from "./response.ts";
import type { CommonHeaders, WriteResult } from "./response.ts";
import { restError } from "./testing.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const JSON_MEDIA: Media = { kind: "json", stripNulls: false };
const NONE: CommonHeaders = { applied: null, profile: null };

const w = (x: Partial<WriteResult>): WriteResult => ({
  kind: "insert",
  representation: false,
  media: JSON_MEDIA,
  n: 3,
  body: null,
  counted: false,
  inserted: null,
  location: null,
  ...x,
});

async function parts(res: Response) {
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    range: res.headers.get("content-range"),
    body: await res.text(),
  };
}

describe("ranges and statuses", () => {
  it("writes Content-Range like PostgREST", () => {
    expect(contentRange(0, 2, null)).toBe("0-2/*");
    expect(contentRange(10, 11, 12)).toBe("10-11/12");
    expect(contentRange(5, 4, 3)).toBe("*/3");
    expect(contentRange(0, -1, null)).toBe("*/*");
    expect(contentRange(1, 0, 7)).toBe("*/7");
  });

  it("answers 206 when a count shows the rows are part of the result, 416 past its end", () => {
    expect(readStatus(0, 5, null)).toBe(200);
    expect(readStatus(0, 5, 5)).toBe(200);
    expect(readStatus(0, 5, 12)).toBe(206);
    expect(readStatus(0, 0, 0)).toBe(200);
    expect(readStatus(10, 0, 3)).toBe(416);
  });
});

describe("bodies", () => {
  const rows = '[{"id":1},{"id":2}]';

  it("answers a read with the rows, or no body for HEAD, and PGRST103 past the end", async () => {
    expect(await parts(readResponse({ head: false, media: JSON_MEDIA, offset: 4 }, 2, rows, 7, NONE))).toEqual({
      status: 206,
      type: JSON_TYPE,
      range: "4-5/7",
      body: rows,
    });
    expect(await parts(readResponse({ head: true, media: JSON_MEDIA, offset: 0 }, 2, null, 7, NONE))).toMatchObject({
      status: 206,
      range: "0-1/7",
      body: "",
    });
    const past = readResponse({ head: false, media: JSON_MEDIA, offset: 9 }, 0, "[]", 3, NONE);
    expect(past.status).toBe(416);
    expect(await past.json()).toEqual({
      code: "PGRST103",
      details: "An offset of 9 was requested, but there are only 3 rows.",
      hint: null,
      message: "Requested range not satisfiable",
    });
    const voided = readResponse({ head: false, media: JSON_MEDIA, offset: 0, isVoid: true }, 1, "null", null, {
      applied: "tx=rollback",
      profile: "public",
    });
    expect(voided.status).toBe(204);
    expect(voided.headers.get("preference-applied")).toBe("tx=rollback");
    expect(voided.headers.get("content-profile")).toBe("public");
  });

  it("answers writes as PostgREST does", async () => {
    expect(await parts(writeResponse(w({}), NONE))).toEqual({ status: 201, type: null, range: "*/*", body: "" });
    expect(await parts(writeResponse(w({ counted: true }), NONE))).toMatchObject({ range: "*/3" });
    expect(await parts(writeResponse(w({ inserted: 0, representation: true, body: rows }), NONE))).toMatchObject({
      status: 200,
      type: JSON_TYPE,
      body: rows,
    });
    expect(await parts(writeResponse(w({ kind: "update", counted: true }), NONE))).toMatchObject({
      status: 204,
      range: "0-2/3",
    });
    expect(await parts(writeResponse(w({ kind: "delete", representation: true, body: rows }), NONE))).toMatchObject({
      status: 200,
      range: "*/*",
    });
    expect(
      await parts(writeResponse(w({ kind: "put", representation: true, inserted: 1, body: rows }), NONE)),
    ).toMatchObject({ status: 201, range: null });
    expect(writeResponse(w({ location: "/t?id=eq.1" }), NONE).headers.get("location")).toBe("/t?id=eq.1");
  });

  it("refuses anything but one row for .single() (PGRST116)", () => {
    const object: Media = { kind: "object", stripNulls: false };
    expect(() => expectSingle(object, 1)).not.toThrow();
    expect(() => expectSingle(JSON_MEDIA, 3)).not.toThrow();
    expect(restError(() => expectSingle(object, 0))).toMatchObject({
      status: 406,
      code: "PGRST116",
      details: "The result contains 0 rows",
    });
  });

  it("writes errors in PostgREST's shape", async () => {
    const res = errorResponse(restErrors.notSingle(2));
    expect(res.status).toBe(406);
    expect(res.headers.get("content-type")).toBe(JSON_TYPE);
    expect(await res.json()).toEqual({
      code: "PGRST116",
      details: "The result contains 2 rows",
      hint: null,
      message: "Cannot coerce the result to a single JSON object",
    });
  });
});
