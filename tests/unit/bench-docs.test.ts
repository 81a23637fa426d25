import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/bench.md's table of parts stays in step with tests/bench/run.ts. run.ts runs the bench when it
 * is imported, so its PARTS object is read from the source: each part's name, in order, and the
 * environment variables its entry reads (string literals BENCH_…, also through the helpers it calls,
 * such as statisticsOptions).
 */
const root = resolve(__dirname, '../..');
const RUN_TS = join(root, 'tests/bench/run.ts');
const BENCH_MD = join(root, 'docs/bench.md');

const VARIABLE = /^BENCH_[A-Z0-9_]+$/;
/** Which parts run (read through `requested` by stats and home): the whole bench's, said above the table. */
const RUN_WIDE = new Set(['BENCH_PARTS']);

interface Part {
  name: string;
  variables: string[];
}

function benchParts(): Part[] {
  const source = ts.createSourceFile(RUN_TS, readFileSync(RUN_TS, 'utf8'), ts.ScriptTarget.Latest, true);
  const topLevel = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) topLevel.set(declaration.name.text, declaration.initializer);
    }
  }

  /** The BENCH_… literals under `node`, and under the top-level constants it calls or names. */
  function variables(node: ts.Node, seen = new Set<string>()): Set<string> {
    const found = new Set<string>();
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteralLike(n) && VARIABLE.test(n.text)) found.add(n.text);
      if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'env' && VARIABLE.test(n.name.text)) found.add(n.name.text);
      if (ts.isIdentifier(n) && n.text !== 'PARTS' && topLevel.has(n.text) && !seen.has(n.text)) {
        seen.add(n.text);
        for (const name of variables(topLevel.get(n.text)!, seen)) found.add(name);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  }

  let parts = topLevel.get('PARTS');
  while (parts && (ts.isAsExpression(parts) || ts.isSatisfiesExpression(parts) || ts.isParenthesizedExpression(parts))) parts = parts.expression;
  if (!parts || !ts.isObjectLiteralExpression(parts)) throw new Error('tests/bench/run.ts has no `const PARTS = { … }` object literal');
  return parts.properties.map((property) => {
    if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      throw new Error(`PARTS: an entry that is not \`name: () => …\` (${property.getText(source).slice(0, 40)}…)`);
    }
    return { name: property.name.text, variables: [...variables(property.initializer)].filter((name) => !RUN_WIDE.has(name)).sort() };
  });
}

/** The rows of the table whose header starts with `| part |`: first cell and the whole line. */
function tableRows(markdown: string): { part: string; line: string }[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*part\s*\|/.test(line));
  if (header < 0) throw new Error('docs/bench.md has no table starting with "| part |"');
  const rows: { part: string; line: string }[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const first = line.split('|')[1]?.trim() ?? '';
    rows.push({ part: first.replace(/^`|`$/g, ''), line });
  }
  return rows;
}

describe('docs/bench.md and tests/bench/run.ts', () => {
  const parts = benchParts();
  const rows = tableRows(readFileSync(BENCH_MD, 'utf8'));

  it('run.ts has parts, and each reads its sizes from the environment', () => {
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.variables, part.name).not.toEqual([]);
  });

  it('one row per part, in run.ts order, and no row for a part that does not exist', () => {
    expect(rows.map((row) => row.part)).toEqual(parts.map((part) => part.name));
  });

  it.each(parts.map((part) => [part.name, part] as const))('%s: every variable run.ts reads for it is in its row', (_name, part) => {
    const row = rows.find((r) => r.part === part.name);
    expect(row, `no row for ${part.name}`).toBeDefined();
    const missing = part.variables.filter((variable) => !new RegExp(`\\b${variable}\\b`).test(row!.line));
    expect(missing).toEqual([]);
  });

  it('the table says how to choose parts', () => {
    expect(readFileSync(BENCH_MD, 'utf8')).toContain('BENCH_PARTS');
  });

  it('every row has the six columns', () => {
    for (const row of rows) expect(row.line.split('|').length - 2, row.part).toBe(6);
  });
});
