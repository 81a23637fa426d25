import { describe, expect, it } from 'vitest';
import { NOT_UNDERSTOOD_NODE, trainable, type BotNode, type BotWorkspace } from '../../../src/server/bot/workspace';

const node = (nodeId: string, intent: string, examples: string[]): BotNode => ({ id: 1, nodeId, nodeName: nodeId, intent, examples, escalates: false, escalateSplitId: null, elements: [] });

describe('trainable: the nodes a workspace model is trained on', () => {
  it('leaves out the not-understood node and a node with neither an intent nor an example (a Watson follow-up child)', () => {
    const workspace: BotWorkspace = {
      id: 1,
      defaultSplitId: null,
      thresholds: { answer: 0.6, options: 0.3 },
      nodes: [
        node('horarios', 'horarios', ['a qué hora abren']),
        node('node_1_1_1520011563469', '', []),
        node(NOT_UNDERSTOOD_NODE, '', ['no entiendo']),
        // An intent the export names without examples still has its name to be trained on.
        node('pagos', 'pagos', []),
        node('saludo', '', ['hola'])
      ]
    };
    expect(trainable(workspace).nodes.map((n) => n.nodeId)).toEqual(['horarios', 'pagos', 'saludo']);
  });
});
