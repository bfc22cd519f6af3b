import type { ApiRequest } from '../http/types.ts';
import { invalidRequest } from './errors.ts';
import { boundaryOf, parseMultipart } from './multipart.ts';

/** What an upload carries, whichever way supabase-js sent it. */
export interface UploadBody {
  data: Buffer;
  /** Without parameters, e.g. 'text/plain'. */
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

const byExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const header = (request: ApiRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The declared type without parameters; a missing or generic one is guessed from the name. */
export function detectMimeType(declared: string | undefined, objectName: string): string {
  const bare = declared?.split(';')[0].trim().toLowerCase();
  if (bare && bare !== 'application/octet-stream') return bare;
  const extension = objectName.split('.').pop()?.toLowerCase() ?? '';
  return byExtension[extension] ?? bare ?? 'application/octet-stream';
}

function parseMetadata(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw invalidRequest('metadata must be a JSON object');
}

const maxAge = (value: string | undefined) => value?.replace(/^max-age=/, '') || '3600';

function fromMultipart(request: ApiRequest, objectName: string, boundary: string): UploadBody {
  const parts = parseMultipart(request.body, boundary);
  const file =
    parts.find((part) => part.filename !== undefined) ?? parts.find((p) => p.name === '');
  if (!file) throw invalidRequest('The multipart body has no file');
  const field = (name: string) => parts.find((p) => p.name === name && p !== file)?.data.toString();
  return {
    data: file.data,
    mimeType: detectMimeType(file.contentType, objectName),
    cacheControl: maxAge(field('cacheControl')),
    userMetadata: parseMetadata(field('metadata')),
  };
}

/** Reads a multipart (Blob, File, FormData) or raw (Buffer, stream) upload. */
export function readUploadBody(request: ApiRequest, objectName: string): UploadBody {
  const contentType = header(request, 'content-type') ?? '';
  const boundary = /^multipart\/form-data/i.test(contentType) ? boundaryOf(contentType) : undefined;
  if (boundary) return fromMultipart(request, objectName, boundary);
  const metadata = header(request, 'x-metadata');
  return {
    data: request.body,
    mimeType: detectMimeType(contentType, objectName),
    cacheControl: maxAge(header(request, 'cache-control')),
    userMetadata: parseMetadata(metadata && Buffer.from(metadata, 'base64').toString('utf8')),
  };
}
