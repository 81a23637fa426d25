import { describe, expect, it } from 'vitest';
import { Answer, Workspace, WorkspaceUpdateSummary } from '../../../src/shared/domain/workspace';
import { BACKENDS } from '../../support/database';
import { signedInPlatform } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'asesor@demo.co', 'admin@otra.co'];

describe.each(BACKENDS)('workspaces and answers on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const nodeAnswer = async (ws: number, node: string, as = 'admin@demo.co') => signed.call(as, 'GET', `/api/answers/respNodeIdWrkspc/${ws}/respNodeWatsonNodeId/${node}`);
  const put = (body: object, as = 'admin@demo.co') => signed.call(as, 'PUT', '/api/answers', body);

  it("lists the organisation's workspaces, optionally of one virtual agent, and never another organisation's", async () => {
    const all = (await signed.call('admin@demo.co', 'GET', '/api/workspaces')).json<Workspace[]>();
    expect(all.map((w) => w.id)).toEqual([1, 2]);
    expect(all.every((w) => Workspace.safeParse(w).success)).toBe(true);
    expect((await signed.call('admin@demo.co', 'GET', '/api/workspaces?idVa=1')).json<Workspace[]>().map((w) => w.id)).toEqual([1]);
    expect((await signed.call('admin@otra.co', 'GET', '/api/workspaces')).json<Workspace[]>().map((w) => w.id)).toEqual([3]);
    expect((await signed.call('admin@demo.co', 'GET', '/api/workspaces?idOrg=200')).statusCode).toBe(403);
    expect((await signed.call('asesor@demo.co', 'GET', '/api/workspaces')).statusCode).toBe(403);
  });

  it("answers a workspace's nodes with their answers sorted, one node's answer, and 404 for another organisation's or an unknown node", async () => {
    const res = await signed.call('admin@demo.co', 'GET', '/api/workspaces/1/answers');
    expect(res.statusCode).toBe(200);
    const answers = res.json<Answer[]>();
    expect(answers.map((a) => a.nodeId)).toContain('horarios');
    for (const a of answers) expect(a.details.map((d) => d.elementOrderPos)).toEqual([...a.details.map((d) => d.elementOrderPos)].sort((x, y) => x - y));
    const one = await nodeAnswer(1, 'horarios');
    expect(one.statusCode).toBe(200);
    expect(one.json<Answer>()).toEqual(answers.find((a) => a.nodeId === 'horarios'));
    expect((await signed.call('admin@demo.co', 'GET', '/api/workspaces/3/answers')).statusCode).toBe(404);
    expect((await nodeAnswer(3, 'horarios')).statusCode).toBe(404);
    expect((await nodeAnswer(1, 'no_existe')).statusCode).toBe(404);
    expect((await nodeAnswer(1, 'a b')).statusCode).toBe(400);
  });

  it('answers the update summary from the database', async () => {
    const res = await signed.call('admin@demo.co', 'PUT', '/api/answers/workspace/1');
    expect(res.statusCode).toBe(200);
    const summary = WorkspaceUpdateSummary.parse(res.json());
    const answers = (await signed.call('admin@demo.co', 'GET', '/api/workspaces/1/answers')).json<Answer[]>();
    expect(summary.workpaceData?.id).toBe(1);
    expect(summary.listNewResponseNodes.map((n) => n.nodeId)).toEqual(answers.filter((a) => a.details.length === 0).map((a) => a.nodeId));
    expect(summary.workspaceUpdateResponse).toBe(`${answers.length} nodos de respuesta, ${summary.listNewResponseNodes.length} sin respuesta`);
    expect((await signed.call('admin@otra.co', 'PUT', '/api/answers/workspace/1')).statusCode).toBe(404);
  });

  it('replaces an answer with ordered elements, keeping the options the node held, and the assistant reads it', async () => {
    const before = (await nodeAnswer(1, 'bienvenida')).json<Answer>();
    const options = before.details.filter((d) => d.elementTypesIdType === 9);
    expect(options).toHaveLength(1);
    const details = [
      { elementTypesIdType: 2, elementOrderPos: 2, elementValue: 'https://www.demo-contact-center.example/ayuda' },
      { elementTypesIdType: 1, elementOrderPos: 1, elementValue: '¡Hola de nuevo!' }
    ];
    const res = await put({ workspaceId: 1, nodeId: 'bienvenida', details });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Answer>();
    expect(saved.details).toEqual([
      { ...details[1], elementFallback: '' },
      { ...details[0], elementFallback: '' },
      { ...options[0], elementOrderPos: 3 }
    ]);
    expect((await nodeAnswer(1, 'bienvenida')).json<Answer>()).toEqual(saved);
  });

  it.each([
    ['an element of type 9', { elementTypesIdType: 9, elementOrderPos: 0, elementValue: '["a"]' }],
    ['an unknown type', { elementTypesIdType: 6, elementOrderPos: 0, elementValue: 'x' }],
    ['4001 characters', { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'a'.repeat(4001) }],
    ['a NUL', { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'a\u0000b' }],
    ['a blank value', { elementTypesIdType: 1, elementOrderPos: 0, elementValue: '   ' }],
    ['a position past int4', { elementTypesIdType: 1, elementOrderPos: 2147483648, elementValue: 'x' }]
  ])('refuses %s (400) and changes nothing', async (_what, element) => {
    const before = (await nodeAnswer(1, 'horarios')).json<Answer>();
    const res = await put({ workspaceId: 1, nodeId: 'horarios', details: [element] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/[a-záéíóúñ]/i);
    expect((await nodeAnswer(1, 'horarios')).json<Answer>()).toEqual(before);
  });

  it('refuses duplicate positions, no elements, an unknown node and another organisation’s workspace, changing nothing', async () => {
    const before = (await nodeAnswer(1, 'horarios')).json<Answer>();
    const text = (pos: number) => ({ elementTypesIdType: 1, elementOrderPos: pos, elementValue: 'x' });
    expect((await put({ workspaceId: 1, nodeId: 'horarios', details: [text(1), text(1)] })).statusCode).toBe(400);
    expect((await put({ workspaceId: 1, nodeId: 'horarios', details: [] })).statusCode).toBe(400);
    expect((await put({ workspaceId: 1, nodeId: 'no_existe', details: [text(0)] })).statusCode).toBe(404);
    expect((await put({ workspaceId: 3, nodeId: 'horarios', details: [text(0)] })).statusCode).toBe(404);
    expect((await put({ workspaceId: 1, nodeId: 'horarios', details: [text(0)] }, 'admin@otra.co')).statusCode).toBe(404);
    expect((await nodeAnswer(1, 'horarios')).json<Answer>()).toEqual(before);
  });

  it('deletes an answer (then 404 for it again), and refuses another organisation', async () => {
    expect((await signed.call('admin@otra.co', 'DELETE', '/api/answers', { workspaceId: 2, nodeId: 'catalogo' })).statusCode).toBe(404);
    const res = await signed.call('admin@demo.co', 'DELETE', '/api/answers', { workspaceId: 2, nodeId: 'catalogo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await nodeAnswer(2, 'catalogo')).json<Answer>().details.filter((d) => d.elementTypesIdType !== 9)).toEqual([]);
    expect((await signed.call('admin@demo.co', 'DELETE', '/api/answers', { workspaceId: 2, nodeId: 'catalogo' })).statusCode).toBe(404);
  });
});
