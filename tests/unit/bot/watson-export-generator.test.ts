import { describe, expect, it } from 'vitest';
import { parseWatsonExport } from '../../../src/server/bot/watson/parse';
import { planWatsonImport } from '../../../src/server/bot/watson/plan';
import { generateWatsonExport } from '../../support/watson-export-generator';

const encode = (json: string) => new TextEncoder().encode(json);

describe('the generated Watson export (the import bench and tests)', () => {
  it('comes close to the size asked, never over, with about 2,000 nodes for 10 MB, and parses as an export', () => {
    const target = 10 * 1024 * 1024;
    const g = generateWatsonExport({ targetBytes: target });
    expect(g.bytes).toBe(encode(g.json).byteLength);
    expect(g.bytes).toBeLessThanOrEqual(target);
    expect(g.bytes).toBeGreaterThan(target * 0.98);
    expect(g.nodes).toBe(2000);
    const parsed = parseWatsonExport(encode(g.json));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.dialog_nodes).toHaveLength(2000);
    expect(parsed.data.intents?.reduce((n, i) => n + (i.examples?.length ?? 0), 0)).toBe(g.examples);
  });

  it('is deterministic for a seed, and another seed gives another file', () => {
    const a = generateWatsonExport({ targetBytes: 200_000, seed: 1 });
    expect(generateWatsonExport({ targetBytes: 200_000, seed: 1 }).json).toBe(a.json);
    expect(generateWatsonExport({ targetBytes: 200_000, seed: 2 }).json).not.toBe(a.json);
  });

  it('holds what an export holds: both output shapes, a tree out of array order, and things the import cannot carry over', () => {
    const g = generateWatsonExport({ targetBytes: 300_000, nodes: 40 });
    const parsed = parseWatsonExport(encode(g.json));
    if (!parsed.ok) throw new Error(parsed.reason);
    const raw = parsed.data.dialog_nodes ?? [];
    const plan = planWatsonImport(parsed.data);
    expect(plan.nodes).toHaveLength(40);
    // Array order is not dialog order; the plan's is (each root followed by its child).
    expect(raw.map((n) => n.dialog_node)).not.toEqual(plan.nodes.map((n) => n.nodeId));
    expect(plan.nodes[0]?.nodeId).toBe(raw.find((n) => n.parent === null && n.previous_sibling === null)?.dialog_node);
    expect(plan.counts.byNodeType).toEqual({ standard: 38, slot: 2 });
    expect(Object.keys(plan.counts.byResponseType).sort()).toEqual(['connect_to_agent', 'image', 'option', 'pause', 'text']);
    const what = plan.unsupported.map((u) => u.what).join('\n');
    for (const kind of [/^slot$/m, /condición con expresión/, /respuesta con expresión/, /salto \(next_step jump_to/, /1 acción\(es\)/, /respuesta de tipo pause/, /variante\(s\)/]) expect(what).toMatch(kind);
    expect(plan.dangling).toEqual([]);
    expect(plan.nodes.filter((n) => n.examples.length > 0)).toHaveLength(20);
    expect(g.json).toContain('"next_step":null');
    expect(g.json).toContain('"actions":[]');
  });

  it('refuses a size too small for the nodes asked', () => {
    expect(() => generateWatsonExport({ targetBytes: 10_000, nodes: 200 })).toThrow(/at least/);
  });
});
