import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { WATSON_IMPORT_MAX_BYTES, WATSON_TOO_LARGE_TEXT, WatsonImportResult } from '../../../src/shared/domain/watson-import';
import type { Answer } from '../../../src/shared/domain/workspace';
import { botModels, responseNodes } from '../../../src/server/db/schema';
import { loadWorkspace, trainable } from '../../../src/server/bot/workspace';
import { trainingKey } from '../../../src/server/bot/training';
import { eventually } from '../../support/platform';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, type TestPlatform } from '../../support/app';
import { generateWatsonExport } from '../../support/watson-export-generator';
import { caller, signInAll } from './chat-fixtures';
import { changedTables, tableDigest } from './hostile-input-cases';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'asesor@demo.co', 'admin@otra.co'];
/** Workspace 2: the demo organisation's second virtual agent's (workspace 1 keeps the demo's answers for the other suites' sake). */
const WS = 2;

const EXPORT = {
  name: 'Importado',
  language: 'es',
  intents: [
    { intent: 'pagar_factura', examples: [{ text: 'quiero pagar mi factura' }, { text: 'cómo pago el recibo' }], description: null },
    { intent: 'horario_atencion', examples: [{ text: 'a qué hora abren' }] },
    { intent: 'vacio', examples: [] }
  ],
  entities: [],
  dialog_nodes: [
    { dialog_node: 'w_horario', title: 'Horario', conditions: '#horario_atencion', parent: null, previous_sibling: 'w_pago', output: { text: 'Abrimos de 8 a 18.', generic: [{ response_type: 'option', title: '¿Algo más?', options: [{ label: 'Sí', value: null }] }] }, next_step: null, actions: [], context: null },
    { dialog_node: 'w_pago', title: 'Pagar factura', conditions: '#pagar_factura', parent: null, previous_sibling: null, output: { generic: [{ response_type: 'text', values: [{ text: 'Paga en línea.' }], selection_policy: 'sequential' }, { response_type: 'image', source: 'https://ejemplo.co/pago.png' }] } },
    { dialog_node: 'w_hijo', title: null, conditions: 'true', parent: 'w_pago', previous_sibling: null, output: { text: { values: ['¿Te ayudo con algo más?'], selection_policy: 'sequential' } } },
    { dialog_node: 'w_expr', title: 'Expr', conditions: '<? input.text.length() > 3 ?>', parent: null, previous_sibling: 'w_horario', output: null, next_step: { behavior: 'jump_to', selector: 'body', dialog_node: 'w_fantasma' }, actions: [{ name: 'webhook' }] },
    { dialog_node: 'w_slot', type: 'slot', parent: 'w_expr', previous_sibling: null, output: null, variable: '$documento' },
    { dialog_node: 'w_humano', title: 'Humano', conditions: '#asesor', parent: null, previous_sibling: 'w_expr', output: { generic: [{ response_type: 'connect_to_agent' }] } }
  ]
};

const encode = (json: unknown, bom = false) => Buffer.from(`${bom ? '\uFEFF' : ''}${typeof json === 'string' ? json : JSON.stringify(json)}`, 'utf8');

