// The one way a request body is read under a size limit, by the embedded backend's services
// (server/backend/: REST, auth, Storage; server/ imports this file with its `.ts` extension).
// A declared Content-Length over the limit is refused before a byte is read; a body without
// one is counted as it arrives and refused once it passes the limit, never held whole first.
// Each caller turns BodyTooLarge into its own API's 413. BodyAborted is a client that hung up
// mid-body: Node has answered 400 already, so it is no server error (the access log records that
// 400, server/http/access-log.ts). The site's admin-only JSON routes check the declared length
// with it before asking the database who the caller is (admin-auth.server.ts); their bytes are
// bounded where requests arrive.

export class BodyTooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The body is limited to ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
    this.maxBytes = maxBytes;
  }
}

/**
 * The client closed its connection before the whole body arrived (Node's "aborted"): the
 * client's doing, answered 400 by Node itself, so never a server error.
 */
export class BodyAborted extends Error {
  constructor() {
    super("The client closed the connection before sending the whole body");
    this.name = "BodyAborted";
    // No trace: it never points at a bug of ours, and a service that logs the errors it does not
    // know would otherwise print one for every hung-up request anyone cares to send.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** Error codes of a request stream whose connection went away (Node's "aborted" is ECONNRESET). */
const CONNECTION_LOST = new Set(["ECONNRESET", "ERR_STREAM_PREMATURE_CLOSE"]);

/** Whether reading a body failed because the client's connection went away. */
export function isBodyAborted(error: unknown): boolean {
  if (error instanceof BodyAborted) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // @hono/node-server's words when the stream closed without an error of its own.
  return (
    (typeof code === "string" && CONNECTION_LOST.has(code)) || error.message === "Client connection prematurely closed."
  );
}

/** Whether the request declares more than `maxBytes`, or a length that is not a number of bytes. */
export function declaresMoreThan(request: Request, maxBytes: number): boolean {
  const declared = request.headers.get("content-length")?.trim();
  if (!declared) return false;
  return !/^\d+$/.test(declared) || Number(declared) > maxBytes;
}

/**
 * The chunks of a body as they arrive, failing with BodyTooLarge once more than `maxBytes` have
 * passed, and with BodyAborted when the client hangs up first.
 */
export async function* boundedChunks(body: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  try {
    for await (const chunk of body) {
      seen += chunk.byteLength;
      if (seen > maxBytes) throw new BodyTooLarge(maxBytes);
      yield chunk;
    }
  } catch (error) {
    throw isBodyAborted(error) ? new BodyAborted() : error;
  }
}

/**
 * The whole body, at most `maxBytes` (empty when there is none); BodyTooLarge beyond, BodyAborted
 * when the client hangs up before sending it all.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (declaresMoreThan(request, maxBytes)) throw new BodyTooLarge(maxBytes);
  try {
    return await readBody(request, maxBytes);
  } catch (error) {
    throw isBodyAborted(error) ? new BodyAborted() : error;
  }
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (request.headers.get("content-length")) {
    // Declared within the limit: Node's HTTP server holds a request to its Content-Length, so
    // the body is read at once. Only an in-process Request can understate it; its bytes are
    // counted all the same. Before `request.body` is touched: on the Node adapter's request that
    // getter builds a web stream, and arrayBuffer() alone reads the socket directly.
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw new BodyTooLarge(maxBytes);
    return bytes;
  }
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  // Web streams are async iterable in Node; the DOM typings in use do not say so.
  for await (const chunk of boundedChunks(request.body as unknown as AsyncIterable<Uint8Array>, maxBytes)) {
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
