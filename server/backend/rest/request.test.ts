// The request-parsing stage on its own: a bare Hono app around each function, no database.
import { Hono } from "hono";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { RestError, restErrors } from "./errors.ts";
import { MAX_QUERY_STRING } from "./parse.ts";
import {
  MAX_JSON_DEPTH,
  authenticate,
  jsonDepth,
  parseRpcRequest,
  parseTableRequest,
  readJsonBody,
} from "./request.ts";

/** Runs `fn` on a request and answers its result as JSON, or the RestError it threw. */
async function through(fn: (c: Context) => unknown, req: Request): Promise<{ ok: unknown } | { err: RestError }> {
  let out: { ok: unknown } | { err: RestError } | undefined;
  const app = new Hono();
  app.all("*", async (c) => {
    try {
      out = { ok: await fn(c) };
    } catch (err) {
      if (!(err instanceof RestError)) throw err;
      out = { err };
    }
    return c.body(null, 204);
  });
  await app.request(req);
  return out!;
}

async function fails(fn: (c: Context) => unknown, req: Request): Promise<RestError> {
  const out = await through(fn, req);
  if (!("err" in out)) throw new Error(`expected a RestError, got ${JSON.stringify(out.ok)}`);
  return out.err;
}

async function succeeds(fn: (c: Context) => unknown, req: Request): Promise<unknown> {
  const out = await through(fn, req);
  if ("err" in out) throw out.err;
  return out.ok;
}

const URL_BASE = "http://localhost/rest/v1/blog_posts";

const verify = async (token: string) => {
  if (token === "expired") throw Object.assign(new Error("exp"), { code: "ERR_JWT_EXPIRED" });
  if (token.startsWith("role:")) return { role: token.slice(5), sub: "u" };
  throw new Error("bad signature");
};

const auth = (headers: Record<string, string>) => new Request(URL_BASE, { headers });

const parse = (c: Context) => parseTableRequest(c, "blog_posts", ["public"]);
const two = (c: Context) => parseTableRequest(c, "t", ["public", "extra"]);
const parseRpc = (c: Context) => parseRpcRequest(c, "f", ["public"]);

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(URL_BASE, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);

const streamed = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe("authenticate", () => {
  it("takes the bearer token first, else the apikey", async () => {
    expect(
      await succeeds((c) => authenticate(c, verify), auth({ authorization: "Bearer role:authenticated", apikey: "x" })),
    ).toEqual({ role: "authenticated", claims: { role: "authenticated", sub: "u" }, headers: {} });
    expect(await succeeds((c) => authenticate(c, verify), auth({ apikey: "role:anon" }))).toMatchObject({
      role: "anon",
    });
  });

  it.each([
    [{}, "No API key found in request"],
    [{ apikey: "" }, "No API key found in request"],
    [{ authorization: "Basic abc", apikey: "role:anon" }, "Invalid Authorization header"],
    [{ apikey: "garbage" }, "Invalid JWT"],
    [{ apikey: "expired" }, "JWT expired"],
    [{ apikey: "role:postgres" }, "JWT role is not allowed"],
    [{ apikey: "role:" }, "JWT role is not allowed"],
  ])("refuses %j with 401 PGRST301 %s", async (headers, message) => {
    expect(await fails((c) => authenticate(c, verify), auth(headers))).toMatchObject({
      status: 401,
      code: "PGRST301",
      message,
    });
  });
});