describe.each(BACKENDS)('the Watson import on %s', (backend) => {
  let platform: TestPlatform;
  let tokens: Record<string, string>;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    platform = await createTestApp(backend);
    tokens = await signInAll(platform.app, EMAILS);
    call = caller(platform.app, tokens);
  });
  afterAll(() => platform.close());

  const post = (body: Buffer | string | undefined, { dryRun = true, as = 'admin@demo.co', ws = WS, query = '', type = 'application/json' } = {}) =>
    platform.app.inject({
      method: 'POST',
      url: `/api/workspaces/${ws}/watson-import?dryRun=${dryRun}${query}`,
      headers: { ...bearer(tokens[as] as string), 'content-type': type },
      ...(body === undefined ? {} : { payload: body })
    });
  /** What the import may change, and only that (bot_models is written in the background after an import retrains). */
  const digest = async () => {
    const all = await tableDigest(platform.app);
    delete all.bot_models;
    return all;
  };
  const nodeRows = () =>
    platform.app.db.select({ id: responseNodes.id, nodeId: responseNodes.nodeId }).from(responseNodes).where(eq(responseNodes.workspaceId, WS)).orderBy(asc(responseNodes.id));

  it('answers a dry run with the counts, what would be added, what cannot be carried over by node and the missing references, and writes nothing', async () => {
    const before = await digest();
    const res = await post(encode(EXPORT));
    expect(res.statusCode).toBe(200);
    const result = WatsonImportResult.parse(res.json());
    expect(result).toMatchObject({ workspaceId: WS, dryRun: true, applied: false, nodes: 6, intents: 3, updated: [], unchanged: [] });
    expect(result.added).toEqual(['w_pago', 'w_hijo', 'w_horario', 'w_expr', 'w_slot', 'w_humano']);
    expect(result.counts).toEqual({ byNodeType: { standard: 5, slot: 1 }, byResponseType: { text: 3, option: 1, image: 1, connect_to_agent: 1 } });
    expect(result.notCarried).toEqual([
      { nodeId: 'w_expr', what: 'salto (next_step jump_to a w_fantasma)' },
      { nodeId: 'w_expr', what: 'condición con expresión: <? input.text.length() > 3 ?>' },
      { nodeId: 'w_expr', what: '1 acción(es)' },
      { nodeId: 'w_slot', what: 'slot' }
    ]);
    expect(result.missingRefs).toEqual([
      { nodeId: 'w_expr', field: 'next_step', ref: 'w_fantasma' },
      { nodeId: 'w_humano', field: 'intent', ref: '#asesor' }
    ]);
    expect(changedTables(before, await digest())).toEqual([]);
    // dryRun is the default: applying is asked for.
    const implicit = await platform.app.inject({ method: 'POST', url: `/api/workspaces/${WS}/watson-import`, headers: { ...bearer(tokens['admin@demo.co'] as string), 'content-type': 'application/json' }, payload: encode(EXPORT) });
    expect(implicit.json<WatsonImportResult>().dryRun).toBe(true);
    expect(changedTables(before, await digest())).toEqual([]);
  });

  it('applies in one go: the nodes with their answers, intents and examples; a second import of the same file changes nothing', async () => {
    const res = await post(encode(EXPORT), { dryRun: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<WatsonImportResult>()).toMatchObject({ dryRun: false, applied: true, added: ['w_pago', 'w_hijo', 'w_horario', 'w_expr', 'w_slot', 'w_humano'] });
    const answers = (await call('admin@demo.co', 'GET', `/api/workspaces/${WS}/answers`)).json<Answer[]>();
    const byId = new Map(answers.map((a) => [a.nodeId, a]));
    expect(byId.get('w_pago')?.nodeName).toBe('Pagar factura');
    expect(byId.get('w_pago')?.details).toEqual([
      { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'Paga en línea.', elementFallback: '' },
      { elementTypesIdType: 3, elementOrderPos: 1, elementValue: 'https://ejemplo.co/pago.png', elementFallback: '' }
    ]);
    expect(byId.get('w_horario')?.details.map((d) => d.elementTypesIdType)).toEqual([1, 9]);
    expect(byId.get('w_slot')?.details).toEqual([]);
    const [pago] = await platform.app.db.select().from(responseNodes).where(eq(responseNodes.nodeId, 'w_pago'));
    expect(pago).toMatchObject({ workspaceId: WS, intent: 'pagar_factura', examples: ['quiero pagar mi factura', 'cómo pago el recibo'], escalates: 0 });
    const [humano] = await platform.app.db.select().from(responseNodes).where(eq(responseNodes.nodeId, 'w_humano'));
    expect(humano?.escalates).toBe(1);
    // The assistant retrains on the imported intents in its worker, with no customer turn asking for it.
    const workspace = await loadWorkspace(platform.app.db, 100, 2);
    const key = trainingKey(trainable(workspace ?? { id: 0, defaultSplitId: null, thresholds: { answer: 0, options: 0 }, nodes: [] }).nodes);
    await eventually(async () => {
      const [model] = await platform.app.db.select({ key: botModels.trainingKey }).from(botModels).where(eq(botModels.workspaceId, WS));
      if (model?.key !== key) throw new Error('not retrained yet');
    }, 60_000);

    const rows = await nodeRows();
    const before = await digest();
    const again = await post(encode(EXPORT, true), { dryRun: false });
    expect(again.statusCode).toBe(200);
    expect(again.json<WatsonImportResult>()).toMatchObject({ applied: false, added: [], updated: [], unchanged: ['w_pago', 'w_hijo', 'w_horario', 'w_expr', 'w_slot', 'w_humano'] });
    expect(changedTables(before, await digest())).toEqual([]);
    expect(await nodeRows()).toEqual(rows);
  });

  it('matches answers by dialog_node: an answer edited here is updated in place, the node keeps its row', async () => {
    const rows = await nodeRows();
    const put = await call('admin@demo.co', 'PUT', '/api/answers', { workspaceId: WS, nodeId: 'w_pago', details: [{ elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'Editado aquí' }] });
    expect(put.statusCode).toBe(200);
    const dry = (await post(encode(EXPORT))).json<WatsonImportResult>();
    expect(dry.updated).toEqual(['w_pago']);
    expect(dry.added).toEqual([]);
    const applied = (await post(encode(EXPORT), { dryRun: false })).json<WatsonImportResult>();
    expect(applied).toMatchObject({ applied: true, updated: ['w_pago'] });
    expect(await nodeRows()).toEqual(rows);
    const answer = (await call('admin@demo.co', 'GET', `/api/answers/respNodeIdWrkspc/${WS}/respNodeWatsonNodeId/w_pago`)).json<Answer>();
    expect(answer.details[0]?.elementValue).toBe('Paga en línea.');
  });

  it('refuses a malformed file with 400 naming the first problem by its path, and stores nothing', async () => {
    const before = await digest();
    const cases: [Buffer | string | undefined, RegExp][] = [
      [encode({ dialog_nodes: [{ dialog_node: 'a' }, { dialog_node: 3 }] }), /\$\.dialog_nodes\[1\]\.dialog_node: se esperaba un texto$/],
      [encode({ dialog_nodes: [{ dialog_node: 'a', output: { text: 5 } }] }), /\$\.dialog_nodes\[0\]\.output\.text/],
      [encode('{"dialog_nodes": ['), /\$: no es JSON válido/],
      [Buffer.from([0x7b, 0xff, 0x7d]), /\$: el archivo no está codificado en UTF-8$/],
      [encode({ dialog_nodes: [{ dialog_node: 'un nodo' }] }), /\$\.dialog_nodes\[0\]\.dialog_node: el nodo solo admite/],
      [encode({ dialog_nodes: [{ dialog_node: 'a' }, { dialog_node: 'a' }] }), /\$\.dialog_nodes\[1\]\.dialog_node: el nodo a está repetido$/],
      [encode({ dialog_nodes: [{ dialog_node: 'a', title: 'x\u0000y' }] }), /\$\.dialog_nodes\[0\]\.title: contiene un carácter nulo$/],
      [encode('{"dialog_nodes":[{"dialog_node":"a","context":{"__proto__":{"x":1}}}]}'), /\$\.dialog_nodes\[0\]\.context\.__proto__: clave no permitida$/],
      [encode('[]'), /^El archivo de Watson no es válido: \$: /],
      [undefined, /\$: el archivo está vacío$/]
    ];
    for (const [body, message] of cases) {
      for (const dryRun of [true, false]) {
        const res = await post(body, { dryRun });
        expect(res.statusCode, String(message)).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(message);
      }
    }
    expect((await post(JSON.stringify(EXPORT), { dryRun: false, type: 'text/plain' })).statusCode).toBe(415);
    expect((await post(encode(EXPORT), { dryRun: false, query: '&dryRun=quizas' })).statusCode).toBe(400);
    expect(changedTables(before, await digest())).toEqual([]);
  });

  it('takes a file of exactly 10 MB, and answers a larger one 413 in Spanish without storing anything', async () => {
    const head = '{"name":"';
    const tail = '","dialog_nodes":[]}';
    const exact = Buffer.from(head + 'x'.repeat(WATSON_IMPORT_MAX_BYTES - head.length - tail.length) + tail);
    expect(exact.byteLength).toBe(WATSON_IMPORT_MAX_BYTES);
    const ok = await post(exact, { type: 'application/octet-stream' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<WatsonImportResult>().nodes).toBe(0);
    const before = await digest();
    const over = await post(Buffer.concat([exact, Buffer.from(' ')]), { dryRun: false });
    expect(over.statusCode).toBe(413);
    expect(over.json<{ message: string }>().message).toBe(WATSON_TOO_LARGE_TEXT);
    expect(changedTables(before, await digest())).toEqual([]);
  });

  it("imports a generated 1 MB export, and is refused another organisation's workspace and to roles that do not edit the assistant", async () => {
    const generated = generateWatsonExport({ targetBytes: 1024 * 1024, seed: 7 });
    const dry = await post(Buffer.from(generated.json));
    expect(dry.statusCode).toBe(200);
    expect(dry.json<WatsonImportResult>().nodes).toBe(generated.nodes);

    const before = await digest();
    expect((await post(encode(EXPORT), { dryRun: false, as: 'admin@otra.co' })).statusCode).toBe(404);
    expect((await post(encode(EXPORT), { dryRun: false, ws: 3 })).statusCode).toBe(404);
    expect((await post(encode(EXPORT), { dryRun: false, query: '&idOrg=200' })).statusCode).toBe(403);
    expect((await post(encode(EXPORT), { dryRun: false, as: 'asesor@demo.co' })).statusCode).toBe(403);
    expect(changedTables(before, await digest())).toEqual([]);
  });
});
