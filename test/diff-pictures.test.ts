/**
 * Golden routing pictures of `plexlint diff -f markdown`: the "Routing picture" section of every diff fixture and
 * of a generated estate with the benchmark's three changes (an OPTLOCAL taken away, a DISTMETHOD changed, a
 * plug-in weight changed), as the pull-request comment carries it. Regenerate with UPDATE_GOLDEN=1 after a change
 * that is meant, and say in the commit why the picture changed.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, threeChanges } from '../bench/generate.js';
import { runDiff } from '../src/diff/index.js';
import { diffMarkdown } from '../src/report/diff/markdown.js';

const root = join(import.meta.dirname, '..');
const golden = (name: string): string => join(root, 'test', 'golden', 'diff', `${name}.picture.md`);

/** The picture section of a markdown diff report, or a line saying there is none. */
function pictureSection(markdown: string): string {
  const start = markdown.indexOf('### Routing picture');
  if (start < 0) return '(no routing picture)\n';
  const next = markdown.indexOf('\n### ', start + 1);
  return markdown.slice(start, next < 0 ? undefined : next + 1);
}

function expectGolden(name: string, markdown: string): void {
  const text = pictureSection(markdown);
  if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(golden(name))) writeFileSync(golden(name), text);
  expect(text).toBe(readFileSync(golden(name), 'utf8'));
}

describe('golden routing pictures', () => {
  for (const name of readdirSync(join(root, 'fixtures', 'diff')).sort()) {
    it(name, () => {
      expectGolden(name, diffMarkdown(runDiff(`fixtures/diff/${name}/old`, `fixtures/diff/${name}/new`, root, { diagram: true })));
    });
  }

  const work = mkdtempSync(join(process.env['TMPDIR'] ?? tmpdir(), 'plexlint-diff-pictures-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  it('a generated estate with the three changes of the benchmark', () => {
    const size = { systems: 4, dvipasPerSystem: 6, portsPerSystem: 12, routesPerSystem: 6, pluginFiles: 1, clustersPerPlugin: 12 };
    generate(join(work, 'old'), size);
    generate(join(work, 'new'), size);
    threeChanges(join(work, 'new'));
    expectGolden('generated-three-changes', diffMarkdown(runDiff('old', 'new', work, { diagram: true })));
  });
});
