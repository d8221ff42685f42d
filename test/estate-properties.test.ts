/**
 * Property tests of whole estates on disk, through lint(): generated estates
 * of mutated fixture files — profiles and INCLUDEd members, a manifest that
 * names them (or none), OMPROUTE configurations, plug-in files and cluster.xml
 * files, Load Balancer configurations and go scripts — so that the
 * cross-file stages (INCLUDE resolution, the sysplex, the web tier, every
 * rule, suppressions) meet broken input too. lint never throws, every
 * finding's range lies inside its file, and two runs give the same findings
 * and the same model.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import type { FileKind } from '../src/frontends/detect.js';
import { fuzz } from './support/fuzz.js';
import { badRanges } from './support/ranges.js';
import { fixtureFiles } from './support/fixture-files.js';

const tmp = mkdtempSync(join(tmpdir(), 'plexlint-estate-props-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const of = (kind: FileKind): string[] => fixtureFiles().filter((f) => f.kind === kind).map((f) => f.text);

const edit = fc.record({
  kind: fc.constantFrom('delete', 'duplicate', 'insert', 'truncate', 'none', 'none'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  token: fc.constantFrom(';', '\n', ' ', '=', 'OSPF_Interface ', 'INCLUDE USER.TCPPARMS(M1)\n', 'ENDVIPADYNAMIC\n', '<', '/>', '"', '&', '; plexlint-disable-next-line\n', '<!-- plexlint-disable -->'),
});
function mutate(text: string, edits: { kind: string; at: number; token: string }[]): string {
  let t = text;
  for (const e of edits) {
    const i = Math.floor(e.at * t.length);
    if (e.kind === 'delete') t = t.slice(0, i) + t.slice(i + 40);
    else if (e.kind === 'duplicate') t = t.slice(0, i) + t.slice(i, i + 60) + t.slice(i);
    else if (e.kind === 'insert') t = t.slice(0, i) + e.token + t.slice(i);
    else if (e.kind === 'truncate') t = t.slice(0, Math.max(i, t.length - 200));
  }
  return t;
}
const mutated = (kind: FileKind): fc.Arbitrary<string> => fc.tuple(fc.constantFrom(...of(kind)), fc.array(edit, { maxLength: 3 })).map(([t, es]) => mutate(t, es));

interface GenEstate {
  profiles: string[];
  members: string[];
  omproutes: string[];
  plugins: string[];
  clusters: string[];
  lbs: string[];
  goscripts: string[];
  manifest: boolean;
}

const estateArb: fc.Arbitrary<GenEstate> = fc.record({
  profiles: fc.array(mutated('profile'), { minLength: 1, maxLength: 3 }),
  members: fc.array(mutated('profile'), { maxLength: 2 }),
  omproutes: fc.array(mutated('omproute'), { maxLength: 2 }),
  plugins: fc.array(mutated('plugin-cfg'), { maxLength: 2 }),
  clusters: fc.array(mutated('cluster-xml'), { maxLength: 2 }),
  lbs: fc.array(mutated('dscontrol'), { maxLength: 2 }),
  goscripts: fc.array(mutated('goscript'), { maxLength: 2 }),
  manifest: fc.boolean(),
});

let n = 0;
function write(e: GenEstate): string {
  const dir = join(tmp, `e${n++}`);
  const files: Record<string, string> = {};
  e.profiles.forEach((t, i) => (files[`profiles/SYS${i}.tcpip`] = t));
  e.members.forEach((t, i) => (files[`profiles/tcpparms/M${i}`] = t));
  e.omproutes.forEach((t, i) => (files[`omproute/SYS${i}.conf`] = t));
  e.plugins.forEach((t, i) => (files[`web/ihs${i}/plugin-cfg.xml`] = t));
  e.clusters.forEach((t, i) => (files[`was/clusters/C${i}/cluster.xml`] = t));
  e.lbs.forEach((t, i) => (files[`lb/edge${i}.cfg`] = t));
  e.goscripts.forEach((t, i) => (files[`lb/edge${i}/${i ? 'goStandby' : 'goActive'}`] = t));
  if (e.manifest) {
    files['plexlint.yaml'] = [
      'systems:',
      ...e.profiles.map(
        (_, i) =>
          `  SYS${i}: { profile: profiles/SYS${i}.tcpip,${i === 0 && e.omproutes.length ? ' omproute: omproute/SYS0.conf,' : ''} cpc: CPC${i % 2}, symbols: { HOSTIP: 10.20.1.${11 + i}, SVIPA: 10.21.1.${11 + i} } }`,
      ),
      'datasets:',
      '  USER.TCPPARMS: profiles/tcpparms',
      'web:',
      `  plugins: [${e.plugins.map((_, i) => `web/ihs${i}/plugin-cfg.xml`).join(', ')}]`,
      '  cells:',
      '    CELLA: { clusters: [was/clusters], clientNodes: [NODEA1] }',
      ...(e.lbs.length ? ['loadBalancers:', ...e.lbs.map((_, i) => `  edge${i}: { config: lb/edge${i}.cfg, scripts: lb/edge${i}, partner: edge${1 - i} }`)] : []),
      '',
    ].join('\n');
  }
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe('whole estates: total, ranges inside their files, deterministic', () => {
  it('has fixtures of every kind it mixes', () => {
    for (const kind of ['profile', 'omproute', 'plugin-cfg', 'cluster-xml', 'dscontrol', 'goscript'] as const) expect(of(kind).length, kind).toBeGreaterThan(0);
  });

  it('on estates of mutated fixture files, with and without a manifest', () => {
    fc.assert(
      fc.property(estateArb, (e) => {
        const dir = write(e);
        const first = lint(['.'], { cwd: dir });
        expect(badRanges(first.compiled.sources, first.diagnostics)).toEqual([]);
        expect(badRanges(first.compiled.sources, first.suppressed)).toEqual([]);
        const second = lint(['.'], { cwd: dir });
        expect(JSON.stringify(second.diagnostics)).toBe(JSON.stringify(first.diagnostics));
        expect(JSON.stringify(second.compiled.estate)).toBe(JSON.stringify(first.compiled.estate));
        rmSync(dir, { recursive: true, force: true });
      }),
      fuzz(25),
    );
  });
});
