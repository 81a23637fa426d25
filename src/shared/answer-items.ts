/**
 * Answer elements (SPEC §3 "Answer detail") as the response items a channel receives: the
 * assistant sends them (src/server/bot/), the workspaces screen previews them the same way.
 */
import { z } from 'zod';
import type { FileRef } from './domain/chat';
import { OPTIONS_ITEM_TYPE, type ResponseItem } from './domain/interaction';

/** SPEC §3 answer element / response item types. */
export const ITEM_TYPES = { text: 1, link: 2, image: 3, document: 4, video: 5, options: OPTIONS_ITEM_TYPE } as const;
const FILE_TYPES: readonly number[] = [ITEM_TYPES.image, ITEM_TYPES.document, ITEM_TYPES.video];

export interface AnswerElementRow {
  elementTypesIdType: number;
  elementOrderPos: number;
  elementValue: string;
  /** answer_elements.fallback_text: what a channel that cannot show the element receives (channels.ts). */
  fallbackText?: string;
}

/** Options: a JSON list of strings, or { text?, options } with a prompt. */
const OptionsValue = z.union([
  z.array(z.string()),
  z.object({ text: z.string().optional(), title: z.string().optional(), options: z.array(z.string()) })
]);
/** A file element: its url, or { url, name?, contentType? }. */
const FileValue = z.object({ url: z.string().min(1), name: z.string().optional(), contentType: z.string().optional() });

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  csv: 'text/csv',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime'
};

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter((s) => s !== '').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'archivo';
  } catch {
    return last || 'archivo';
  }
}

function contentTypeOf(name: string): string {
  const ext = name.includes('.') ? name.split('.').pop()?.toLowerCase() : undefined;
  return (ext && CONTENT_TYPES[ext]) || 'application/octet-stream';
}

function fileOf(value: string): FileRef {
  const parsed = FileValue.safeParse(parseJson(value));
  const url = parsed.success ? parsed.data.url : value.trim();
  const name = (parsed.success && parsed.data.name) || fileNameOf(url);
  const contentType = (parsed.success && parsed.data.contentType) || contentTypeOf(name);
  return { contentType, name, url };
}

/** One answer element as a response item (SPEC §3). */
export function toResponseItem(element: AnswerElementRow): ResponseItem {
  const type = element.elementTypesIdType;
  const value = element.elementValue;
  if (type === ITEM_TYPES.options) {
    const parsed = OptionsValue.safeParse(parseJson(value));
    if (!parsed.success) return { itemType: type, itemValue: null, itemOptions: [], itemFile: null };
    if (Array.isArray(parsed.data)) return { itemType: type, itemValue: null, itemOptions: parsed.data, itemFile: null };
    return { itemType: type, itemValue: parsed.data.text ?? parsed.data.title ?? null, itemOptions: parsed.data.options, itemFile: null };
  }
  if (FILE_TYPES.includes(type)) {
    const file = fileOf(value);
    return { itemType: type, itemValue: file.name, itemOptions: null, itemFile: file };
  }
  return { itemType: type, itemValue: value, itemOptions: null, itemFile: null };
}

/** The elements in elementOrderPos order, as response items. */
export function toResponseItems(elements: readonly AnswerElementRow[]): ResponseItem[] {
  return [...elements].sort((a, b) => a.elementOrderPos - b.elementOrderPos).map(toResponseItem);
}

/** The plain-text form of an answer: one line per item, options listed as '- option'. */
export function itemsToText(items: readonly ResponseItem[]): string {
  const lines: string[] = [];
  for (const item of items) {
    if (item.itemType === ITEM_TYPES.options) {
      if (item.itemValue) lines.push(item.itemValue);
      for (const option of item.itemOptions ?? []) lines.push(`- ${option}`);
    } else if (item.itemFile) {
      lines.push(`${item.itemFile.name}: ${item.itemFile.url}`);
    } else if (item.itemValue) {
      lines.push(item.itemValue);
    }
  }
  return lines.join('\n');
}

/** A single text item. */
export function textItem(text: string): ResponseItem {
  return { itemType: ITEM_TYPES.text, itemValue: text, itemOptions: null, itemFile: null };
}
