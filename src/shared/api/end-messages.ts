import { z } from 'zod';
import { endpoint } from './endpoint';
import { EndMessage } from '../domain/end-message';
import { OrgQuery } from '../domain/common';
import { NO_NUL, PositiveInt, hasNoNul } from '../domain/fields';

/** SPEC §7 "End-of-conversation messages". */
export const endMessageEndpoints = {
  endMessagesClient: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/mensajesFinConv/obtenerMensajesFinConvCliente',
    query: OrgQuery,
    response: z.array(EndMessage),
    access: 'any',
    ipc: ['analytics'],
    org: { in: 'query', name: 'idOrg' },
    note: 'The client messages in SPEC §9 order, the last flagged fin. Loaded by the human agent after sign-in.'
  }),
  updateEndMessage: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/mensajesFinConv/actualizarMensajeFinConversacion',
    query: OrgQuery,
    body: z.object({
      idEndTypeConversation: PositiveInt,
      clientMessage: z.string().trim().min(1, { message: 'El mensaje es obligatorio' }).max(1000, { message: 'El mensaje no puede superar 1000 caracteres' }).refine(hasNoNul, NO_NUL)
    }),
    response: EndMessage,
    access: [1, 3, 6],
    ipc: ['settings'],
    org: { in: 'query', name: 'idOrg' }
  }),
  endMessages: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/mensajesFinConv/obtenerMensajesFinConversacion',
    query: OrgQuery,
    response: z.array(EndMessage),
    access: 'any',
    ipc: ['settings'],
    org: { in: 'query', name: 'idOrg' }
  })
} as const;
