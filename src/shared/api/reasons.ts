import { z } from 'zod';
import { endpoint } from './endpoint';
import { CHAT_CONSOLE, FILTER_LIST_READERS, HUMAN_SETTINGS_EDITORS, ORG_QUERY } from './access';
import { OrgQuery, SuccessResult } from '../domain/common';
import {
  AutomaticTransferReason,
  BusinessReason,
  CreateBusinessReason,
  CreateFinalReason,
  DeleteReasonQuery,
  FinalReason,
  SaveConversationBusinessReasons,
  SaveConversationFinalReason,
  UpdateBusinessReason,
  UpdateFinalReason
} from '../domain/reason';

const ACTIVE_NOTE = 'SPEC §8 treats a not-found answer as an empty list; this service answers [] when there are none.';
const F = '/api/causalesFinalizacion';

/** SPEC §7 "Reasons and agent state": business (causales de negocio) and finalisation reasons. */
export const reasonEndpoints = {
  businessReasons: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerCausales',
    query: OrgQuery,
    response: z.array(BusinessReason),
    access: FILTER_LIST_READERS,
    ipc: ['settings', 'analytics'],
    org: ORG_QUERY,
    note: 'Every business reason not deleted, newest first. Query params not shown beyond the organisation suffix.'
  }),
  activeBusinessReasons: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerCausalesActivos',
    query: OrgQuery,
    response: z.array(BusinessReason),
    access: 'any',
    org: ORG_QUERY,
    note: ACTIVE_NOTE
  }),
  finalReasons: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: `${F}/obtenerCausalesFinalizacion`,
    query: OrgQuery,
    response: z.array(FinalReason),
    access: FILTER_LIST_READERS,
    ipc: ['settings', 'analytics'],
    org: ORG_QUERY,
    note: 'Every finalisation reason not deleted, newest first.'
  }),
  activeFinalReasons: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: `${F}/obtenerCausalesFinalizacionActivos`,
    query: OrgQuery,
    response: z.array(FinalReason),
    access: 'any',
    org: ORG_QUERY,
    note: ACTIVE_NOTE
  }),
  createBusinessReason: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/crearCausal',
    query: OrgQuery,
    body: CreateBusinessReason,
    response: BusinessReason,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body not shown in SPEC: codigoCausal, nombre, descripcion, activo. Answers the created reason (the list puts it on top). 409 when a live reason of its kind has the code or the name (unique-name.ts).'
  }),
  updateBusinessReason: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/actualizarCausal',
    query: OrgQuery,
    body: UpdateBusinessReason,
    response: BusinessReason,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body not shown in SPEC: idCausal with nombre, descripcion, activo (SPEC §4: the fields an update changes). 409 when another live reason of its kind has the name.'
  }),
  createFinalReason: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: `${F}/crearCausalFinalizacion`,
    query: OrgQuery,
    body: CreateFinalReason,
    response: FinalReason,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body: codigoCausalFinalizacion, nombre, descripcion, activo. 409 when a live reason of its kind has the code or the name (unique-name.ts).'
  }),
  updateFinalReason: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: `${F}/actualizarCausalFinalizacion`,
    query: OrgQuery,
    body: UpdateFinalReason,
    response: FinalReason,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body: idCausal with nombre, descripcion, activo. 409 when another live reason of its kind has the name.'
  }),
  saveConversationBusinessReasons: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/crearListadoCausalesConversacion',
    query: OrgQuery,
    body: SaveConversationBusinessReasons,
    response: SuccessResult,
    access: CHAT_CONSOLE,
    org: ORG_QUERY,
    note: "The business reasons an agent ticked for a conversation (SPEC §3 conversation cause record). Replaces the conversation's previous list."
  }),
  saveConversationFinalReason: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: `${F}/guardarCausalFinalizacionConversacion`,
    query: OrgQuery,
    body: SaveConversationFinalReason,
    response: SuccessResult,
    access: CHAT_CONSOLE,
    org: ORG_QUERY,
    note: 'The ending reason of a conversation, saved when the agent finishes it.'
  }),
  deleteBusinessReason: endpoint({
    service: 'humanAgent',
    method: 'DELETE',
    path: '/api/borrarCausal',
    query: DeleteReasonQuery,
    response: z.boolean(),
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Query idCausal (and idOrg). Answers a boolean: the delete failed unless it is true (SPEC §5). Logical delete.'
  }),
  deleteFinalReason: endpoint({
    service: 'humanAgent',
    method: 'DELETE',
    path: `${F}/borrarCausalFinalizacion`,
    query: DeleteReasonQuery,
    response: z.boolean(),
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Query idCausal (and idOrg). Answers a boolean (SPEC §5). Logical delete.'
  }),
  automaticTransferReasons: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/CauseStepAgentHuman/getAutomaticTransferToAgent',
    query: OrgQuery,
    response: z.array(AutomaticTransferReason),
    access: FILTER_LIST_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: 'The reasons the assistant hands a conversation to a human agent (SPEC §3 idCause, nombre); they fill the causalesPasoAutomatico filter.'
  })
} as const;
