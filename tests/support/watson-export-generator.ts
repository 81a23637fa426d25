/**
 * A realistic IBM Watson Assistant v1 workspace export of about a given size (issue 38's import, its
 * tests and the `assistant-config` bench's 10 MB import): intents with Spanish example phrases, and a
 * dialog tree of root nodes (one per intent) each with a follow-up child, written as Watson writes
 * them — explicit nulls and empty arrays, `output.text` in its three shapes and `output.generic`
 * (text, option, image, pause, connect_to_agent) in the same file, metadata, a few `<? ?>`
 * expressions, slots, jumps and actions, and the nodes shuffled (their place in the array is not
 * the dialog order). Deterministic for a seed. About 2,000 nodes for 10 MB by default, each intent
 * with `examplesPerIntent` phrases (what the assistant trains on); the rest of the size is answer
 * variants of the follow-up nodes (Watson's `selection_policy` lists), as long exports have.
 */

export interface WatsonExportOptions {
  /** The size the export comes close to, never over (UTF-8 bytes). */
  targetBytes: number;
  /** Dialog nodes (even; default about one per 5 KB: 2,000 for 10 MB). */
  nodes?: number;
  seed?: number;
  /** Workspace name. */
  name?: string;
  /** Example phrases per intent (default 20: training time grows with them, not with the file). */
  examplesPerIntent?: number;
}

export interface GeneratedWatsonExport {
  /** The export as JSON text. */
  json: string;
  bytes: number;
  nodes: number;
  intents: number;
  examples: number;
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPENINGS = ['quiero', 'necesito', 'me gustaría', 'cómo puedo', 'dónde puedo', 'ayúdame a', 'es posible', 'quisiera', 'por favor', 'tengo que'];
const VERBS = ['pagar', 'consultar', 'cambiar', 'cancelar', 'activar', 'revisar', 'descargar', 'actualizar', 'solicitar', 'reclamar', 'renovar', 'bloquear'];
const OBJECTS = ['mi factura', 'el saldo', 'la tarjeta', 'mi contraseña', 'el pedido', 'la cita', 'el certificado', 'mi plan', 'la dirección', 'el envío', 'mi cuenta', 'los puntos'];
const TAILS = ['hoy', 'ahora mismo', 'desde el celular', 'en línea', 'esta semana', 'sin ir a la oficina', 'lo antes posible', 'para mi mamá', 'otra vez', ''];
const ANSWERS = [
  'Puedes hacerlo desde la aplicación, en la sección Mi cuenta, o en cualquiera de nuestras oficinas de lunes a viernes de 8:00 a. m. a 6:00 p. m.',
  'Con gusto te ayudo. Ten a mano tu número de documento; el trámite toma unos cinco minutos y recibirás la confirmación por correo.',
  'Este servicio no tiene costo. Si tienes inconvenientes, escribe "asesor" y te comunicamos con una persona de nuestro equipo.',
  'Recuerda que nunca te pediremos tu clave por este medio. Ingresa siempre desde la página oficial y verifica el candado del navegador.'
];

/** One node as JSON, with Watson's explicit nulls and empty arrays. */
function node(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'standard',
    title: null,
    output: null,
    parent: null,
    context: null,
    metadata: {},
    next_step: null,
    conditions: null,
    description: null,
    previous_sibling: null,
    actions: [],
    disabled: false,
    created: '2024-03-01T12:00:00.000Z',
    updated: '2024-06-15T09:30:00.000Z',
    ...fields
  };
}

