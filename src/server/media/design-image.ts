import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../shared/domain/dashboard-design';
import type { Db } from '../db/types';
import { files } from '../db/schema';
import { HttpError } from '../http/errors';

/** A design image's sides, in px (its types and size: src/shared/domain/dashboard-design.ts). */
export const DESIGN_IMAGE_MIN_SIDE = 16;
export const DESIGN_IMAGE_MAX_SIDE = 2048;

/** What a design image is called in the refusals: the dashboard's logo or the widget's avatar. */
export type DesignImageNoun = 'El logo' | 'El avatar';

export const DESIGN_IMAGE_TEXT = {
  notUploaded: (noun: DesignImageNoun) => `url: ${noun} debe ser un archivo cargado en la plataforma`,
  notFound: (noun: DesignImageNoun) => `url: El archivo ${noun === 'El logo' ? 'del logo' : 'del avatar'} no existe`,
  type: (noun: DesignImageNoun) => `url: ${noun} debe ser una imagen PNG, JPEG o WebP`,
  tooLarge: (noun: DesignImageNoun) => `url: ${noun} no puede superar ${LOGO_MAX_BYTES / (1024 * 1024)} MB`,
  dimensions: (noun: DesignImageNoun) => `url: ${noun} debe medir entre ${DESIGN_IMAGE_MIN_SIDE} y ${DESIGN_IMAGE_MAX_SIDE} píxeles por lado`
} as const;

/**
 * A logo's or avatar's bytes: a PNG, JPEG or WebP (the type already sniffed from the bytes by
 * checkUpload), at most 2 MB, each side within 16–2048 px. Throws the 400 naming what is wrong.
 */
export function requireDesignImageBytes(file: { contentType: string; size: number; data: Buffer }, noun: DesignImageNoun): void {
  if (!LOGO_TYPES.has(file.contentType)) throw new HttpError(400, DESIGN_IMAGE_TEXT.type(noun));
  if (file.size > LOGO_MAX_BYTES) throw new HttpError(400, DESIGN_IMAGE_TEXT.tooLarge(noun));
  let size: { width: number; height: number } | null = null;
  try {
    size = imageSize(file.data);
  } catch {
    // A truncated or malformed image: no size to read.
  }
  if (!size || [size.width, size.height].some((side) => side < DESIGN_IMAGE_MIN_SIDE || side > DESIGN_IMAGE_MAX_SIDE)) throw new HttpError(400, DESIGN_IMAGE_TEXT.dimensions(noun));
}

const UPLOADED = /^\/api\/multimedia\/descargar\/([A-Za-z0-9_-]+)$/;

/** A design image's url must name a file the organisation uploaded that passes requireDesignImageBytes. */
export async function requireDesignImage(db: Db, orgId: number, url: string, noun: DesignImageNoun): Promise<void> {
  const id = UPLOADED.exec(url)?.[1];
  if (id === undefined) throw new HttpError(400, DESIGN_IMAGE_TEXT.notUploaded(noun));
  const [file] = await db
    .select({ organizationId: files.organizationId, contentType: files.contentType, size: files.size, data: files.data })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  if (!file || file.organizationId !== orgId) throw new HttpError(400, DESIGN_IMAGE_TEXT.notFound(noun));
  requireDesignImageBytes(file, noun);
}
