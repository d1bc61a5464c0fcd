// The one way a request body is read under a size limit, by the embedded backend's services
// (server/backend/: REST, auth, Storage; server/ imports this file with its `.ts` extension).
// A declared Content-Length over the limit is refused before a byte is read; a body without
// one is counted as it arrives and refused once it passes the limit, never held whole first.
// Each caller turns BodyTooLarge into its own API's 413. The site's admin-only JSON routes check
// the declared length with it before asking the database who the caller is
// (admin-auth.server.ts); their bytes are bounded where requests arrive.

export class BodyTooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The body is limited to ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
    this.maxBytes = maxBytes;
  }
}

/** Whether the request declares more than `maxBytes`, or a length that is not a number of bytes. */
export function declaresMoreThan(request: Request, maxBytes: number): boolean {
  const declared = request.headers.get("content-length")?.trim();
  if (!declared) return false;
  return !/^\d+$/.test(declared) || Number(declared) > maxBytes;
}

/** The chunks of a body as they arrive, failing with BodyTooLarge once more than `maxBytes` have passed. */
export async function* boundedChunks(body: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  for await (const chunk of body) {
    seen += chunk.byteLength;
    if (seen > maxBytes) throw new BodyTooLarge(maxBytes);
    yield chunk;
  }
}

/** The whole body, at most `maxBytes` (empty when there is none); BodyTooLarge otherwise. */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (declaresMoreThan(request, maxBytes)) throw new BodyTooLarge(maxBytes);
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
