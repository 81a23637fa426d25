import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConversationNote, PreviousConversations, PreviousTranscript } from '../../../src/shared/domain/console-extras';
import { MSG } from '../../../src/shared/messages';
import { conversationNotes, conversations, customers, messages } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { FORBIDDEN_BODY, insertConversation, signedInPlatform } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'asesor2@demo.co', 'supervisor@demo.co', 'admin@otra.co', 'asesor@otra.co'];
const ASESOR = 5;
const ASESOR2 = 9;

describe.each(BACKENDS)('the agent console extras on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  async function customer(organizationId = 100): Promise<number> {
    const identification = String(10_000_000 + Math.floor(Math.random() * 80_000_000));
    const [row] = await signed.platform.app.db
      .insert(customers)
      .values({ organizationId, documentType: 'CÉDULA CIUDADANIA', identification, name: 'Cliente recurrente', email: `c${identification}@correo.co` })
      .returning({ id: customers.id });
    if (!row) throw new Error('no customer');
    return row.id;
  }

  async function conversationOf(customerId: number | null, fixture: Parameters<typeof insertConversation>[1]): Promise<string> {
    const id = await insertConversation(signed.platform.app, fixture);
    await signed.platform.app.db.update(conversations).set({ customerId, endAcronym: fixture.status === 'FINALIZADA' ? 'FCCA' : null, endedBy: fixture.status === 'FINALIZADA' ? 'ASESOR' : null }).where(eq(conversations.idConv, id));
    return id;
  }

  describe('internal notes', () => {
    it('lets the holder, the supervisor and the administrators write and read them; nobody else', async () => {
      const held = await conversationOf(null, { status: 'ACTIVA', agentId: ASESOR });
      const url = `/api/conversaciones/${held}/notas`;

      const first = await signed.call('asesor@demo.co', 'POST', url, { text: '  Cliente pide devolución; validar factura.  ' });
      expect(first.statusCode).toBe(200);
      expect(ConversationNote.parse(first.json())).toMatchObject({ conversationId: held, authorId: ASESOR, authorName: 'Valentina López', text: 'Cliente pide devolución; validar factura.' });
      expect((await signed.call('supervisor@demo.co', 'POST', url, { text: 'Revisado por supervisión' })).statusCode).toBe(200);
      expect((await signed.call('admin@demo.co', 'POST', url, { text: 'Nota del administrador' })).statusCode).toBe(200);
      expect((await signed.call('superadmin@demo.co', 'POST', `${url}?idOrg=100`, { text: 'Nota de plataforma' })).statusCode).toBe(200);

      for (const reader of ['asesor@demo.co', 'supervisor@demo.co', 'admin@demo.co']) {
        const list = await signed.call(reader, 'GET', url);
        expect(list.statusCode).toBe(200);
        expect(list.json<ConversationNote[]>().map((n) => n.text)).toEqual([
          'Cliente pide devolución; validar factura.',
          'Revisado por supervisión',
          'Nota del administrador',
          'Nota de plataforma'
        ]);
      }

      // Another agent of the organisation, a viewer, another organisation: nothing read, nothing written.
      const other = await signed.call('asesor2@demo.co', 'GET', url);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ message: MSG.chat.conversationNotAssigned });
      expect((await signed.call('asesor2@demo.co', 'POST', url, { text: 'intruso' })).statusCode).toBe(403);
      expect((await signed.call('visualizador@demo.co', 'GET', url)).json()).toEqual(FORBIDDEN_BODY);
      expect((await signed.call('asesor@otra.co', 'GET', url)).statusCode).toBe(404);
      expect((await signed.call('admin@otra.co', 'POST', url, { text: 'otra organización' })).statusCode).toBe(404);
      expect((await signed.call('admin@otra.co', 'GET', `${url}?idOrg=100`)).statusCode).toBe(403);
      const stored = await signed.platform.app.db.select().from(conversationNotes).where(eq(conversationNotes.conversationId, held));
      expect(stored).toHaveLength(4);
      expect(stored.every((n) => n.organizationId === 100)).toBe(true);
    });

    it('refuses empty, oversized and NUL-bearing notes in Spanish, and stores nothing', async () => {
      const held = await conversationOf(null, { status: 'ACTIVA', agentId: ASESOR });
      const url = `/api/conversaciones/${held}/notas`;
      const cases: [unknown, string][] = [
        [{ text: '   ' }, 'Escriba la nota'],
        [{}, 'Escriba la nota'],
        [{ text: 42 }, 'Escriba la nota'],
        [{ text: 'x'.repeat(2001) }, 'La nota no puede superar 2000 caracteres'],
        [{ text: 'antes\u0000después' }, 'La nota contiene caracteres no permitidos'],
        [{ text: 'ok', extra: true }, '']
      ];
      for (const [payload, message] of cases) {
        const res = await signed.call('asesor@demo.co', 'POST', url, payload as object);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        if (message) expect(res.json<{ message: string }>().message).toContain(message);
      }
      expect((await signed.call('asesor@demo.co', 'POST', `/api/conversaciones/no%20vale/notas`, { text: 'x' })).statusCode).toBe(400);
      expect((await signed.call('asesor@demo.co', 'POST', `/api/conversaciones/conv-no-existe/notas`, { text: 'x' })).statusCode).toBe(404);
      expect((await signed.call('asesor@demo.co', 'POST', url, { text: 'x'.repeat(2000) })).statusCode).toBe(200);
      expect(await signed.platform.app.db.select().from(conversationNotes).where(eq(conversationNotes.conversationId, held))).toHaveLength(1);
    });

    it('lets the agent read the notes of a chat it finished, but not of one that moved to another agent', async () => {
      const finished = await conversationOf(null, { status: 'FINALIZADA', agentId: ASESOR });
      expect((await signed.call('asesor@demo.co', 'POST', `/api/conversaciones/${finished}/notas`, { text: 'Cerrado con solución' })).statusCode).toBe(200);
      const moved = await conversationOf(null, { status: 'ACTIVA', agentId: ASESOR2 });
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${moved}/notas`)).statusCode).toBe(403);
      expect((await signed.call('asesor2@demo.co', 'GET', `/api/conversaciones/${moved}/notas`)).json()).toEqual([]);
    });
  });

  describe("the customer's previous conversations", () => {
    it('lists the same customer’s other conversations of the organisation, newest first, with how they ended', async () => {
      const me = await customer();
      const someoneElse = await customer();
      const older = await conversationOf(me, { status: 'FINALIZADA', agentId: ASESOR2, startedAt: new Date('2026-01-10T15:00:00Z') });
      const newer = await conversationOf(me, { status: 'FINALIZADA', agentId: null, startedAt: new Date('2026-02-10T15:00:00Z') });
      await conversationOf(someoneElse, { status: 'FINALIZADA', startedAt: new Date('2026-02-11T15:00:00Z') });
      const current = await conversationOf(me, { status: 'ACTIVA', agentId: ASESOR, startedAt: new Date('2026-03-02T14:00:00Z') });
      await signed.platform.app.db.insert(messages).values([
        { conversationId: older, seq: 1, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Mi pedido no llegó', fechaMensaje: new Date('2026-01-10T15:01:00Z') },
        { conversationId: older, seq: 2, tipoMensaje: 'TEXTO', tipoUsuario: 'ASESOR', mensaje: 'Ya lo reviso', agentId: ASESOR2, fechaMensaje: new Date('2026-01-10T15:02:00Z') }
      ]);

      const res = await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores`);
      expect(res.statusCode).toBe(200);
      const list = PreviousConversations.parse(res.json());
      expect(list.identified).toBe(true);
      expect(list.conversations.map((c) => c.idConv)).toEqual([newer, older]);
      expect(list.conversations[1]).toMatchObject({ state: 'FINALIZADA', endedBy: 'ASESOR', endAcronym: 'FCCA', agentName: 'Santiago Rodríguez', startedAt: '2026-01-10T15:00:00.000Z' });
      expect(list.conversations[1]?.canal).not.toBe('');

      const transcript = await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${older}`);
      expect(transcript.statusCode).toBe(200);
      expect(PreviousTranscript.parse(transcript.json()).map((m) => [m.tipoUsuario, m.mensaje])).toEqual([
        ['CLIENTE', 'Mi pedido no llegó'],
        ['ASESOR', 'Ya lo reviso']
      ]);
      expect((await signed.call('supervisor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${older}`)).statusCode).toBe(200);
    });

    it('reads nothing through a chat the agent does not hold now, nor a conversation of another customer or organisation', async () => {
      const me = await customer();
      const stranger = await customer();
      const past = await conversationOf(me, { status: 'FINALIZADA', startedAt: new Date('2026-01-05T15:00:00Z') });
      const strangers = await conversationOf(stranger, { status: 'FINALIZADA', startedAt: new Date('2026-01-06T15:00:00Z') });
      const otherOrg = await conversationOf(await customer(200), { organizationId: 200, status: 'FINALIZADA' });
      const current = await conversationOf(me, { status: 'ACTIVA', agentId: ASESOR });
      const finishedMine = await conversationOf(me, { status: 'FINALIZADA', agentId: ASESOR });

      // Not the holder; held no more; another organisation's agent.
      expect((await signed.call('asesor2@demo.co', 'GET', `/api/conversaciones/${current}/anteriores`)).statusCode).toBe(403);
      expect((await signed.call('asesor2@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${past}`)).statusCode).toBe(403);
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${finishedMine}/anteriores`)).statusCode).toBe(409);
      expect((await signed.call('asesor@otra.co', 'GET', `/api/conversaciones/${current}/anteriores`)).statusCode).toBe(404);
      // Through a chat it holds, only that customer's conversations.
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${strangers}`)).statusCode).toBe(404);
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${otherOrg}`)).statusCode).toBe(404);
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${current}`)).statusCode).toBe(404);
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${current}/anteriores/${past}`)).statusCode).toBe(200);
      expect((await signed.call('visualizador@demo.co', 'GET', `/api/conversaciones/${current}/anteriores`)).json()).toEqual(FORBIDDEN_BODY);
    });

    it('answers identified false when the chat has no identified customer', async () => {
      const anonymous = await conversationOf(null, { status: 'ASIGNADA', agentId: ASESOR });
      const res = await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${anonymous}/anteriores`);
      expect(res.json()).toEqual({ identified: false, conversations: [] });
      expect((await signed.call('asesor@demo.co', 'GET', `/api/conversaciones/${anonymous}/anteriores/conv-x`)).statusCode).toBe(404);
    });
  });
});
