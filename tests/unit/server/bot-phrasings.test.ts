import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACES } from '../../../src/server/demo/demo-workspaces';
import { BOT_PHRASINGS } from '../../support/bot-phrasings';

/** A text word for word: lower case, no accents, no punctuation (the shorthand and held-down letters the assistant reads through stay as written). */
const wordForWord = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

describe('the customer phrasings the assistant is measured on', () => {
  it('are never training data: no phrasing is word for word an example or a node name of its workspace', () => {
    for (const workspace of DEMO_WORKSPACES) {
      const trained = new Set(workspace.nodes.flatMap((node) => [...node.examples, node.nodeName].map(wordForWord)));
      const copies = BOT_PHRASINGS.filter((p) => p.workspaceId === workspace.id && trained.has(wordForWord(p.text))).map((p) => p.text);
      expect(copies, `workspace ${workspace.id}`).toEqual([]);
    }
  });

  it('ask for intents the demo workspaces have, and each workspace has in-scope and out-of-scope ones', () => {
    for (const workspace of DEMO_WORKSPACES) {
      const intents = new Set(workspace.nodes.map((n) => n.intent));
      const mine = BOT_PHRASINGS.filter((p) => p.workspaceId === workspace.id);
      expect(mine.filter((p) => p.intent !== null && !intents.has(p.intent)).map((p) => p.text)).toEqual([]);
      expect(mine.some((p) => p.intent === null)).toBe(true);
      expect(mine.some((p) => p.intent !== null)).toBe(true);
    }
    expect(BOT_PHRASINGS.every((p) => DEMO_WORKSPACES.some((w) => w.id === p.workspaceId))).toBe(true);
  });

  it('hold the issue’s examples', () => {
    const texts = BOT_PHRASINGS.map((p) => p.text);
    for (const text of ['quisiera saber el horario de ustedes', 'reciben tarjeta de credito', 'necesito rastrear mi envio', 'tienen una guia de uso', 'buen dia', '¿a que hora cierran hoy?', 'la app se cierra sola']) {
      expect(texts).toContain(text);
    }
  });
});