describe("parseTableRequest", () => {
  it("reads the query string, Prefer, Accept and Range", async () => {
    const req = new Request(`${URL_BASE}?select=id&title=eq.a&limit=2`, {
      headers: { prefer: "count=exact", accept: "application/vnd.pgrst.object+json", range: "0-4" },
    });
    expect(await succeeds(parse, req)).toMatchObject({
      method: "GET",
      schema: "public",
      negotiated: false,
      table: "blog_posts",
      query: { filters: [{ path: [], value: { field: { name: "title" }, operation: { op: "eq", value: "a" } } }] },
      prefer: { count: "exact", invalid: [] },
      media: { kind: "object", stripNulls: false },
      range: { offset: 0, limit: 5 },
    });
  });

  it("refuses other methods, schemas outside REST_SCHEMAS and over-long query strings", async () => {
    expect(await fails(parse, new Request(URL_BASE, { method: "COPY" }))).toMatchObject({
      status: 405,
      code: "PGRST117",
      message: "Unsupported HTTP method: COPY",
    });
    expect(await fails(parse, new Request(URL_BASE, { headers: { "accept-profile": "auth" } }))).toMatchObject({
      status: 406,
      code: "PGRST106",
      message: "Invalid schema: auth",
      hint: "Only the following schemas are exposed: public",
    });
    // Writes name the schema in Content-Profile; Accept-Profile is then not looked at.
    expect(
      await succeeds(parse, new Request(URL_BASE, { method: "DELETE", headers: { "accept-profile": "auth" } })),
    ).toMatchObject({ method: "DELETE" });
    expect(
      await fails(parse, new Request(URL_BASE, { method: "DELETE", headers: { "content-profile": "auth" } })),
    ).toMatchObject({ code: "PGRST106" });
    expect(await succeeds(two, new Request(URL_BASE, { headers: { "accept-profile": "extra" } }))).toMatchObject({
      schema: "extra",
      negotiated: true,
    });
    expect(await succeeds(two, new Request(URL_BASE))).toMatchObject({ schema: "public", negotiated: true });
    const long = `${URL_BASE}?title=eq.${"a".repeat(MAX_QUERY_STRING)}`;
    expect(await fails(parse, new Request(long))).toMatchObject({ status: 400, code: "PGRST100" });
  });

  it("takes GET/HEAD/POST on rpc, with arguments in the query string of a GET", async () => {
    const rpc = "http://localhost/rest/v1/rpc/f";
    expect(await succeeds(parseRpc, new Request(`${rpc}?n=1&select=a`))).toMatchObject({
      method: "GET",
      query: { rpcArgs: [["n", "1"]] },
    });
    expect(await fails(parseRpc, new Request(`${rpc}?n=1`, { method: "POST" }))).toMatchObject({
      status: 400,
      code: "PGRST100",
    });
    expect(await fails(parseRpc, new Request(rpc, { method: "PATCH" }))).toMatchObject({
      status: 405,
      code: "PGRST101",
      message: "Cannot use the PATCH method on RPC",
    });
  });
});

describe("readJsonBody", () => {
  const MAX = 128;
  const read = (c: Context) => readJsonBody(c, MAX);

  it("returns the text as sent and its value", async () => {
    expect(await succeeds(read, post('{"a": [1, "x"]}'))).toEqual({ raw: '{"a": [1, "x"]}', value: { a: [1, "x"] } });
    // No Content-Type is taken as JSON, as PostgREST does.
    const untyped = new Request(URL_BASE, { method: "POST", body: "[]" });
    untyped.headers.delete("content-type");
    expect(await succeeds(read, untyped)).toEqual({ raw: "[]", value: [] });
    expect(await succeeds(read, post(streamed(['{"a":', "1}"])))).toEqual({ raw: '{"a":1}', value: { a: 1 } });
  });

  it("answers 413 PGRST413 over the limit, declared, streamed or understated", async () => {
    const tooLarge = { status: 413, code: "PGRST413", message: "Payload Too Large" };
    const big = `"${"x".repeat(MAX)}"`;
    expect(await fails(read, post(big))).toMatchObject({ ...tooLarge, details: `The body is limited to ${MAX} bytes` });
    expect(await fails(read, post(streamed([big.slice(0, 100), big.slice(100)])))).toMatchObject(tooLarge);
    expect(await fails(read, post("[]", { "content-length": "1000" }))).toMatchObject(tooLarge);
    expect(await fails(read, post(big, { "content-length": "2" }))).toMatchObject(tooLarge);
    // A declared length over the limit is refused before the type is looked at, as before.
    expect(await fails(read, post("[]", { "content-length": "1000", "content-type": "text/plain" }))).toMatchObject(
      tooLarge,
    );
    expect(await succeeds(read, post(`"${"x".repeat(MAX - 2)}"`))).toMatchObject({ raw: `"${"x".repeat(MAX - 2)}"` });
  });

  it("answers 415 PGRST107 for a type other than JSON", async () => {
    expect(await fails(read, post("{}", { "content-type": "text/plain" }))).toEqual(
      restErrors.unsupportedMediaType("text/plain"),
    );
    expect(await fails(read, post("{}", { "content-type": "Text/Plain" }))).toMatchObject({
      status: 415,
      code: "PGRST107",
      message: "Content-Type not acceptable: text/plain",
      hint: "Send application/json",
    });
    expect(await succeeds(read, post("{}", { "content-type": "application/json; charset=utf-8" }))).toBeTruthy();
  });

  it.each([
    ["", null],
    ["{not json", null],
    [new Uint8Array([0x22, 0xff, 0x22]), null],
    [
      "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1),
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    ],
    ['"a\\u0000b"', "\\u0000 cannot be stored"],
  ])("answers 400 PGRST102 for %j", async (body, details) => {
    expect(await fails(read, post(body))).toMatchObject({
      status: 400,
      code: "PGRST102",
      message: "Empty or invalid json",
      details,
    });
  });

  it("measures nesting without recursion", () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1] })).toBe(2);
    const deep = JSON.parse("[".repeat(100_000) + "]".repeat(100_000)) as unknown;
    expect(jsonDepth(deep)).toBe(MAX_JSON_DEPTH + 1);
  });
});
