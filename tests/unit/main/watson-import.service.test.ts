import { afterEach, describe, expect, it } from 'vitest';
import { createIpcHandlers, type IpcHandlers } from '../../../src/main/ipc/register';
import { silentLogger } from '../../../src/main/services/ports';
import { WATSON_IMPORT_MAX_BYTES, WATSON_TOO_LARGE_TEXT, type WatsonImportResult } from '../../../src/shared/domain/watson-import';
import { MSG } from '../../../src/shared/messages';
import { accessToken, harness, json, refreshToken, T0, type Harness, type Recorded } from './fakes';

const RESULT: WatsonImportResult = {
  workspaceId: 2,
  dryRun: true,
  applied: false,
  nodes: 1,
  intents: 0,
  counts: { byNodeType: { standard: 1 }, byResponseType: {} },
  added: ['a'],
  updated: [],
  unchanged: [],
  notCarried: [],
  missingRefs: []
};

let h: Harness;
let handlers: IpcHandlers;
afterEach(() => h?.services.dispose());

async function signIn(role: number, route: (req: Recorded) => Response = () => json(200, RESULT)) {
  h = await harness(route, { tokens: { access: accessToken({ role, company: 100 }), refresh: refreshToken(T0 + 86_400_000) } });
  handlers = createIpcHandlers(h.services, silentLogger);
}
const sent = () => h.calls.filter((c) => !c.path.includes('LogErrorSocket'));
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('settings:importWatson', () => {
  it("sends the file's bytes as they are (a byte-order mark too) to the workspace's import, the organisation from the session", async () => {
    await signIn(3);
    const file = '\uFEFF{"dialog_nodes":[{"dialog_node":"a"}]}';
    expect(await handlers['settings:importWatson']({ workspaceId: 2, dryRun: true, data: base64(file) })).toEqual({ ok: true, data: RESULT });
    const [call] = sent();
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('http://platform.test/api/workspaces/2/watson-import?idOrg=100&dryRun=true');
    expect(Buffer.from(call?.body as Uint8Array).toString('utf8')).toBe(file);
  });

  it('refuses before sending: another organisation from a role bound to its own, a file over 10 MB, a malformed argument', async () => {
    await signIn(3);
    expect(await handlers['settings:importWatson']({ workspaceId: 2, dryRun: false, data: base64('{}'), idOrg: 7 })).toEqual({ ok: false, error: { status: 403, message: MSG.generic.unauthorized } });
    const tooLarge = Buffer.alloc(WATSON_IMPORT_MAX_BYTES + 1, 0x20).toString('base64');
    expect(await handlers['settings:importWatson']({ workspaceId: 2, dryRun: true, data: tooLarge })).toEqual({ ok: false, error: { status: 413, message: WATSON_TOO_LARGE_TEXT } });
    const wayTooLarge = Buffer.alloc(WATSON_IMPORT_MAX_BYTES + 3, 0x20).toString('base64');
    expect(await handlers['settings:importWatson']({ workspaceId: 2, dryRun: true, data: wayTooLarge })).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining(WATSON_TOO_LARGE_TEXT) } });
    expect((await handlers['settings:importWatson']({ workspaceId: 0, dryRun: true, data: base64('{}') })).ok).toBe(false);
    expect((await handlers['settings:importWatson']({ workspaceId: 2, dryRun: true, data: 'no es base64!' })).ok).toBe(false);
    expect(sent()).toEqual([]);
  });

  it("passes the platform's refusal on, in Spanish", async () => {
    await signIn(3, () => json(400, { statusCode: 400, error: 'Bad Request', message: 'El archivo de Watson no es válido: $.dialog_nodes[0].dialog_node: se esperaba un texto' }));
    expect(await handlers['settings:importWatson']({ workspaceId: 2, dryRun: true, data: base64('{"dialog_nodes":[{"dialog_node":1}]}') })).toEqual({
      ok: false,
      error: { status: 400, message: 'El archivo de Watson no es válido: $.dialog_nodes[0].dialog_node: se esperaba un texto' }
    });
  });
});
