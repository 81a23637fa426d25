import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createAssistant, OPTIONS_TEXT, welcomeTurn, type Assistant, type BotTurnInput } from '../../../src/server/bot';
import { forgetModelsInMemory, modelKeysInMemory } from '../../../src/server/bot/models';
import { Trainer, unpackModel } from '../../../src/server/bot/trainer';
import { trainingKey } from '../../../src/server/bot/training';
import { answerElements, botInteractions, botModels, files, responseNodes, workspaces } from '../../../src/server/db/schema';
import { InteractionRequest, InteractionResponse } from '../../../src/shared/domain/interaction';
import { BACKENDS } from '../../support/database';
import { createBotFixture, createConversation, openBotDatabase, type BotDatabase, type BotFixture, type NodeSpec } from './fixture';

const NOW = new Date('2026-03-02T15:00:00.000Z');
const FILE_ID = 'bot_file_pagos';

/** The worker-thread trainer, counting the trainings it is asked for. */
class CountingTrainer extends Trainer {
  trainings = 0;
  override train(...args: Parameters<Trainer['train']>): ReturnType<Trainer['train']> {
    this.trainings++;
    return super.train(...args);
  }
}

async function until(test: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BACKENDS)('virtual assistant on %s', (backend) => {
  let bot: BotDatabase;
  let fx: BotFixture;
  let bare: BotFixture;
  let assistant: Assistant;
  const trainer = new CountingTrainer();

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
      nodeName: 'Horarios de atención',
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
    assistant = createAssistant({ db: bot.db, trainer });
    fx = await createBotFixture(bot.db, nodes());
    bare = await createBotFixture(bot.db, null);
    await bot.db.insert(files).values({ id: FILE_ID, organizationId: fx.organizationId, conversationId: null, name: 'Medios de pago.png', contentType: 'image/png', size: 3, data: Buffer.from('png'), createdAt: NOW });
  });
  afterAll(async () => {
    await assistant.close();
    await trainer.close();
    await bot.close();
  });

  const turn = async (fixture: BotFixture, conversationId: string, text: string, extra: Partial<BotTurnInput> = {}) =>
    assistant.answerTurn(bot.db, { organizationId: fixture.organizationId, idVa: fixture.idVa, conversationId, text, attachments: [], consecutiveFailures: 0, now: NOW, ...extra });
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

  it("sends an element its conversation's channel cannot show as its fallback text, and the web chat the element itself", async () => {
    const horarios = fx.nodeIds['horarios']!;
    await bot.db.update(answerElements).set({ fallbackText: 'Mira nuestras sedes en example.co/sedes' }).where(and(eq(answerElements.responseNodeId, horarios), eq(answerElements.elementTypesIdType, 3)));
    try {
      const conv = await createConversation(bot.db, fx, NOW);
      const web = await turn(fx, conv, 'horario de atención', { channelId: 3 });
      expect(web.items.map((i) => i.itemType)).toEqual([1, 2, 3]);
      const whatsapp = await turn(fx, conv, 'horario de atención', { channelId: 2 });
      expect(whatsapp.items).toEqual([
        { itemType: 1, itemValue: 'Atendemos de lunes a viernes de 8:00 a 18:00.', itemOptions: null, itemFile: null },
        { itemType: 2, itemValue: 'https://example.co/horarios', itemOptions: null, itemFile: null },
        { itemType: 1, itemValue: 'Mira nuestras sedes en example.co/sedes', itemOptions: null, itemFile: null }
      ]);
      // What was sent is what is recorded.
      const rows = await rowsOf(conv);
      expect(InteractionResponse.parse(JSON.parse(rows.at(-1)!.responseAnswer)).responseItems).toEqual(whatsapp.items);
      // Without a fallback, the element's own text form; options become their lines.
      await bot.db.update(answerElements).set({ fallbackText: '' }).where(eq(answerElements.responseNodeId, horarios));
      expect((await turn(fx, conv, 'horario de atención', { channelId: 1 })).items[2]).toEqual({ itemType: 1, itemValue: 'sedes.png: https://example.co/sedes.png', itemOptions: null, itemFile: null });
      const greeting = await welcomeTurn(bot.db, { organizationId: fx.organizationId, idVa: fx.idVa, channelId: 2 });
      expect(greeting.items.map((i) => [i.itemType, i.itemValue])).toEqual([
        [1, '¡Hola! Soy el asistente de prueba.'],
        [1, '- Horarios\n- Hablar con un asesor']
      ]);
    } finally {
      await bot.db.update(answerElements).set({ fallbackText: '' }).where(eq(answerElements.responseNodeId, horarios));
    }
  });

  it("'Probar' tells the intent, its confidence and the answer of one workspace, recording nothing, and nothing for another organisation's", async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    const before = (await bot.db.select().from(botInteractions)).length;
    const tried = await assistant.tryTurn(bot.db, { organizationId: fx.organizationId, workspaceId: fx.workspaceId!, text: '¿a qué hora abren?' });
    expect(tried).toMatchObject({ kind: 'answer', nodeId: 'horarios', intent: 'consultar_horarios', escalates: false });
    expect(tried!.confidence).toBeGreaterThan(0.5);
    expect(tried!.items.map((i) => i.itemType)).toEqual([1, 2, 3]);
    const lost = await assistant.tryTurn(bot.db, { organizationId: fx.organizationId, workspaceId: fx.workspaceId!, text: 'cómo está el clima en la luna' });
    expect(lost).toMatchObject({ kind: 'none', intent: null, confidence: null });
    expect((await bot.db.select().from(botInteractions)).length).toBe(before);
    expect(await assistant.tryTurn(bot.db, { organizationId: bare.organizationId, workspaceId: fx.workspaceId!, text: 'horarios' })).toBeNull();
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
    const result = await assistant.answerTurn(bot.db, {
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
        await assistant.answerTurn(tx, { organizationId: fx.organizationId, idVa: fx.idVa, conversationId: conv, text: 'hola', attachments: [], consecutiveFailures: 0, now: NOW });
        throw new Error('rollback');
      })
    ).rejects.toThrow('rollback');
    expect(await rowsOf(conv)).toEqual([]);
  });
  it('offers the closest nodes as options when unsure, records the turn as not answered, and answers the option tapped', async () => {
    await bot.db.update(workspaces).set({ answerThreshold: 0.95, optionsThreshold: 0.3 }).where(eq(workspaces.id, fx.workspaceId!));
    try {
      const conv = await createConversation(bot.db, fx, NOW);
      // A failure before does not make the options turn hand the chat over.
      const unsure = await turn(fx, conv, 'horario de atención para pagar', { consecutiveFailures: 1 });
      expect(unsure).toMatchObject({ answered: false, intent: null, escalate: null });
      expect(unsure.items).toHaveLength(1);
      expect(unsure.items[0]).toMatchObject({ itemType: 9, itemValue: OPTIONS_TEXT });
      expect(unsure.items[0]!.itemOptions).toEqual(['Horarios de atención', 'pagos']);
      expect(unsure.text.split('\n')).toEqual([OPTIONS_TEXT, ...unsure.items[0]!.itemOptions!.map((o) => `- ${o}`)]);

      // The customer taps the option: its text is the node's name, which is that node whatever the thresholds.
      const tapped = await turn(fx, conv, 'Horarios de atención');
      expect(tapped).toMatchObject({ answered: true, intent: 'consultar_horarios', escalate: null });

      const rows = await rowsOf(conv);
      expect(rows.map((r) => [r.intent, r.answered, r.escalated, r.responseNodeId])).toEqual([
        [null, false, false, null],
        ['consultar_horarios', true, false, fx.nodeIds.horarios]
      ]);
      expect(JSON.parse(rows[0]!.responseAnswer)).toEqual({ responseItems: unsure.items });
    } finally {
      await bot.db.update(workspaces).set({ answerThreshold: 0.6, optionsThreshold: 0.3 }).where(eq(workspaces.id, fx.workspaceId!));
    }
    // With the workspace's usual thresholds the same words answer.
    const conv = await createConversation(bot.db, fx, NOW);
    expect(await turn(fx, conv, 'horario de atención para pagar')).toMatchObject({ answered: true, intent: 'consultar_horarios' });
  });

  it('answers the question beside a greeting, and never a message about something else', async () => {
    const conv = await createConversation(bot.db, fx, NOW);
    expect(await turn(fx, conv, 'Buenos días! quisiera saber el horario de atención')).toMatchObject({ answered: true, intent: 'consultar_horarios' });
    expect(await turn(fx, conv, 'hola, ¿a qué hora juega la selección?')).toMatchObject({ answered: false, intent: null });
    expect(await turn(fx, conv, '¿a qué hora juega la selección?')).toMatchObject({ answered: false, intent: null });
  });

  it('keeps the thresholds in order (the database refuses options above answers)', async () => {
    await expect(bot.db.update(workspaces).set({ answerThreshold: 0.4, optionsThreshold: 0.5 }).where(eq(workspaces.id, fx.workspaceId!))).rejects.toThrow();
    await expect(bot.db.update(workspaces).set({ answerThreshold: 1.5 }).where(eq(workspaces.id, fx.workspaceId!))).rejects.toThrow();
  });

  it('stores the trained model, so a restart answers without training again', async () => {
    const tag = `r${Date.now().toString(36)}`;
    const specs: NodeSpec[] = [
      { nodeId: `tarifas_${tag}`, nodeName: 'Tarifas', examples: ['tarifas', 'cuánto vale el servicio', 'precio de la mensualidad'], elements: [{ type: 1, value: 'La mensualidad vale $20.000.' }] },
      { nodeId: `cobertura_${tag}`, nodeName: 'Cobertura', examples: ['cobertura', 'en qué barrios hay servicio', 'llega el servicio a mi zona'], elements: [{ type: 1, value: 'Cubrimos toda la ciudad.' }] }
    ];
    const own = await createBotFixture(bot.db, specs);
    const before = trainer.trainings;
    const first = createAssistant({ db: bot.db, trainer });
    const conv = await createConversation(bot.db, own, NOW);
    expect(await first.answerTurn(bot.db, { organizationId: own.organizationId, idVa: own.idVa, conversationId: conv, text: 'cuánto vale la mensualidad del servicio', attachments: [], consecutiveFailures: 0, now: NOW })).toMatchObject({
      answered: true,
      intent: `tarifas_${tag}`
    });
    await first.close();
    expect(trainer.trainings).toBe(before + 1);
    const [stored] = await bot.db.select().from(botModels).where(eq(botModels.workspaceId, own.workspaceId!));
    expect(stored?.trainingKey).toBe(trainingKey(specs.map((n) => ({ nodeId: n.nodeId, nodeName: n.nodeName!, examples: n.examples }))));
    expect(JSON.parse(await unpackModel(stored!.model))).toHaveProperty('nluManager');
    expect(stored!.model.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // stored gzipped

    forgetModelsInMemory(); // what a restart does
    const restarted = createAssistant({ db: bot.db, trainer });
    try {
      const again = await restarted.answerTurn(bot.db, { organizationId: own.organizationId, idVa: own.idVa, conversationId: conv, text: 'llega el servicio al barrio de mi casa?', attachments: [], consecutiveFailures: 0, now: NOW });
      expect(again).toMatchObject({ answered: true, intent: `cobertura_${tag}` });
      expect(trainer.trainings).toBe(before + 1);
    } finally {
      await restarted.close();
    }

    // A stored model that cannot be read (not gzip) is trained again, and the turn still answered.
    await bot.db.update(botModels).set({ model: Buffer.from('{"nluManager":{}}') }).where(eq(botModels.workspaceId, own.workspaceId!));
    forgetModelsInMemory();
    const errors: string[] = [];
    const damaged = createAssistant({ db: bot.db, trainer, onError: (_error, context) => errors.push(context) });
    try {
      const answered = await damaged.answerTurn(bot.db, { organizationId: own.organizationId, idVa: own.idVa, conversationId: conv, text: 'cuánto vale la mensualidad del servicio', attachments: [], consecutiveFailures: 0, now: NOW });
      expect(answered).toMatchObject({ answered: true, intent: `tarifas_${tag}` });
      expect(trainer.trainings).toBe(before + 2);
      expect(errors).toEqual(['stored model unreadable']);
    } finally {
      await damaged.close();
    }
  });

  it('retrains when the examples change, answering with the previous model meanwhile', async () => {
    const tag = `c${Date.now().toString(36)}`;
    const own = await createBotFixture(bot.db, [
      { nodeId: `horarios_${tag}`, nodeName: 'Horarios', examples: ['horarios', 'a qué hora abren', 'horario de atención'], elements: [{ type: 1, value: 'De 8 a 6.' }] },
      { nodeId: `pagos_${tag}`, nodeName: 'Pagos', examples: ['medios de pago', 'cómo puedo pagar', 'pagar con tarjeta'], elements: [{ type: 1, value: 'Tarjeta o PSE.' }] }
    ]);
    const conv = await createConversation(bot.db, own, NOW);
    const ask = (text: string) => turn(own, conv, text);
    expect(await ask('a qué hora abren los sábados')).toMatchObject({ answered: true, intent: `horarios_${tag}` });
    const trainedBefore = trainer.trainings;
    // The first model is stored once trained, which may end after the turn it answered.
    const storedKey = async () => (await bot.db.select({ key: botModels.trainingKey }).from(botModels).where(eq(botModels.workspaceId, own.workspaceId!)))[0]?.key;
    await until(async () => (await storedKey()) !== undefined, 'the first model stored');
    const before = { key: (await storedKey())! };

    await bot.db
      .update(responseNodes)
      .set({ examples: ['horarios', 'a qué hora abren', 'horario de atención', 'cronograma de atención', 'jornada de los festivos'] })
      .where(eq(responseNodes.id, own.nodeIds[`horarios_${tag}`]!));
    // The next turn does not wait for the training: the previous model answers what it knows…
    expect(await ask('a qué hora abren los sábados')).toMatchObject({ answered: true, intent: `horarios_${tag}` });
    expect(trainer.trainings).toBe(trainedBefore + 1);
    // …and the new model, once stored, knows the new words.
    await until(async () => {
      const [row] = await bot.db.select({ key: botModels.trainingKey }).from(botModels).where(eq(botModels.workspaceId, own.workspaceId!));
      return row !== undefined && row.key !== before.key;
    }, 'the retrained model');
    expect(await ask('me dice el cronograma para los festivos')).toMatchObject({ answered: true, intent: `horarios_${tag}` });
    expect(trainer.trainings).toBe(trainedBefore + 1);
    // The superseded model left the process's memory; the new one stays.
    const [after] = await bot.db.select({ key: botModels.trainingKey }).from(botModels).where(eq(botModels.workspaceId, own.workspaceId!));
    expect(modelKeysInMemory()).toContain(after!.key);
    expect(modelKeysInMemory()).not.toContain(before.key);
  });
  it('warms up: loads or trains and stores every workspace model before any customer writes', async () => {
    const tag = `w${Date.now().toString(36)}`;
    const own = await createBotFixture(bot.db, [
      { nodeId: `citas_${tag}`, nodeName: 'Citas', examples: ['pedir una cita', 'agendar cita médica'], elements: [{ type: 1, value: 'Agenda en la app.' }] },
      { nodeId: `resultados_${tag}`, nodeName: 'Resultados', examples: ['resultados de laboratorio', 'ver mis exámenes'], elements: [{ type: 1, value: 'En la app.' }] }
    ]);
    const warm = createAssistant({ db: bot.db, trainer });
    const before = trainer.trainings;
    await warm.warmUp();
    await warm.close();
    const [row] = await bot.db.select({ key: botModels.trainingKey }).from(botModels).where(eq(botModels.workspaceId, own.workspaceId!));
    expect(row).toBeDefined();
    expect(trainer.trainings).toBe(before + 1);
    // Every other workspace of the database was already stored: none trained again.
    const stored = await bot.db.select({ workspaceId: botModels.workspaceId }).from(botModels);
    const all = await bot.db.select({ id: workspaces.id }).from(workspaces);
    expect(stored.map((r) => r.workspaceId).sort()).toEqual(all.map((w) => w.id).sort());
  });

  it('does not understand (and reports) when a workspace first model cannot be trained', async () => {
    class FailingTrainer extends Trainer {
      override train(): ReturnType<Trainer['train']> {
        return Promise.reject(new Error('worker crashed'));
      }
    }
    const failing = new FailingTrainer();
    const errors: string[] = [];
    const broken = createAssistant({ db: bot.db, trainer: failing, onError: (error, context) => errors.push(`${context}: ${String(error)}`) });
    const own = await createBotFixture(bot.db, [{ nodeId: `x${Date.now().toString(36)}`, examples: ['consultar saldo de la tarjeta'], elements: [{ type: 1, value: 'Saldo.' }] }]);
    const conv = await createConversation(bot.db, own, NOW);
    const result = await broken.answerTurn(bot.db, { organizationId: own.organizationId, idVa: own.idVa, conversationId: conv, text: 'saldo de mi tarjeta', attachments: [], consecutiveFailures: 0, now: NOW });
    await broken.close();
    expect(result).toMatchObject({ answered: false, intent: null });
    expect(errors.join('\n')).toMatch(/worker crashed/);
    expect(await rowsOf(conv)).toHaveLength(1);
  });
  it('classifies with the classifier it is given instead of NLP.js, training and loading no model (the chat bench run without NLP.js)', async () => {
    const own = await createBotFixture(bot.db, [
      { nodeId: `turnos_${Date.now().toString(36)}`, nodeName: 'Turnos', examples: ['pedir un turno'], elements: [{ type: 1, value: 'Pide tu turno en la app.' }] }
    ]);
    const asked: string[] = [];
    const before = trainer.trainings;
    const plain = createAssistant({
      db: bot.db,
      trainer,
      classify: (workspace, text) => {
        asked.push(text);
        const node = workspace.nodes.find((n) => n.examples.includes(text));
        return node ? { kind: 'answer', nodeId: node.nodeId, score: 1, evidence: 1 } : { kind: 'none' };
      }
    });
    await plain.warmUp();
    const conv = await createConversation(bot.db, own, NOW);
    const input = { organizationId: own.organizationId, idVa: own.idVa, conversationId: conv, attachments: [], consecutiveFailures: 0, now: NOW };
    expect(await plain.answerTurn(bot.db, { ...input, text: 'pedir un turno' })).toMatchObject({ answered: true, text: 'Pide tu turno en la app.' });
    expect(await plain.answerTurn(bot.db, { ...input, text: 'quiero pedir turno' })).toMatchObject({ answered: false, intent: null });
    await plain.close();
    expect(asked).toEqual(['pedir un turno', 'quiero pedir turno']);
    expect(trainer.trainings).toBe(before);
    expect(await bot.db.select().from(botModels).where(eq(botModels.workspaceId, own.workspaceId!))).toEqual([]);
  });
});
