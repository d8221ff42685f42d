/**
 * The compiled model of the example estate is a contract (docs/model.md): it is
 * compared with a committed copy. Regenerate on purpose only:
 *   UPDATE_GOLDEN=1 npx vitest run test/model.test.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';

const root = join(import.meta.dirname, '..');
const golden = join(root, 'test', 'golden', 'example.model.json');

describe('compiled model of fixtures/example', () => {
  const { estate } = compile(['fixtures/example'], { cwd: root });

  it('matches the committed model', () => {
    const text = JSON.stringify(estate, null, 2) + '\n';
    if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(golden)) writeFileSync(golden, text);
    expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(golden, 'utf8')));
  });

  it('joins the four stacks through dynamic XCF and resolves DESTIP ALL', () => {
    expect(estate.sysplex.members).toEqual(['SYSA', 'SYSB', 'SYSC', 'SYSD']);
    const web = estate.sysplex.distributions.find((d) => d.id === 'SYSA 10.40.1.1 8080')!;
    expect(web.targets.map((t) => t.system)).toEqual(['SYSA', 'SYSB', 'SYSC', 'SYSD']);
    // TIER2 DESTIP ALL is limited to the distributor's CPC.
    const tier2 = estate.sysplex.distributions.find((d) => d.id === 'SYSD 10.81.2.2 9001')!;
    expect(tier2.targets.map((t) => t.system)).toEqual(['SYSC', 'SYSD']);
    expect(tier2.optLocal).toBe(1);
  });

  it('orders backups by rank and says which distribution they use after takeover', () => {
    const dv = estate.sysplex.dvipas.find((d) => d.address === '10.40.1.1')!;
    expect(dv.owners.map((o) => o.system)).toEqual(['SYSA']);
    expect(dv.backups.map((b) => [b.system, b.rank])).toEqual([
      ['SYSC', 100],
      ['SYSB', 50],
    ]);
    expect(dv.takeover[0]).toEqual({ system: 'SYSC', rank: 100, distributions: ['SYSA 10.40.1.1 8080'], inherited: true });
  });

  it('resolves symbols, INCLUDEs and abbreviations into the stack', () => {
    const sysd = estate.systems.find((s) => s.name === 'SYSD')!;
    expect(sysd.files).toEqual(['fixtures/example/profiles/SYSD.tcpip', 'fixtures/example/profiles/tcpparms/COMMON']);
    expect(sysd.stack.interfaces.map((i) => [i.name, i.addresses.map((a) => a.address)])).toEqual([
      ['OSAQDIO1', ['10.20.1.14']],
      ['SVIPA1', ['10.21.1.14']],
    ]);
    expect(sysd.stack.dynamicXcf.v4).toMatchObject({ address: '10.30.1.4', prefix: 24, cost: 1 });
    expect(sysd.stack.ports.map((p) => p.port)).toEqual([20, 21, 23, 3000, 5000, 8080]);
    expect(sysd.stack.vipaRanges.map((r) => r.subnet)).toEqual(['10.45.1.0/24']);
  });
});