/** The export's JSON, close to `targetBytes` (never over), deterministic for the seed. */
export function generateWatsonExport(options: WatsonExportOptions): GeneratedWatsonExport {
  const random = prng(options.seed ?? 38);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const nodeCount = Math.max(2, Math.round((options.nodes ?? Math.round(options.targetBytes / 5243)) / 2) * 2);
  const groups = nodeCount / 2;
  const stamp = 1520011563468;

  const nodes: string[] = [];
  const children: { slot: boolean; json: (extra: readonly string[]) => string }[] = [];
  const intentNames: string[] = [];
  let previousRoot: string | null = null;
  for (let g = 0; g < groups; g++) {
    const intent = `${pick(VERBS)}_${pick(OBJECTS).split(' ').pop() ?? 'tema'}_${g}`;
    intentNames.push(intent);
    const rootId = `node_${g + 1}_${stamp + g * 7919}`;
    const childId = `node_${g + 1}_1_${stamp + g * 7919 + 1}`;
    const kind = g % 10;
    const answer = `${pick(ANSWERS)} (${intent.replace(/_/g, ' ')})`;
    const output =
      kind === 0
        ? { text: { values: [answer, pick(ANSWERS)], selection_policy: 'random' } }
        : kind === 1
          ? { text: answer, generic: [{ response_type: 'option', title: '¿Qué deseas hacer?', description: null, options: [{ label: 'Ver opciones', value: { input: { text: 'opciones' } } }, { label: 'Hablar con un asesor', value: { input: { text: 'asesor' } } }] }] }
          : kind === 2
            ? { generic: [{ response_type: 'text', values: [{ text: answer }], selection_policy: 'sequential' }, { response_type: 'image', source: `https://ejemplo.co/imagenes/${g}.png`, title: null, description: null }] }
            : kind === 3
              ? { generic: [{ response_type: 'pause', time: 1500, typing: true }, { response_type: 'text', values: [{ text: answer }], selection_policy: 'sequential' }] }
              : kind === 4
                ? { generic: [{ response_type: 'connect_to_agent', message_to_human_agent: 'El cliente pide un asesor' }] }
                : kind === 5
                  ? { text: [`Hola <? $nombre ?>, ${answer}`] }
                  : { generic: [{ response_type: 'text', values: [{ text: answer }], selection_policy: 'sequential' }] };
    nodes.push(
      JSON.stringify(
        node({
          dialog_node: rootId,
          title: intent.replace(/_/g, ' '),
          conditions: kind === 6 ? `#${intent} && <? input.text.length() > 3 ?>` : `#${intent}`,
          previous_sibling: previousRoot,
          output,
          ...(kind === 7 ? { next_step: { behavior: 'jump_to', selector: 'body', dialog_node: `node_${((g + 1) % groups) + 1}_${stamp + ((g + 1) % groups) * 7919}` } } : {}),
          ...(kind === 8 ? { actions: [{ name: 'consultar_estado', type: 'webhook', parameters: { documento: '$documento' }, result_variable: 'webhook_result_1' }] } : {}),
          context: kind === 9 ? { tema: intent } : null
        })
      )
    );
    children.push({
      slot: kind === 9,
      json: (extra: readonly string[]) =>
        JSON.stringify(
          node({
            dialog_node: childId,
          type: kind === 9 ? 'slot' : 'standard',
          parent: rootId,
          conditions: kind === 9 ? null : 'true',
            output: kind === 9 ? null : { text: { values: ['¿Te puedo ayudar con algo más?', ...extra], selection_policy: 'random' } },
            variable: kind === 9 ? '$documento' : undefined
          })
        )
    });
    previousRoot = rootId;
  }

  const head = `{"name":${JSON.stringify(options.name ?? 'Asistente generado')},"language":"es","description":"","metadata":{"api_version":{"major_version":"v1","minor_version":"2018-09-20"}},"learning_opt_out":false,"system_settings":{"disambiguation":{"enabled":false},"spelling_suggestions":true},"entities":[],"counterexamples":[],"status":"Available","workspace_id":"9978a49e-ea89-4493-b33d-82298d3db20d","intents":[`;
  const middle = '],"dialog_nodes":[';
  const tail = ']}';
  const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');
  const intentHead = (name: string) => `{"intent":${JSON.stringify(name)},"description":null,"created":"2024-03-01T12:00:00.000Z","updated":"2024-06-15T09:30:00.000Z","examples":[`;
  const intentTail = ']}';
  const perIntent = options.examplesPerIntent ?? 20;
  let examples = 0;
  const intents = intentNames.map((name) => {
    const topic = name.split('_').slice(0, 2).join(' ');
    const parts: string[] = [];
    for (let k = 0; k < perIntent; k++) parts.push(JSON.stringify({ text: `${pick(OPENINGS)} ${topic} ${pick(OBJECTS)} ${pick(TAILS)}`.trim() + (k > 0 ? ` ${k}` : ''), mentions: [] }));
    examples += parts.length;
    return intentHead(name) + parts.join(',') + intentTail;
  });
  const bare = children.map((c) => c.json([]));
  const fixed =
    utf8(head) + utf8(middle) + utf8(tail) + [...nodes, ...bare].reduce((n, x) => n + utf8(x), 0) + (nodes.length + bare.length - 1) + intents.reduce((n, x) => n + utf8(x), 0) + Math.max(0, intents.length - 1);
  if (fixed > options.targetBytes) throw new Error(`A ${nodeCount}-node export takes at least ${fixed} bytes: more than ${options.targetBytes}`);
  // The rest of the size: answer variants of the follow-up nodes (not the slots, which answer nothing).
  const padded = children.filter((c) => !c.slot).length;
  const budget = padded === 0 ? 0 : Math.floor((options.targetBytes - fixed) / padded);
  children.forEach((c, i) => {
    if (c.slot) return nodes.push(bare[i] as string);
    const extra: string[] = [];
    let used = 0;
    for (;;) {
      const variant = `${pick(ANSWERS)} ${pick(TAILS)}`.trim();
      const cost = utf8(JSON.stringify(variant)) + 1;
      if (used + cost > budget) break;
      extra.push(variant);
      used += cost;
    }
    nodes.push(c.json(extra));
  });
  // Watson's array order is not the dialog order.
  for (let i = nodes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [nodes[i], nodes[j]] = [nodes[j] as string, nodes[i] as string];
  }
  const json = head + intents.join(',') + middle + nodes.join(',') + tail;
  return { json, bytes: utf8(json), nodes: nodes.length, intents: intents.length, examples };
}
