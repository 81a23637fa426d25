import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { BusinessReason, FinalReason } from '../../../src/shared/domain/reason';
import { businessReasons, conversationBusinessReasons, conversationFinalReasons, organizations } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { FORBIDDEN_BODY, insertConversation, insertEarlierAssignment, signedInPlatform } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'asesor2@demo.co', 'supervisor@demo.co', 'admin@otra.co', 'asesor@otra.co'];

describe.each(BACKENDS)('reasons and the reasons recorded on a conversation on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const recorded = (conversationId: string) =>
    signed.platform.app.db
      .select({ reasonId: conversationBusinessReasons.reasonId, agentId: conversationBusinessReasons.agentId, splitId: conversationBusinessReasons.splitId, transfer: conversationBusinessReasons.transfer })
      .from(conversationBusinessReasons)
      .where(eq(conversationBusinessReasons.conversationId, conversationId))
      .orderBy(asc(conversationBusinessReasons.agentId), asc(conversationBusinessReasons.reasonId));
  const finalOf = (conversationId: string) =>
    signed.platform.app.db
      .select({ reasonId: conversationFinalReasons.reasonId, agentId: conversationFinalReasons.agentId })
      .from(conversationFinalReasons)
      .where(eq(conversationFinalReasons.conversationId, conversationId));

  describe('the lists', () => {
    it('lists every business reason not deleted, newest first, to the filter readers; the active ones by name to anyone', async () => {
      await signed.platform.app.db.insert(businessReasons).values({ organizationId: 100, codigoCausal: 'BORRADA', nombre: 'Borrada', logicDelete: true });
      const all = await signed.call('admin@demo.co', 'GET', '/api/obtenerCausales');
      expect(all.statusCode).toBe(200);
      const reasons = all.json<BusinessReason[]>();
      expect(reasons.map((r) => r.idCausal)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      expect(reasons.every((r) => BusinessReason.safeParse(r).success && !r.logic_delete)).toBe(true);
      expect(reasons.find((r) => r.idCausal === 8)).toMatchObject({ codigoCausal: 'FELICITACION', activo: false });

      const active = await signed.call('asesor@demo.co', 'GET', '/api/obtenerCausalesActivos');
      expect(active.statusCode).toBe(200);
      expect(active.json<BusinessReason[]>().map((r) => r.nombre)).toEqual([
        'Actualización de datos',
        'Consulta de saldo',
        'Queja',
        'Reclamo',
        'Solicitud de información',
        'Soporte técnico',
        'Venta'
      ]);
      expect((await signed.call('admin@otra.co', 'GET', '/api/obtenerCausalesActivos')).json<BusinessReason[]>().map((r) => r.idCausal).sort()).toEqual([10, 9]);
    });

    it('lists finalisation reasons the same way', async () => {
      const all = await signed.call('supervisor@demo.co', 'GET', '/api/causalesFinalizacion/obtenerCausalesFinalizacion');
      expect(all.statusCode).toBe(200);
      expect(all.json<FinalReason[]>().map((r) => [r.idCausal, r.codigoCausalFinalizacion, r.activo])).toEqual([
        [5, 'DUPLICADO', false],
        [4, 'TRANSFERIDO', true],
        [3, 'CLIENTE_NO_RESPONDE', true],
        [2, 'NO_RESUELTO', true],
        [1, 'RESUELTO', true]
      ]);
      const active = await signed.call('asesor@demo.co', 'GET', '/api/causalesFinalizacion/obtenerCausalesFinalizacionActivos');
      expect(active.json<FinalReason[]>().map((r) => r.nombre)).toEqual(['Cliente no responde', 'No resuelto', 'Resuelto', 'Transferido']);
    });

    it('answers an empty list, never 404, when an organisation has no active reasons (SPEC §8)', async () => {
      const [org] = await signed.platform.app.db
        .insert(organizations)
        .values({ name: 'Sin Causales', schemaName: `sin_causales_${backend}`, organizationType: 'Entidad' })
        .returning({ idOrg: organizations.idOrg });
      for (const path of ['/api/obtenerCausalesActivos', '/api/causalesFinalizacion/obtenerCausalesFinalizacionActivos']) {
        const res = await signed.call('superadmin@demo.co', 'GET', `${path}?idOrg=${org!.idOrg}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    });

    it('refuses the full lists to the agent, other organisations to company roles, and bad ids', async () => {
      for (const path of ['/api/obtenerCausales', '/api/causalesFinalizacion/obtenerCausalesFinalizacion', '/api/CauseStepAgentHuman/getAutomaticTransferToAgent']) {
        const agent = await signed.call('asesor@demo.co', 'GET', path);
        expect(agent.statusCode).toBe(403);
        expect(agent.json()).toEqual(FORBIDDEN_BODY);
        expect((await signed.call('admin@demo.co', 'GET', `${path}?idOrg=200`)).statusCode).toBe(403);
        const bad = await signed.call('admin@demo.co', 'GET', `${path}?idOrg=abc`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('idOrg: Debe ser un número');
      }
      for (const path of ['/api/obtenerCausalesActivos', '/api/causalesFinalizacion/obtenerCausalesFinalizacionActivos']) {
        expect((await signed.call('admin@demo.co', 'GET', `${path}?idOrg=200`)).statusCode).toBe(403);
        expect((await signed.call('asesor@demo.co', 'GET', `${path}?idOrg=0`)).statusCode).toBe(400);
        expect((await signed.platform.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      }
      const chosen = await signed.call('superadmin@demo.co', 'GET', '/api/obtenerCausales?idOrg=200');
      expect(chosen.json<BusinessReason[]>().map((r) => r.idCausal)).toEqual([10, 9]);
    });

    it('lists the automatic-transfer reasons', async () => {
      const res = await signed.call('visualizador@demo.co', 'GET', '/api/CauseStepAgentHuman/getAutomaticTransferToAgent');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { idCause: 1, nombre: 'Solicitud del cliente' },
        { idCause: 2, nombre: 'El asistente no pudo responder' }
      ]);
    });
  });

  describe('POST /api/crearListadoCausalesConversacion', () => {
    const save = (email: string, body: object, query = '') => signed.call(email, 'POST', `/api/crearListadoCausalesConversacion${query}`, body);

    it("records the agent's reasons, replaces its own list on a second save, and keeps another's", async () => {
      const conv = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      const first = await save('asesor@demo.co', { conversationId: conv, splitId: 1, transfer: false, business: [1, 3, 3] });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ success: true });
      expect(await recorded(conv)).toEqual([
        { reasonId: 1, agentId: 5, splitId: 1, transfer: false },
        { reasonId: 3, agentId: 5, splitId: 1, transfer: false }
      ]);
      expect((await save('asesor@demo.co', { conversationId: conv, splitId: 2, transfer: true, business: [2] })).statusCode).toBe(200);
      expect((await save('supervisor@demo.co', { conversationId: conv, business: [4] })).statusCode).toBe(200);
      expect(await recorded(conv)).toEqual([
        { reasonId: 2, agentId: 5, splitId: 2, transfer: true },
        { reasonId: 4, agentId: 6, splitId: null, transfer: false }
      ]);
    });

    it('lets an agent record reasons on a conversation it had before a transfer, and after it ended', async () => {
      const moved = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 3, agentId: 9 });
      await insertEarlierAssignment(signed.platform.app, moved, 5);
      expect((await save('asesor@demo.co', { conversationId: moved, splitId: 3, transfer: true, business: [6] })).statusCode).toBe(200);
      const ended = await insertConversation(signed.platform.app, { status: 'FINALIZADA', splitId: 1, agentId: 5 });
      expect((await save('asesor@demo.co', { conversationId: ended, business: [1] })).statusCode).toBe(200);
      expect(await recorded(ended)).toHaveLength(1);
    });

    it('rejects bad bodies, unusable reasons and splits with a Spanish 400/404, writing nothing', async () => {
      const conv = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      const cases: [object, number, string][] = [
        [{ conversationId: conv, business: [] }, 400, MSG.chat.businessReasonsRequired],
        [{ conversationId: conv, business: ['uno'] }, 400, 'business.0: Debe ser un número'],
        [{ conversationId: 'no válido', business: [1] }, 400, 'conversationId: El identificador de la conversación no es válido'],
        [{ conversationId: conv }, 400, expect.stringContaining('business')],
        [{ conversationId: conv, business: [1, 8] }, 400, MSG.chat.businessReasonUnavailable],
        [{ conversationId: conv, business: [9] }, 400, MSG.chat.businessReasonUnavailable],
        [{ conversationId: conv, business: [999] }, 400, MSG.chat.businessReasonUnavailable],
        [{ conversationId: conv, splitId: 4, business: [1] }, 404, MSG.chat.splitNotFound]
      ];
      for (const [body, status, message] of cases) {
        const res = await save('asesor@demo.co', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message).toEqual(message);
      }
      expect(await recorded(conv)).toEqual([]);
      const bot = await insertConversation(signed.platform.app, { status: 'BOT' });
      const withBot = await save('supervisor@demo.co', { conversationId: bot, business: [1] });
      expect(withBot.statusCode).toBe(409);
      expect(withBot.json().message).toBe(MSG.chat.conversationNotEscalated);
      expect(await recorded(bot)).toEqual([]);
    });

    it("refuses other roles, other agents' conversations and other organisations", async () => {
      const conv = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      for (const email of ['admin@demo.co', 'superadmin@demo.co', 'visualizador@demo.co']) {
        const res = await save(email, { conversationId: conv, business: [1] });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN_BODY);
      }
      const other = await save('asesor2@demo.co', { conversationId: conv, business: [1] });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(MSG.chat.conversationNotAssigned);
      expect((await save('asesor@demo.co', { conversationId: conv, business: [1] }, '?idOrg=200')).statusCode).toBe(403);
      const foreign = await insertConversation(signed.platform.app, { organizationId: 200, status: 'ACTIVA', splitId: 4, agentId: 14 });
      const crossing = await save('asesor@demo.co', { conversationId: foreign, business: [1] });
      expect(crossing.statusCode).toBe(404);
      expect(crossing.json().message).toBe(MSG.chat.conversationNotFound);
      // Its own organisation's reasons do not fit another organisation's conversation either.
      expect((await save('asesor@otra.co', { conversationId: foreign, business: [1] })).statusCode).toBe(400);
      expect(await recorded(conv)).toEqual([]);
      expect(await recorded(foreign)).toEqual([]);
    });
  });

  describe('POST /api/causalesFinalizacion/guardarCausalFinalizacionConversacion', () => {
    const save = (email: string, body: object, query = '') => signed.call(email, 'POST', `/api/causalesFinalizacion/guardarCausalFinalizacionConversacion${query}`, body);

    it('stores one finalisation reason per conversation (a second save replaces it)', async () => {
      const conv = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      const res = await save('asesor@demo.co', { conversationId: conv, ending: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await finalOf(conv)).toEqual([{ reasonId: 1, agentId: 5 }]);
      expect((await save('supervisor@demo.co', { conversationId: conv, ending: 3 })).statusCode).toBe(200);
      expect(await finalOf(conv)).toEqual([{ reasonId: 3, agentId: 6 }]);
    });

    it('rejects bad bodies and unusable reasons, writing nothing', async () => {
      const conv = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      const cases: [object, string][] = [
        [{ conversationId: conv }, expect.stringContaining('ending')],
        [{ conversationId: conv, ending: 'uno' }, 'ending: Debe ser un número'],
        [{ conversationId: conv, ending: 0 }, 'ending: Debe ser un número positivo'],
        [{ conversationId: conv, ending: 5 }, MSG.chat.finalReasonUnavailable],
        [{ conversationId: conv, ending: 6 }, MSG.chat.finalReasonUnavailable]
      ];
      for (const [body, message] of cases) {
        const res = await save('asesor@demo.co', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toEqual(message);
      }
      expect(await finalOf(conv)).toEqual([]);
    });

    it("refuses other roles, other agents' conversations and other organisations", async () => {
      const conv = await insertConversation(signed.platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
      expect((await save('admin@demo.co', { conversationId: conv, ending: 1 })).statusCode).toBe(403);
      const other = await save('asesor2@demo.co', { conversationId: conv, ending: 1 });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(MSG.chat.conversationNotAssigned);
      expect((await save('asesor@demo.co', { conversationId: conv, ending: 1 }, '?idOrg=200')).statusCode).toBe(403);
      const foreign = await insertConversation(signed.platform.app, { organizationId: 200, status: 'ACTIVA', splitId: 4, agentId: 14 });
      expect((await save('asesor@demo.co', { conversationId: foreign, ending: 1 })).statusCode).toBe(404);
      expect((await save('asesor@otra.co', { conversationId: foreign, ending: 6 })).statusCode).toBe(200);
      expect(await finalOf(conv)).toEqual([]);
      expect(await finalOf(foreign)).toEqual([{ reasonId: 6, agentId: 14 }]);
    });
  });
});
