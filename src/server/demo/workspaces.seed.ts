import { answerElements, responseNodes, workspaces } from '../db/schema';
import { DEMO_WORKSPACES } from './demo-workspaces';
import type { SeedModule } from './types';

/** Each demo virtual agent's workspace: response nodes with example phrases and their answer elements. */
export const workspacesSeed: SeedModule = {
  name: 'workspaces',
  async run(db, { now }) {
    await db.insert(workspaces).values(
      DEMO_WORKSPACES.map(({ id, organizationId, idVa, name, description, defaultSplitId }) => ({
        id,
        organizationId,
        idVa,
        name,
        description,
        defaultSplitId,
        updatedAt: now
      }))
    );
    const nodes = DEMO_WORKSPACES.flatMap((workspace) => workspace.nodes.map((node) => ({ workspace, node })));
    await db.insert(responseNodes).values(
      nodes.map(({ workspace, node }) => ({
        id: node.id,
        workspaceId: workspace.id,
        nodeId: node.nodeId,
        nodeName: node.nodeName,
        intent: node.intent,
        examples: [...node.examples],
        escalates: node.escalates ? 1 : 0,
        escalateSplitId: node.escalateSplitId ?? null
      }))
    );
    let elementId = 0;
    await db.insert(answerElements).values(
      nodes.flatMap(({ node }) =>
        node.elements.map(([type, value], position) => ({
          id: ++elementId,
          responseNodeId: node.id,
          elementTypesIdType: type,
          elementOrderPos: position + 1,
          elementValue: value
        }))
      )
    );
  }
};
