// Profile pictures: read under a hard byte cap, typed from their first bytes, decoded and
// re-encoded by sharp (libvips) under a pixel limit, so what is stored and served is always a
// small WebP made by us, with no EXIF, XMP or ICC data from the upload (ADR 0015).
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { ServiceError, validationError } from '../../shared/service-error.js';

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Decompression bombs: a small file that declares a huge canvas is refused before decoding. */
export const PICTURE_MAX_PIXELS = 40_000_000;
/** The stored picture fits this square (avatars are shown at most 128 px wide, twice for HiDPI). */
export const PICTURE_SIZE = 256;
export const PICTURE_CONTENT_TYPE = 'image/webp';

export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const tooLarge = () =>
  new ServiceError('too_large', { message: 'The picture must be at most 2 MB.' }, { closeConnection: true });
const notAnImage = () => validationError({ picture: ['The file is not a JPEG, PNG, WebP or GIF image.'] });

/**
 * The body, refused with 413 as soon as it passes `max` bytes (the rest is never read: the stream
 * is paused, not drained, and the answer closes the connection) or when its declared length
 * already does. At most `max` bytes are ever held.
 */
export function readCapped(body: Readable, declaredLength: number | undefined, max: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > max) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (error?: Error) => {
      body.off('data', onData).off('end', onEnd).off('error', stop);
      body.pause();
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > max) return stop(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, total));
    };
    body.on('data', onData).on('end', onEnd).on('error', stop);
  });
}

/** The format its magic bytes say, whatever the file was called or the header claimed. */
export function sniffImage(bytes: Uint8Array): PictureFormat | null {
  const starts = (offset: number, signature: number[] | string) => {
    const expected = typeof signature === 'string' ? [...signature].map((c) => c.charCodeAt(0)) : signature;
    return expected.every((byte, i) => bytes[offset + i] === byte);
  };
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, 'GIF87a') || starts(0, 'GIF89a')) return 'gif';
  if (starts(0, 'RIFF') && starts(8, 'WEBP')) return 'webp';
  return null;
}

/**
 * Decodes the upload as the format its bytes announce (the decoder must agree: a file that merely
 * starts like a PNG is refused), keeps its first frame, turns it upright, fits it in a square and
 * encodes a fresh WebP. sharp writes no metadata unless asked, so EXIF (GPS…) is gone.
 */
export async function reencodePicture(bytes: Buffer): Promise<Buffer> {
  const format = sniffImage(bytes);
  if (!format) throw notAnImage();
  try {
    const image = sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error', pages: 1 });
    const metadata = await image.metadata();
    if (metadata.format !== format) throw notAnImage();
    return await image.rotate().resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw validationError({ picture: ['The image is too large (more than 40 megapixels).'] });
    }
    throw notAnImage();
  }
}
