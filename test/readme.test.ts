/**
 * The README's rule list is the registry's, and its picture is what `plexlint graph fixtures/example` draws:
 * regenerate them on purpose with
 *   UPDATE_README=1 npx vitest run test/readme.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../src/rules/registry.js';
import { runMain } from './support/main.js';

const readme = join(import.meta.dirname, '..', 'README.md');

function table(): string {
  const rows = rules.map((r) => `| [\`${r.meta.id}\`](docs/rules/${r.meta.id}.md) | ${r.meta.severity} | ${r.meta.category} | ${r.meta.description.replace(/\|/g, '\\|')} |`);
  return ['| rule | default | category | what it finds |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

describe('README', () => {
  it('lists every rule of the registry', () => {
    const text = readFileSync(readme, 'utf8');
    const start = text.indexOf('<!-- rules:start -->');
    const end = text.indexOf('<!-- rules:end -->');
    expect(start).toBeGreaterThan(0);
    const wanted = `<!-- rules:start -->\n${table()}\n<!-- rules:end -->`;
    const actual = text.slice(start, end + '<!-- rules:end -->'.length);
    if (process.env['UPDATE_README'] === '1') writeFileSync(readme, text.replace(actual, wanted));
    else expect(actual).toBe(wanted);
  });
  it('shows the editor set-up in four lines, with commands that exist', () => {
    const text = readFileSync(readme, 'utf8');
    const m = /In your editor[^\n]*\n\n```sh\n([\s\S]*?)```/.exec(text);
    expect(m, 'the editor set-up block').not.toBeNull();
    const lines = m![1]!.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };
    // plexlint is not on the registry: the tarball of README's Installing section (test/package.test.ts runs it).
    expect(lines[0]).toMatch(new RegExp(`^npm install --save-dev \\.\\./plexlint/plexlint-${pkg.version.replace(/\./g, '\\.')}\\.tgz `));
    expect(lines[1]).toMatch(/^npm run vscode:package /);
    expect(pkg.scripts['vscode:package']).toBeDefined();
    expect(lines[1]).toContain(`editors/vscode/plexlint-${pkg.version}.vsix`);
    expect(lines[2]).toBe(`code --install-extension editors/vscode/plexlint-${pkg.version}.vsix`);
    expect(lines[3]).toContain('plexlint lsp --stdio');
  });
  it("shows the example estate's picture as plexlint graph draws it", async () => {
    const text = readFileSync(readme, 'utf8');
    const start = text.indexOf('<!-- graph:start -->');
    const end = text.indexOf('<!-- graph:end -->');
    expect(start).toBeGreaterThan(0);
    const r = await runMain('graph', 'fixtures/example');
    expect(r.code).toBe(0);
    const wanted = `<!-- graph:start -->\n\`\`\`mermaid\n${r.stdout}\`\`\`\n<!-- graph:end -->`;
    const actual = text.slice(start, end + '<!-- graph:end -->'.length);
    if (process.env['UPDATE_README'] === '1') writeFileSync(readme, text.replace(actual, wanted));
    else expect(actual).toBe(wanted);
  });
  it('quick start is exactly the two commands', () => {
    const text = readFileSync(readme, 'utf8');
    expect(text).toContain('```sh\nnpm ci && node bin/plexlint.js check fixtures/example\nnpm test\n```');
  });
});
