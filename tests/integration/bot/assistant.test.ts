import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { answerTurn, welcomeTurn, type BotTurnInput } from '../../../src/server/bot';
import { botInteractions, files, responseNodes } from '../../../src/server/db/schema';
import { InteractionRequest, InteractionResponse } from '../../../src/shared/domain/interaction';
import { BACKENDS } from '../server/helpers';
import { createBotFixture, createConversation, openBotDatabase, type BotDatabase, type BotFixture, type NodeSpec } from './fixture';

const NOW = new Date('2026-03-02T15:00:00.000Z');
const FILE_ID = 'bot_file_pagos';

describe.each(BACKENDS)('virtual assistant on %s', (backend) => {
  let bot: BotDatabase;
  let fx: BotFixture;
  let bare: BotFixture;

  const nodes = (): NodeSpec[] => [
    {
      nodeId: 'bienvenida',
      examples: ['hola', 'buenos días'],
      elements: [
        { type: 1, value: '¡Hola! Soy el asistente de prueba.' },
        { type: 9, value: '["Horarios","Hablar con un asesor"]' }
      ]
    },
    {
      nodeId: 'horarios',
      intent: 'consultar_horarios',
      examples: ['horarios', 'horario de atención', '¿a qué hora abren?'],
      elements: [
        { type: 1, value: 'Atendemos de lunes a viernes de 8:00 a 18:00.' },
        { type: 2, value: 'https://example.co/horarios' },
        { type: 3, value: 'https://example.co/sedes.png' }
      ]
    },
    { nodeId: 'pagos', examples: ['medios de pago'], elements: [{ type: 3, value: `/api/multimedia/descargar/${FILE_ID}` }] },
    { nodeId: 'asesor_humano', examples: ['hablar con un asesor', 'quiero hablar con una persona'], escalates: true, elements: [{ type: 1, value: 'Te comunico con un asesor.' }] },
    { nodeId: 'ventas_humano', examples: ['quiero comprar un plan'], escalates: true, escalateSplitId: null, elements: [] }
  ];

  beforeAll(async () => {
    bot = await openBotDatabase(backend);
    fx = await createBotFixture(bot.db, nodes());
    bare = await createBotFixture(bot.db, null);
    await bot.db.insert(files).values({ id: FILE_ID, organizationId: fx.organizationId, conversationId: null, name: 'Medios de pago.png', contentType: 'image/png', size: 3, data: Buffer.from('png'), createdAt: NOW });
  });
  afterAll(() => bot.close());

  const turn = async (fixture: BotFixture, conversationId: string, text: string, extra: Partial<BotTurnInput> = {}) =>
    answerTurn(bot.db, { organizationId: fixture.organizationId, idVa: fixture.idVa, conversationId, text, attachments: [], consecutiveFailures: 0, now: NOW, ...extra });
  const rowsOf = (conversationId: string) =>
    bot.db.select().from(botInteractions).where(eq(botInteractions.conversationId, conversationId)).orderBy(asc(botInteractions.id));

  it("greets with the workspace's 'bienvenida' node and records nothing", async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    const result = await welcomeTurn(bot.db, { organizationId: fx.organizationId, idVa: fx.idVa });
    expect(result).toEqual({
      text: '¡Hola! Soy el asistente de prueba.\n- Horarios\n- Hablar con un asesor',
      items: [
        { itemType: 1, itemValue: '¡Hola! Soy el asistente de prueba.', itemOptions: null, itemFile: null },
        { itemType: 9, itemValue: null, itemOptions: ['Horarios', 'Hablar con un asesor'], itemFile: null }
      ],
      intent: 'bienvenida',
      answered: true,
      escalate: null
    });
    expect(await rowsOf(conv)).toEqual([]);
  });

  it('greets by the assistant name when the workspace has no welcome node', async () => {
    const result = await welcomeTurn(bot.db, { organizationId: bare.organizationId, idVa: bare.idVa });
    expect(result.text).toBe('¡Hola! Soy Asistente Prueba. ¿En qué puedo ayudarte?');
    expect(result.escalate).toBeNull();
  });

  it('answers a matching node with its items and records the interaction', async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    const attachment = { contentType: 'image/png', name: 'foto.png', url: '/widget/files/abc123' };
    const result = await turn(fx, conv, '¿Cuál es el HORARIO de atencion?', { attachments: [attachment] });
    expect(result.answered).toBe(true);
    expect(result.intent).toBe('consultar_horarios');
    expect(result.escalate).toBeNull();
    expect(result.items.map((i) => i.itemType)).toEqual([1, 2, 3]);
    expect(result.items[2]!.itemFile).toEqual({ contentType: 'image/png', name: 'sedes.png', url: 'https://example.co/sedes.png' });
    expect(result.text).toBe('Atendemos de lunes a viernes de 8:00 a 18:00.\nhttps://example.co/horarios\nsedes.png: https://example.co/sedes.png');

    const [row] = await rowsOf(conv);
    expect(row).toMatchObject({
      organizationId: fx.organizationId,
      idVa: fx.idVa,
      intent: 'consultar_horarios',
      answered: true,
      escalated: false,
      responseNodeId: fx.nodeIds.horarios
    });
    expect(row!.interactionTime.toISOString()).toBe(NOW.toISOString());
    expect(InteractionRequest.parse(JSON.parse(row!.requestData))).toEqual({ text: '¿Cuál es el HORARIO de atencion?', context: { fileArrayAttachment: [attachment] } });
    expect(InteractionResponse.parse(JSON.parse(row!.responseAnswer))).toEqual({ responseItems: result.items });
  });

  it("names a platform file by its stored name and content type", async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    const result = await turn(fx, conv, 'Medios de pago');
    expect(result.items).toEqual([
      { itemType: 3, itemValue: 'Medios de pago.png', itemOptions: null, itemFile: { contentType: 'image/png', name: 'Medios de pago.png', url: `/api/multimedia/descargar/${FILE_ID}` } }
    ]);
    expect(result.text).toBe(`Medios de pago.png: /api/multimedia/descargar/${FILE_ID}`);
    const [row] = await rowsOf(conv);
    expect(JSON.parse(row!.responseAnswer)).toEqual({ responseItems: result.items });
  });

  it('falls back in Spanish on the first unanswered turn and escalates on the second (SIN_RESPUESTA)', async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    const first = await turn(fx, conv, 'necesito el certificado tributario', { consecutiveFailures: 0 });
    expect(first).toMatchObject({ answered: false, intent: null, escalate: null });
    expect(first.text).toMatch(/^No entendí tu mensaje/);
    expect(first.items).toEqual([{ itemType: 1, itemValue: first.text, itemOptions: null, itemFile: null }]);

    const second = await turn(fx, conv, 'el certificado tributario', { consecutiveFailures: 1 });
    expect(second).toMatchObject({ answered: false, intent: null, escalate: { splitId: fx.splitIds.general, reason: 'SIN_RESPUESTA' } });
    expect(second.text).toMatch(/^No entendí tu mensaje/);

    const rows = await rowsOf(conv);
    expect(rows.map((r) => [r.intent, r.answered, r.escalated, r.responseNodeId])).toEqual([
      [null, false, false, null],
      [null, false, true, null]
    ]);
    expect(JSON.parse(rows[0]!.requestData)).toEqual({ text: 'necesito el certificado tributario', context: {} });
  });

  it('escalates on request (SOLICITUD_CLIENTE) to the node split, or the default split when it has none', async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    const human = await turn(fx, conv, 'Quiero hablar con un asesor', { consecutiveFailures: 1 });
    expect(human).toMatchObject({
      answered: true,
      intent: 'asesor_humano',
      text: 'Te comunico con un asesor.',
      escalate: { splitId: fx.splitIds.general, reason: 'SOLICITUD_CLIENTE' }
    });
    const rows = await rowsOf(conv);
    expect(rows.at(-1)).toMatchObject({ intent: 'asesor_humano', answered: true, escalated: true, responseNodeId: fx.nodeIds.asesor_humano });

    // A node with no elements still tells the customer what happens.
    const sales = await turn(fx, conv, 'quiero comprar un plan');
    expect(sales).toMatchObject({ text: 'Te comunico con un asesor.', escalate: { reason: 'SOLICITUD_CLIENTE' } });
  });

  it('sends an escalation node to its own split', async () => {
    const own = await createBotFixture(bot.db, [
      { nodeId: 'ventas', examples: ['comprar'], escalates: true, escalateSplitId: null, elements: [{ type: 1, value: 'Un asesor de ventas te atenderá.' }] }
    ]);
    
    await bot.db.update(responseNodes).set({ escalateSplitId: own.splitIds.ventas }).where(eq(responseNodes.id, own.nodeIds.ventas!));
    const conv = await createConversation(bot.db, own, NOW);
    const result = await turn(own, conv, 'Comprar');
    expect(result.escalate).toEqual({ splitId: own.splitIds.ventas, reason: 'SOLICITUD_CLIENTE' });
  });

  it('without a workspace it never answers, and escalates to no particular split', async () => {
    const conv = await createConversation(bot.db, bare, NOW);
    const result = await turn(bare, conv, 'hola', { consecutiveFailures: 1 });
    expect(result).toMatchObject({ answered: false, escalate: { splitId: null, reason: 'SIN_RESPUESTA' } });
    expect(await rowsOf(conv)).toHaveLength(1);
  });

  it('does not answer from another organisation workspace', async () => {
    const conv = await createConversation(bot.db, bare, NOW);
    const result = await answerTurn(bot.db, {
      organizationId: bare.organizationId,
      idVa: fx.idVa,
      conversationId: conv,
      text: 'horarios',
      attachments: [],
      consecutiveFailures: 0,
      now: NOW
    });
    expect(result.answered).toBe(false);
  });

  it('records inside the caller transaction (rolled back with it)', async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    await expect(
      bot.db.transaction(async (tx) => {
        await answerTurn(tx, { organizationId: fx.organizationId, idVa: fx.idVa, conversationId: conv, text: 'hola', attachments: [], consecutiveFailures: 0, now: NOW });
        throw new Error('rollback');
      })
    ).rejects.toThrow('rollback');
    expect(await rowsOf(conv)).toEqual([]);
  });
});
