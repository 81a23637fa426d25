import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { AgentConnectionState, ChatInQueue } from '../../../src/shared/domain/chat';
import { TransferSplit } from '../../../src/shared/domain/split';
import { splits } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { FORBIDDEN_BODY, insertConversation, setPresence, signedInPlatform } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'asesor2@demo.co', 'supervisor@demo.co', 'admin@otra.co', 'asesor@otra.co'];
const at = (time: string) => new Date(`2026-03-02T${time}:00.000Z`);

describe.each(BACKENDS)('queue, agent states and transfer splits on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);
  const get = (email: string, url: string) => signed.call(email, 'GET', url);

  describe('GET /api/obtenerChatsEnCola', () => {
    let queued: { general: string; support: string; sales: string; other: string };
    beforeAll(async () => {
      const app = signed.platform.app;
      queued = {
        general: await insertConversation(app, { status: 'EN_COLA', splitId: 1, queuedAt: at('10:00') }),
        support: await insertConversation(app, { status: 'EN_COLA', splitId: 3, queuedAt: at('09:00') }),
        sales: await insertConversation(app, { status: 'EN_COLA', splitId: 2, queuedAt: at('11:00') }),
        other: await insertConversation(app, { organizationId: 200, status: 'EN_COLA', splitId: 4, queuedAt: at('08:00') })
      };
      await insertConversation(app, { status: 'BOT' });
      await insertConversation(app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      await insertConversation(app, { status: 'FINALIZADA', splitId: 1, agentId: 5 });
    });

    it("lists the organisation's waiting conversations, oldest first", async () => {
      const res = await get('admin@demo.co', '/api/obtenerChatsEnCola');
      expect(res.statusCode).toBe(200);
      const chats = res.json<ChatInQueue[]>();
      expect(chats).toEqual([
        { idConv: queued.support, fechaEntrada: '2026-03-02T09:00:00.000Z', status: 'EN_COLA' },
        { idConv: queued.general, fechaEntrada: '2026-03-02T10:00:00.000Z', status: 'EN_COLA' },
        { idConv: queued.sales, fechaEntrada: '2026-03-02T11:00:00.000Z', status: 'EN_COLA' }
      ]);
      expect((await get('supervisor@demo.co', '/api/obtenerChatsEnCola')).json()).toEqual(chats);
      expect((await get('admin@otra.co', '/api/obtenerChatsEnCola')).json<ChatInQueue[]>().map((c) => c.idConv)).toEqual([queued.other]);
    });

    it("shows an agent only its splits' queues", async () => {
      // asesor@demo.co answers splits 1 and 2; asesor2@demo.co splits 1 and 3.
      expect((await get('asesor@demo.co', '/api/obtenerChatsEnCola')).json<ChatInQueue[]>().map((c) => c.idConv)).toEqual([queued.general, queued.sales]);
      expect((await get('asesor2@demo.co', '/api/obtenerChatsEnCola')).json<ChatInQueue[]>().map((c) => c.idConv)).toEqual([queued.support, queued.general]);
    });

    it('refuses viewers, other organisations and bad ids', async () => {
      const viewer = await get('visualizador@demo.co', '/api/obtenerChatsEnCola');
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json()).toEqual(FORBIDDEN_BODY);
      expect((await get('admin@demo.co', '/api/obtenerChatsEnCola?idOrg=200')).statusCode).toBe(403);
      expect((await get('asesor@demo.co', '/api/obtenerChatsEnCola?idOrg=200')).statusCode).toBe(403);
      expect((await get('admin@demo.co', '/api/obtenerChatsEnCola?idOrg=1.5')).statusCode).toBe(400);
      expect((await get('superadmin@demo.co', '/api/obtenerChatsEnCola?idOrg=200')).json<ChatInQueue[]>().map((c) => c.idConv)).toEqual([queued.other]);
    });
  });

  describe('GET /api/obtenerEstadoConexionAsesores and /api/obtenerSplitsDisponiblesTraslado', () => {
    beforeAll(async () => {
      const app = signed.platform.app;
      await setPresence(app, 5, 'Activo', at('08:00'));
      await setPresence(app, 9, 'Pausa', at('08:30'), 1);
      await setPresence(app, 10, 'Activo', at('07:45'));
      await setPresence(app, 14, 'Activo', at('07:00'));
      await insertConversation(app, { status: 'ASIGNADA', splitId: 1, agentId: 5 });
      await insertConversation(app, { status: 'ACTIVA', splitId: 2, agentId: 5 });
      await insertConversation(app, { status: 'ACTIVA', splitId: 3, agentId: 10 });
    });

    it("answers each agent's state, pause event, since when and open chats, by name", async () => {
      const res = await get('supervisor@demo.co', '/api/obtenerEstadoConexionAsesores');
      expect(res.statusCode).toBe(200);
      const states = res.json<AgentConnectionState[]>();
      expect(states.every((s) => AgentConnectionState.safeParse(s).success)).toBe(true);
      const seedMoment = states.find((s) => s.idUser === 11)?.fechaEstado;
      expect(states.map((s) => [s.idUser, s.nombre, s.estado, s.eventoPausa, s.chatsActivos])).toEqual([
        // The supervisor attends Atención general when he opens 'Atender chats'.
        [6, 'Camilo Herrera', 'Desconectado', null, 0],
        [12, 'Daniela Vargas', 'Desconectado', null, 0],
        [13, 'Felipe Castaño', 'Desconectado', null, 0],
        [10, 'Laura Gutiérrez', 'Activo', null, 1],
        [9, 'Santiago Rodríguez', 'Pausa', 'Almuerzo', 0],
        [11, 'Sebastián Moreno', 'Desconectado', null, 0],
        // One offered and two active (one from the queue test); the finished one does not count.
        [5, 'Valentina López', 'Activo', null, 3]
      ]);
      expect(states.find((s) => s.idUser === 9)?.fechaEstado).toBe('2026-03-02T08:30:00.000Z');
      expect(seedMoment).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect((await get('admin@otra.co', '/api/obtenerEstadoConexionAsesores')).json<AgentConnectionState[]>().map((s) => [s.idUser, s.estado])).toEqual([[14, 'Activo']]);
    });

    it('narrows to the agents of the given splits', async () => {
      const support = await get('admin@demo.co', '/api/obtenerEstadoConexionAsesores?splits=3');
      expect(support.json<AgentConnectionState[]>().map((s) => s.idUser)).toEqual([13, 10, 9]);
      const two = await get('admin@demo.co', '/api/obtenerEstadoConexionAsesores?splits=2,3');
      expect(two.json<AgentConnectionState[]>().map((s) => s.idUser).sort((a, b) => a - b)).toEqual([5, 9, 10, 12, 13]);
      // Another organisation's split matches none of this organisation's agents.
      expect((await get('admin@demo.co', '/api/obtenerEstadoConexionAsesores?splits=4')).json()).toEqual([]);
    });

    it('refuses the agent, other organisations and bad split lists', async () => {
      expect((await get('asesor@demo.co', '/api/obtenerEstadoConexionAsesores')).statusCode).toBe(403);
      expect((await get('admin@demo.co', '/api/obtenerEstadoConexionAsesores?idOrg=200')).statusCode).toBe(403);
      const bad = await get('admin@demo.co', '/api/obtenerEstadoConexionAsesores?splits=1,dos');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('splits: La lista debe contener números enteros positivos separados por comas');
    });

    it('lists the active splits to transfer to, with their connected agents', async () => {
      const res = await get('asesor@demo.co', '/api/obtenerSplitsDisponiblesTraslado');
      expect(res.statusCode).toBe(200);
      const targets = res.json<TransferSplit[]>();
      expect(targets.every((t) => TransferSplit.safeParse(t).success)).toBe(true);
      // Split 1: asesor (Activo) and asesor2 (Pausa, not counted); split 2: asesor and asesor3; split 3: asesor3.
      expect(targets).toEqual([
        { idSplit: 1, codigoSplit: 'GENERAL', nombre: 'Atención general', agentesConectados: 1 },
        { idSplit: 3, codigoSplit: 'SOPORTE', nombre: 'Soporte técnico', agentesConectados: 1 },
        { idSplit: 2, codigoSplit: 'VENTAS', nombre: 'Ventas', agentesConectados: 2 }
      ]);
      const fromGeneral = await get('supervisor@demo.co', '/api/obtenerSplitsDisponiblesTraslado?idSplit=1');
      expect(fromGeneral.json<TransferSplit[]>().map((t) => t.idSplit)).toEqual([3, 2]);
      expect((await get('asesor@demo.co', '/api/obtenerSplitsDisponiblesTraslado?idSplit=2')).json<TransferSplit[]>().map((t) => t.idSplit)).toEqual([1]);
      expect((await get('asesor@otra.co', '/api/obtenerSplitsDisponiblesTraslado')).json()).toEqual([
        { idSplit: 4, codigoSplit: 'GENERAL', nombre: 'Atención general', agentesConectados: 1 }
      ]);

      await signed.platform.app.db.update(splits).set({ activo: false }).where(eq(splits.idSplit, 3));
      expect((await get('asesor@demo.co', '/api/obtenerSplitsDisponiblesTraslado?idSplit=1')).json<TransferSplit[]>().map((t) => t.idSplit)).toEqual([2]);
      await signed.platform.app.db.update(splits).set({ activo: true }).where(eq(splits.idSplit, 3));
    });

    it('refuses other roles, other organisations and their splits, and bad ids', async () => {
      for (const email of ['admin@demo.co', 'superadmin@demo.co', 'visualizador@demo.co']) {
        const res = await get(email, '/api/obtenerSplitsDisponiblesTraslado');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN_BODY);
      }
      expect((await get('asesor@demo.co', '/api/obtenerSplitsDisponiblesTraslado?idOrg=200')).statusCode).toBe(403);
      const foreign = await get('asesor@demo.co', '/api/obtenerSplitsDisponiblesTraslado?idSplit=4');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(MSG.chat.splitNotFound);
      expect((await get('asesor@demo.co', '/api/obtenerSplitsDisponiblesTraslado?idSplit=uno')).statusCode).toBe(400);
    });
  });
});
