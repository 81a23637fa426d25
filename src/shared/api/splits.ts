import { z } from 'zod';
import { endpoint } from './endpoint';
import { CHAT_CONSOLE, FILTER_LIST_READERS, HUMAN_SETTINGS_EDITORS, ORG_QUERY } from './access';
import { IdParam, OrgQuery } from '../domain/common';
import {
  AgentSplit,
  CreateAgentSplit,
  CreateSplit,
  CreateSplitDerive,
  CreateSplitSchedule,
  RecordQuery,
  Split,
  SplitDerive,
  SplitQuery,
  SplitSchedule,
  TransferSplit,
  UpdateSplit,
  UpdateSplitDerive,
  UpdateSplitSchedule
} from '../domain/split';

const TRUTHY = 'Answers true when it deleted the record (SPEC §5: the delete failed unless truthy).';

/** A settings write of the human-agent service, scoped by the ?idOrg suffix. */
function write<const M extends 'POST' | 'DELETE', const P extends string, const Q extends z.ZodObject, const B extends z.ZodType | undefined, const R extends z.ZodType>(
  method: M,
  path: P,
  query: Q,
  body: B,
  response: R,
  note: string
) {
  return endpoint({ service: 'humanAgent', method, path, query, body, response, access: HUMAN_SETTINGS_EDITORS, ipc: ['settings'], org: ORG_QUERY, note });
}

/** SPEC §7 "Splits" (queues), their agents, schedules and derivations (human-agent service). */
export const splitEndpoints = {
  splits: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerSplits',
    query: OrgQuery,
    response: z.array(Split),
    access: FILTER_LIST_READERS,
    ipc: ['settings', 'analytics'],
    org: ORG_QUERY,
    note: 'Every split with its schedules (horariosAtencion) and derivations, newest first; they also fill the splits filter.'
  }),
  createSplit: write('POST', '/api/crearSplit', OrgQuery, CreateSplit, Split, 'Body not shown in SPEC: code, name, description, active and the three timers (minutes). Answers the split with empty derivations and schedules. 409 when the code (deleted splits included) or the name (live splits, unique-name.ts) is taken.'),
  updateSplit: write('POST', '/api/actualizarSplit', OrgQuery, UpdateSplit, Split, 'Body: idSplit with the editable fields. Answers the split. 409 when another live split has the name.'),
  deleteSplit: write('DELETE', '/api/borrarSplit', SplitQuery, undefined, z.boolean(), `Query idSplit (and idOrg). ${TRUTHY}`),
  agentSplits: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerSplitUsuarios',
    query: z.object({ idOrg: IdParam.optional(), idSplit: IdParam.optional() }),
    response: z.array(AgentSplit),
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'The agent-split links (fields not shown in SPEC: idSplitUsuario, idSplit, idUser, agent name), optionally of one split.'
  }),
  createAgentSplit: write('POST', '/api/crearSplitUsuario', OrgQuery, CreateAgentSplit, AgentSplit, 'Body { idSplit, idUser } (an agent of the organisation). 409 when already linked.'),
  deleteAgentSplit: write('DELETE', '/api/borrarSplitUsuario', RecordQuery, undefined, z.boolean(), `Query codigoRegistro (the idSplitUsuario). ${TRUTHY}`),
  createSplitSchedule: write('POST', '/api/crearHorarioSplit', OrgQuery, CreateSplitSchedule, SplitSchedule, 'Body not shown in SPEC: id_split, dia (1–7), horaInicio, horaFin (HH:mm). Answers the schedule.'),
  updateSplitSchedule: write('POST', '/api/actualizarHorarioSplit', OrgQuery, UpdateSplitSchedule, SplitSchedule, 'Body: id_hours_by_splits with the schedule fields. Answers the schedule.'),
  deleteSplitSchedule: write('DELETE', '/api/borrarHorarioSplit', RecordQuery, undefined, z.boolean(), `Query codigoRegistro (the id_hours_by_splits). ${TRUTHY}`),
  createSplitDerive: write('POST', '/api/crearSplitDerive', OrgQuery, CreateSplitDerive, SplitDerive, "Body { split_origin, split_derive }: 'Split agregado a lista de derivados'. Answers the derivation."),
  updateSplitDerive: write('POST', '/api/actualizarSplitDerive', OrgQuery, UpdateSplitDerive, z.array(SplitDerive), "Body { split_origin, splits_derive }: replaces the split's derivations ('Derivaciones actualizadas'). Answers them."),
  deleteSplitDerive: write('DELETE', '/api/borrarSplitDerive', RecordQuery, undefined, z.boolean(), `Query codigoRegistro (the id_splits_derive). ${TRUTHY}`),
  transferSplits: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerSplitsDisponiblesTraslado',
    query: z.object({ idOrg: IdParam.optional(), idSplit: IdParam.optional() }),
    response: z.array(TransferSplit),
    access: CHAT_CONSOLE,
    org: ORG_QUERY,
    note: "Shape not shown in SPEC: the active splits a conversation may be transferred to (the derivations of idSplit when given), with how many agents are connected to each."
  })
} as const;
