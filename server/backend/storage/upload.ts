// Receiving an upload: the body (multipart, as storage-js sends a Blob or File, or raw bytes)
// streamed to a temporary file with a byte limit, so a large body is refused with 413 once the
// limit is passed and never held in memory; then the image checked from its bytes.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import { BodyTooLarge, boundedChunks, declaresMoreThan, isBodyAborted } from "../../../app/lib/bounded-body.ts";
import { storageErrors } from "./errors.ts";
import { ImageOutOfBounds, MAX_PIXELS, checkBounds, loadSharp } from "./image-bounds.ts";

/** STORAGE_MAX_BYTES's default: 5 MB is far above a well-exported photo, and bounds a slow upload. */
export const DEFAULT_STORAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The image types the blog accepts, by their real (detected) MIME type. */
export const IMAGE_TYPES: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/avif": ["avif"],
  "image/gif": ["gif"],
};

export interface ReceivedBody {
  file: string;
  bytes: number;
  /** cacheControl from a multipart field or the Cache-Control header, in seconds. */
  cacheControl: string;
}

/** Room for multipart's boundaries and fields beside a file of the largest size allowed. */
const MULTIPART_SLACK = 64 * 1024;

function maxAge(value: string | undefined | null): string {
  const seconds = /(?:max-age=)?(\d{1,9})/.exec(value ?? "")?.[1];
  return seconds ?? "3600";
}

export async function receiveBody(request: Request, tempFile: string, limit: number): Promise<ReceivedBody> {
  // The body is certainly too large: refuse before reading any of it (multipart adds a little).
  if (declaresMoreThan(request, limit + MULTIPART_SLACK)) throw storageErrors.tooLarge(limit);
  if (!request.body) throw storageErrors.invalidRequest("The request has no body");
  const contentType = request.headers.get("content-type") ?? "";
  const output = fs.createWriteStream(tempFile);
  try {
    if (/^multipart\/form-data/i.test(contentType)) {
      return await receiveMultipart(request, contentType, output, limit);
    }
    await pipeline(
      Readable.fromWeb(request.body as never),
      (source: AsyncIterable<Uint8Array>) => boundedChunks(source, limit),
      output,
    );
    return {
      file: tempFile,
      bytes: fs.statSync(tempFile).size,
      cacheControl: maxAge(request.headers.get("cache-control")),
    };
  } catch (error) {
    // Removed once closed: a body that fails at once fails before the file is even open, and
    // the opening would bring it back after the removal.
    output.destroy();
    if (!output.closed) await new Promise<void>((closed) => output.once("close", () => closed()));
    fs.rmSync(tempFile, { force: true });
    if (error instanceof BodyTooLarge) throw storageErrors.tooLarge(limit);
    // The uploader hung up mid-body: its mistake (Node has answered 400), not one to log as ours.
    if (isBodyAborted(error)) throw storageErrors.bodyAborted();
    throw error;
  }
}

function receiveMultipart(
  request: Request,
  contentType: string,
  output: fs.WriteStream,
  limit: number,
): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: limit, fields: 10 } });
    } catch {
      reject(storageErrors.invalidRequest("The multipart body could not be read"));
      return;
    }
    let cacheControl = "3600";
    let writing: Promise<void> | null = null;
    let tooLarge = false;
    parser.on("field", (name, value) => {
      if (name === "cacheControl") cacheControl = maxAge(value);
    });
    parser.on("file", (_name, stream) => {
      stream.on("limit", () => {
        tooLarge = true;
      });
      writing = pipeline(stream, output);
      // Awaited on "close"; when the body fails first, that failure is the one reported.
      writing.catch(() => {});
    });
    parser.on("error", () => reject(storageErrors.invalidRequest("The multipart body could not be read")));
    parser.on("close", () => {
      if (!writing) return reject(storageErrors.invalidRequest("The multipart body has no file"));
      writing.then(() => {
        if (tooLarge) reject(new BodyTooLarge(limit));
        else resolve({ file: String(output.path), bytes: fs.statSync(output.path).size, cacheControl });
      }, reject);
    });
    Readable.fromWeb(request.body as never)
      .on("error", reject)
      .pipe(parser);
  });
}

