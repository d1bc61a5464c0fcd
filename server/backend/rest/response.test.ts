// The response-writing stage on its own: statuses and headers as PostgREST sets them.
import { describe, expect, it } from "vitest";
import { restErrors } from "./errors.ts";
import {
  contentRange,
  errorResponse,
  expectSingle,
  readResponse,
  readStatus,
  rpcResponse,
  unwrap,
  writeResponse,
  writeStatus,
} from "./response.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const SINGLE_TYPE = "application/vnd.pgrst.object+json; charset=utf-8";

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
    expect(contentRange(0, 3, null)).toBe("0-2/*");
    expect(contentRange(10, 2, "12")).toBe("10-11/12");
    expect(contentRange(5, 0, "3")).toBe("*/3");
    expect(contentRange(0, 0, null)).toBe("*/*");
  });

  it("answers 206 only when a count shows the rows are part of the result (ADR 014)", () => {
    expect(readStatus(5, null)).toBe(200);
    expect(readStatus(5, "5")).toBe(200);
    expect(readStatus(5, "12")).toBe(206);
    // An offset past the total: 200 with no rows (PostgREST's 416 is not copied).
    expect(readStatus(0, "0")).toBe(200);
    expect(readStatus(0, "3")).toBe(206);
  });

  it("gives writes PostgREST's statuses", () => {
    expect(writeStatus("POST", false)).toBe(201);
    expect(writeStatus("POST", true)).toBe(201);
    expect(writeStatus("PATCH", true)).toBe(200);
    expect(writeStatus("DELETE", false)).toBe(204);
  });
});

describe("bodies", () => {
  const rows = { body: '[{"id":1},{"id":2}]', n: 2, total: "7" };
  const one = { body: '[{"id":1}]', n: 1 };

  it("answers a read with the rows, or no body for HEAD", async () => {
    expect(await parts(readResponse(false, false, 4, rows))).toEqual({
      status: 206,
      type: JSON_TYPE,
      range: "4-5/7",
      body: rows.body,
    });
    expect(await parts(readResponse(true, false, 0, rows))).toMatchObject({ status: 206, range: "0-1/7", body: "" });
    expect(await parts(readResponse(false, true, 0, one))).toEqual({
      status: 200,
      type: SINGLE_TYPE,
      range: "0-0/*",
      body: '{"id":1}',
    });
  });

  it("answers a write with its range, and the rows when asked", async () => {
    expect(await parts(writeResponse(201, false, false, { body: "", n: 3 }, false))).toEqual({
      status: 201,
      type: null,
      range: "0-2/*",
      body: "",
    });
    expect(await parts(writeResponse(200, true, false, rows, true))).toEqual({
      status: 200,
      type: JSON_TYPE,
      range: "0-1/2",
      body: rows.body,
    });
    expect(await parts(writeResponse(201, true, true, one, false))).toMatchObject({
      type: SINGLE_TYPE,
      body: '{"id":1}',
    });
  });

  it("answers rpc with 204 for void, the range of a set, or the value", async () => {
    expect(await parts(rpcResponse(true, undefined))).toEqual({ status: 204, type: null, range: null, body: "" });
    expect(await parts(rpcResponse(false, { body: "[1,2]", n: 2 }))).toEqual({
      status: 200,
      type: JSON_TYPE,
      range: "0-1/*",
      body: "[1,2]",
    });
    expect(await parts(rpcResponse(false, { body: null }))).toEqual({
      status: 200,
      type: JSON_TYPE,
      range: null,
      body: "null",
    });
  });

  it("unwraps one row and refuses any other number for .single() (PGRST116)", () => {
    expect(unwrap('[{"a":[1]}]')).toBe('{"a":[1]}');
    expect(expectSingle(true, one)).toBe(one);
    expect(expectSingle(false, rows)).toBe(rows);
    expect(() => expectSingle(true, rows)).toThrow(
      expect.objectContaining({ status: 406, code: "PGRST116", details: "The result contains 2 rows" }),
    );
  });

  it("writes errors in PostgREST's shape", async () => {
    const res = errorResponse(restErrors.unsupportedMediaType("text/plain"));
    expect(res.status).toBe(415);
    expect(res.headers.get("content-type")).toBe(JSON_TYPE);
    expect(await res.json()).toEqual({
      code: "PGRST107",
      details: null,
      hint: "Send application/json",
      message: "Content-Type not acceptable: text/plain",
    });
  });
});
