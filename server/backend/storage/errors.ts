// Errors in Supabase Storage's JSON shape, which storage-js turns into StorageApiError
// ({ statusCode, error, message }; statusCode is a string there, as hosted Storage sends it).
export class StorageError extends Error {
  readonly status: number;
  readonly error: string;
  /** Seconds a client should wait before asking again (429, 503): sent as Retry-After. */
  readonly retryAfter: number | null;
  constructor(status: number, error: string, message: string, retryAfter: number | null = null) {
    super(message);
    this.name = "StorageError";
    this.status = status;
    this.error = error;
    this.retryAfter = retryAfter;
  }

  toResponse(): Response {
    return Response.json(
      { statusCode: String(this.status), error: this.error, message: this.message },
      { status: this.status, headers: this.retryAfter === null ? {} : { "retry-after": String(this.retryAfter) } },
    );
  }
}

export const storageErrors = {
  unauthorized: (message: string) => new StorageError(403, "Unauthorized", message),
  rls: () => new StorageError(403, "Unauthorized", "new row violates row-level security policy"),
  bucketNotFound: () => new StorageError(404, "Bucket not found", "Bucket not found"),
  notFound: () => new StorageError(404, "not_found", "Object not found"),
  duplicate: () => new StorageError(409, "Duplicate", "The resource already exists"),
  tooLarge: (limit: number) =>
    new StorageError(413, "Payload too large", `The object exceeded the maximum allowed size (${limit} bytes)`),
  mimeType: (what: string) => new StorageError(415, "invalid_mime_type", what),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidImage: (reason: string, unreadable = true) =>
    new StorageError(400, "invalid_image", unreadable ? `The image could not be read: ${reason}` : reason),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message),
  bodyAborted: () =>
    new StorageError(400, "InvalidRequest", "The client closed the connection before sending the whole body"),
  /** A stored object that cannot become a rendition (too large, damaged): the same answer every time. */
  cannotRender: (reason: string) => new StorageError(422, "invalid_image", reason),
  renderLimited: (retryAfter: number) =>
    new StorageError(
      429,
      "too_many_requests",
      "Too many new image sizes asked from this address; try again later",
      retryAfter,
    ),
  renderBusy: () => new StorageError(503, "busy", "Too many images are being prepared; try again in a moment", 5),
  renderTimeout: () => new StorageError(503, "timeout", "The image took too long to prepare; try again in a moment", 5),
};