/** A new version's id and the metadata storage-js reads back (as hosted Storage writes it). */
export function newVersion(
  received: ReceivedBody,
  image: CheckedImage,
): { id: string; metadata: Record<string, unknown> } {
  // Measured again: a JPEG was re-encoded by checkImage.
  const bytes = fs.statSync(received.file).size;
  const id = randomUUID();
  return {
    id,
    metadata: {
      eTag: `"${id}"`,
      size: bytes,
      mimetype: image.mimeType,
      cacheControl: `max-age=${received.cacheControl}`,
      lastModified: new Date().toISOString(),
      contentLength: bytes,
      httpStatusCode: 200,
      width: image.width,
      height: image.height,
    },
  };
}

export interface CheckedImage {
  mimeType: string;
  width: number;
  height: number;
}

/**
 * The extension of an object name's last segment ("" for a name ending in a dot), or null when
 * it has none.
 */
function extensionOf(name: string): string | null {
  const last = name.slice(name.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  return dot === -1 ? null : last.slice(dot + 1).toLowerCase();
}

/**
 * Refuses (415) a name whose extension, if any, is not one of the stored type's. Any extension,
 * not only an image's: a proxy, a CDN or a download serves `a.html` as a page whatever type it
 * was stored with. Uploads and moves both ask it.
 */
export function checkNameFitsType(name: string, mime: string): void {
  const extension = extensionOf(name);
  if (extension !== null && !(IMAGE_TYPES[mime] ?? []).includes(extension)) {
    throw storageErrors.mimeType(`the file is ${mime} but its name ends in .${extension}`);
  }
}

/**
 * The real type from the bytes (not the name or the Content-Type), which must be an accepted
 * image whose name's extension, if any, is one of that type's; its size from the header, within
 * the bounds of image-bounds.ts, before anything is decoded; then the whole image decoded once,
 * so a truncated or damaged file is refused. JPEGs are re-encoded without their metadata: EXIF
 * can carry the place a photo was taken.
 */
export async function checkImage(file: string, name: string, allowed: readonly string[] | null): Promise<CheckedImage> {
  const detected = await fileTypeFromFile(file);
  const accepted = allowed ?? Object.keys(IMAGE_TYPES);
  if (!detected || !accepted.includes(detected.mime) || !IMAGE_TYPES[detected.mime]) {
    const what = detected?.mime ?? (/\.svgz?$/i.test(name) ? "image/svg+xml" : "unknown");
    throw storageErrors.mimeType(`mime type ${what} is not supported`);
  }
  checkNameFitsType(name, detected.mime);
  const sharp = await loadSharp();
  const clean = `${file}.clean`;
  let info: { width: number; height: number };
  try {
    // A small file can claim a huge canvas (a decompression bomb) or a 1-pixel sliver millions
    // long, each of which costs seconds and a gigabyte to decode: refused from the header.
    info = checkBounds(await sharp(file).metadata());
    const image = sharp(file, { failOn: "truncated", limitInputPixels: MAX_PIXELS });
    if (detected.mime === "image/jpeg") {
      info = await image.rotate().jpeg({ quality: 90 }).toFile(clean);
    } else {
      // Every pixel decoded (so a truncated file fails), into a thumbnail that is thrown away:
      // libvips streams the decode, so memory stays small whatever the picture's size.
      await image.resize(64, 64, { fit: "inside" }).toBuffer();
    }
  } catch (error) {
    if (error instanceof ImageOutOfBounds) throw storageErrors.invalidImage(error.message, false);
    // Not libvips' own words: some name the file it read, a path on this server (AVIF's do).
    throw storageErrors.invalidImage(`the ${detected.mime} file is damaged or incomplete`);
  }
  // Outside the try: a file-system failure here is the server's (a 500), not a damaged image.
  if (detected.mime === "image/jpeg") fs.renameSync(clean, file);
  return { mimeType: detected.mime, width: info.width, height: info.height };
}
