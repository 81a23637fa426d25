import { answerElements, responseNodes, workspaces } from '../db/schema';
import type { Db } from '../db/types';
import { WELCOME_NODE } from '../bot/assistant';
import { NOT_UNDERSTOOD_NODE } from '../bot/workspace';

/** A starter node: its examples and its one text answer. */
interface StarterNode {
  nodeId: string;
  nodeName: string;
  examples: string[];
  escalates: boolean;
  text: string;
}

/**
 * The workspace a new organisation's first assistant starts with, so it greets, says when it did
 * not understand, and hands the customer to a human from day one; the administrator edits the
 * answers and adds intents on the workspaces screen (or imports a Watson export).
 */
export const STARTER_NODES: readonly StarterNode[] = [
  {
    nodeId: WELCOME_NODE,
    nodeName: 'Saludo',
    examples: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'saludos', 'hola, necesito ayuda'],
    escalates: false,
    text: '¡Hola! ¿En qué te puedo ayudar?'
  },
  {
    nodeId: NOT_UNDERSTOOD_NODE,
    nodeName: 'No entendido',
    examples: [],
    escalates: false,
    text: 'No entendí tu mensaje. ¿Puedes escribirlo de otra forma?'
  },
  {
    nodeId: 'asesor_humano',
    nodeName: 'Hablar con un asesor',
    examples: ['hablar con un asesor', 'asesor', 'quiero hablar con una persona', 'comunícame con un asesor', 'necesito un asesor', 'atención humana'],
    escalates: true,
    text: 'Te comunico con un asesor.'
  }
];

/** Creates the starter workspace of a virtual agent (in the creating transaction). */
export async function createStarterWorkspace(tx: Db, organizationId: number, idVa: number): Promise<void> {
  const [workspace] = await tx
    .insert(workspaces)
    .values({ organizationId, idVa, name: 'Workspace inicial', description: 'Saludo, mensaje de no entendido y paso a un asesor' })
    .returning({ id: workspaces.id });
  if (!workspace) throw new Error('createStarterWorkspace: no workspace');
  for (const node of STARTER_NODES) {
    const [row] = await tx
      .insert(responseNodes)
      .values({ workspaceId: workspace.id, nodeId: node.nodeId, nodeName: node.nodeName, intent: node.nodeId, examples: node.examples, escalates: node.escalates ? 1 : 0 })
      .returning({ id: responseNodes.id });
    if (!row) throw new Error('createStarterWorkspace: no node');
    await tx.insert(answerElements).values({ responseNodeId: row.id, elementTypesIdType: 1, elementOrderPos: 1, elementValue: node.text });
  }
}
