import { describe, expect, it } from 'vitest';
import { parseWatsonExport, WATSON_MAX_BYTES } from '../../../src/server/bot/watson/parse';
import { addedAndUpdated, orderNodes, planWatsonImport } from '../../../src/server/bot/watson/plan';
import type { WatsonExport } from '../../../src/server/bot/watson/export-schema';

const bytes = (json: unknown, bom = false) => new TextEncoder().encode(`${bom ? '\uFEFF' : ''}${typeof json === 'string' ? json : JSON.stringify(json)}`);
const parsed = (json: unknown): WatsonExport => {
  const r = parseWatsonExport(bytes(json));
  if (!r.ok) throw new Error(`${r.path}: ${r.reason}`);
  return r.data;
};

const EXPORT = {
  name: 'Demo',
  intents: [
    { intent: 'saludo', examples: [{ text: 'hola' }, { text: 'buenos días' }] },
    { intent: 'horario', examples: [{ text: '¿a qué hora abren?' }] },
    { intent: 'humano', examples: null }
  ],
  dialog_nodes: [
    // Array order is not dialog order.
    { dialog_node: 'n_horario', title: 'Horario', conditions: '#horario', parent: null, previous_sibling: 'n_saludo', output: { generic: [{ response_type: 'text', values: [{ text: 'Abrimos a las 8.' }], selection_policy: 'sequential' }, { response_type: 'option', title: '¿Algo más?', options: [{ label: 'Sí', value: { input: { text: 'sí' } } }, { label: 'No', value: null }] }] }, next_step: null, actions: [] },
    { dialog_node: 'n_saludo', title: 'Saludo', conditions: '#saludo', parent: null, previous_sibling: null, output: { text: { values: ['¡Hola!', '¡Buenas!'], selection_policy: 'random' } }, context: null },
    { dialog_node: 'n_hijo', title: null, conditions: 'true', parent: 'n_horario', previous_sibling: null, output: { text: 'Sábados hasta mediodía.' } },
    { dialog_node: 'n_humano', title: 'Humano', conditions: '#humano && $vip', parent: null, previous_sibling: 'n_horario', output: { generic: [{ response_type: 'connect_to_agent' }, { response_type: 'pause', time: 500 }, { response_type: 'image', source: 'https://ejemplo.co/a.png' }] } },
    { dialog_node: 'n_expr', title: 'Expr', conditions: '<? input.text.length() > 3 ?>', parent: null, previous_sibling: 'n_humano', output: { text: ['Hola <? $nombre ?>'] }, next_step: { behavior: 'jump_to', selector: 'body', dialog_node: 'n_fantasma' }, actions: [{ name: 'webhook' }] },
    { dialog_node: 'n_slot', type: 'slot', parent: 'n_expr', previous_sibling: null, output: null },
    { dialog_node: 'n_huerfano', conditions: '#inexistente', parent: 'n_nadie', previous_sibling: null, output: { text: [] } }
  ]
};

describe('parseWatsonExport', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    for (const bom of [false, true]) {
      const r = parseWatsonExport(bytes(EXPORT, bom));
      expect(r.ok).toBe(true);
    }
  });

  it('takes explicit nulls and empty arrays', () => {
    expect(parseWatsonExport(bytes({ intents: null, dialog_nodes: [] })).ok).toBe(true);
    expect(parseWatsonExport(bytes({ dialog_nodes: [{ dialog_node: 'a', output: { text: null, generic: null }, next_step: null, actions: null, parent: null }] })).ok).toBe(true);
  });

  it('names the first problem by its JSON path, in Spanish', () => {
    expect(parseWatsonExport(bytes({ dialog_nodes: [{ dialog_node: 'a' }, { dialog_node: 3 }] }))).toEqual({ ok: false, path: '$.dialog_nodes[1].dialog_node', reason: 'se esperaba un texto' });
    expect(parseWatsonExport(bytes({ dialog_nodes: [{ dialog_node: '' }] }))).toEqual({ ok: false, path: '$.dialog_nodes[0].dialog_node', reason: 'no puede estar vacío' });
    expect(parseWatsonExport(bytes({ dialog_nodes: [{ dialog_node: 'a', output: { text: 5 } }] }))).toMatchObject({ ok: false, path: '$.dialog_nodes[0].output.text' });
    const broken = parseWatsonExport(bytes('{"dialog_nodes": ['));
    expect(broken).toMatchObject({ ok: false, path: '$' });
    expect(!broken.ok && broken.reason).toMatch(/^no es JSON válido/);
    expect(parseWatsonExport(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ ok: false, path: '$', reason: 'el archivo no está codificado en UTF-8' });
  });

  it('refuses a file over 10 MB, and admits one of exactly 10 MB', () => {
    const body = (n: number) => {
      const head = '{"name":"';
      const tail = '"}';
      return bytes(head + 'x'.repeat(n - head.length - tail.length) + tail);
    };
    expect(parseWatsonExport(body(WATSON_MAX_BYTES)).ok).toBe(true);
    expect(parseWatsonExport(body(WATSON_MAX_BYTES + 1))).toEqual({ ok: false, path: '$', reason: 'el archivo supera 10 MB' });
  });
});

