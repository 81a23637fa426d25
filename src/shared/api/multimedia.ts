import { z } from 'zod';
import { endpoint } from './endpoint';
import { CHAT_AND_EDITORS, ORG_QUERY } from './access';
import { OrgQuery } from '../domain/common';
import { FileId, UploadPayload, UploadResult } from '../domain/media';

/** SPEC §7 "Multimedia". */
export const multimediaEndpoints = {
  uploadFile: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/multimedia/subir',
    query: OrgQuery,
    body: UploadPayload,
    response: UploadResult,
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: "Body: data (base64), format_type 'base64', content_type, optional name; up to 10 MB. Answers the file id and its download url ('/api/multimedia/descargar/{id}'), which logos, avatars and chat attachments reference."
  }),
  downloadFile: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/multimedia/descargar/{id}',
    params: z.object({ id: FileId }),
    response: 'binary',
    access: 'any',
    note: "Streams the file with its stored content type. Only files of the caller's organisation (roles 1–2: any)."
  })
} as const;
