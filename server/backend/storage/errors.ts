// Errors in Supabase Storage's JSON shape, which storage-js turns into StorageApiError
// ({ statusCode, error, message }; statusCode is a string there, as hosted Storage sends it).
export class StorageError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, message: string) {
    super(message);
    this.name = "StorageError";
    this.status = status;
    this.error = error;
  }

  toResponse(): Response {
    return Response.json(
      { statusCode: String(this.status), error: this.error, message: this.message },
      { status: this.status },
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
  invalidImage: (reason: string) => new StorageError(400, "invalid_image", `The image could not be read: ${reason}`),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message),
};