describe('planWatsonImport', () => {
  const plan = planWatsonImport(parsed(EXPORT));

  it('orders nodes by parent and previous_sibling, not by their place in the array', () => {
    expect(plan.nodes.map((n) => n.nodeId)).toEqual(['n_saludo', 'n_horario', 'n_hijo', 'n_humano', 'n_expr', 'n_slot', 'n_huerfano']);
    // A cycle of siblings keeps every node.
    const cyclic = orderNodes([
      { dialog_node: 'a', previous_sibling: 'b' },
      { dialog_node: 'b', previous_sibling: 'a' }
    ]);
    expect(cyclic.map((n) => n.dialog_node)).toEqual(['a', 'b']);
  });

  it('carries output.text and output.generic of one file, the intent and its examples from the conditions, escalation from connect_to_agent', () => {
    const byId = new Map(plan.nodes.map((n) => [n.nodeId, n]));
    expect(byId.get('n_saludo')).toEqual({ nodeId: 'n_saludo', name: 'Saludo', intent: 'saludo', examples: ['hola', 'buenos días'], escalates: false, elements: [{ type: 1, value: '¡Hola!' }] });
    expect(byId.get('n_horario')?.elements).toEqual([
      { type: 1, value: 'Abrimos a las 8.' },
      { type: 9, value: JSON.stringify({ text: '¿Algo más?', options: ['Sí', 'No'] }) }
    ]);
    expect(byId.get('n_hijo')).toMatchObject({ name: 'n_hijo', intent: '', examples: [], elements: [{ type: 1, value: 'Sábados hasta mediodía.' }] });
    expect(byId.get('n_humano')).toMatchObject({ intent: 'humano', examples: [], escalates: true, elements: [{ type: 3, value: 'https://ejemplo.co/a.png' }] });
    expect(byId.get('n_huerfano')?.elements).toEqual([]);
  });

  it('counts per node type and per response type', () => {
    expect(plan.counts.byNodeType).toEqual({ standard: 6, slot: 1 });
    expect(plan.counts.byResponseType).toEqual({ text: 5, option: 1, connect_to_agent: 1, pause: 1, image: 1 });
  });

  it('lists, per node, what cannot be carried over', () => {
    expect(plan.unsupported).toEqual([
      { nodeId: 'n_saludo', what: 'output.text: 1 variante(s) de respuesta además de la primera' },
      { nodeId: 'n_humano', what: 'respuesta de tipo pause' },
      { nodeId: 'n_expr', what: 'salto (next_step jump_to a n_fantasma)' },
      { nodeId: 'n_expr', what: 'condición con expresión: <? input.text.length() > 3 ?>' },
      { nodeId: 'n_expr', what: '1 acción(es)' },
      { nodeId: 'n_expr', what: 'respuesta con expresión: Hola <? $nombre ?>' },
      { nodeId: 'n_slot', what: 'slot' }
    ]);
  });

  it('lists references to nodes and intents that do not exist', () => {
    expect(plan.dangling).toEqual([
      { nodeId: 'n_expr', field: 'next_step', ref: 'n_fantasma' },
      { nodeId: 'n_huerfano', field: 'parent', ref: 'n_nadie' },
      { nodeId: 'n_huerfano', field: 'intent', ref: '#inexistente' }
    ]);
  });

  it('says which nodes would be added and which updated, matched by dialog_node', () => {
    expect(addedAndUpdated(plan, new Set(['n_saludo', 'n_hijo', 'otro']))).toEqual({
      added: ['n_horario', 'n_humano', 'n_expr', 'n_slot', 'n_huerfano'],
      updated: ['n_saludo', 'n_hijo']
    });
  });
});
