import { z } from 'zod';
import { endpoint } from './endpoint';
import { HUMAN_SETTINGS_EDITORS, ORG_QUERY } from './access';
import { IdParam, OrgQuery, SuccessResult } from '../domain/common';
import { QueryBool } from '../domain/fields';
import { ChatParameters, CreatePauseEvent, PauseEvent, PauseEventQuery, UpdateChatParameters, UpdatePauseEvent } from '../domain/parameters';

/** SPEC §7 "Chat parameters and pause events" (human-agent service). */
export const parameterEndpoints = {
  chatParameters: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerParametros',
    query: OrgQuery,
    response: ChatParameters,
    access: 'any',
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'SPEC §3 parameters. Read by the console too (the max chats per agent).'
  }),
  updateChatParameters: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/actualizarParametros',
    query: OrgQuery,
    body: UpdateChatParameters,
    response: ChatParameters,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body: any subset of the parameters (the general page sends nroMaximoChatsAsesor). Answers all parameters.'
  }),
  pauseEvents: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerEventosPausa',
    query: z.object({ idOrg: IdParam.optional(), alsoDeleted: QueryBool.default(false) }),
    response: z.array(PauseEvent),
    access: 'any',
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Pause events, newest first; deleted ones only with alsoDeleted=true. The console reads them to pause.'
  }),
  createPauseEvent: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/crearEventoPausa',
    query: OrgQuery,
    body: CreatePauseEvent,
    response: PauseEvent,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: "Body not shown in SPEC: nombre, descripcion, activo. Answers the created event. 409 when a live event of the organisation has the name (unique-name.ts)."
  }),
  updatePauseEvent: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/actualizarEventoPausa',
    query: OrgQuery,
    body: UpdatePauseEvent,
    response: PauseEvent,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: "Body: id with nombre, descripcion, activo. Answers the updated event. 409 when a live event of the organisation has the name (unique-name.ts)."
  }),
  deletePauseEvent: endpoint({
    service: 'humanAgent',
    method: 'DELETE',
    path: '/api/eliminarEventoPausa',
    query: PauseEventQuery,
    response: SuccessResult,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Query id (and idOrg). Logical delete (still listed with alsoDeleted=true).'
  })
} as const;
