/** `plexlint init`: a manifest drafted from the files, never written over an existing one without --force. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectSchema } from '../src/cli/init.js';
import { draftManifest } from '../src/engine/init.js';
import { lint } from '../src/engine/lint.js';
import { parseManifest } from '../src/frontends/manifest/index.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { estate } from './support/profile.js';
import { runMain } from './support/main.js';

const example = join(import.meta.dirname, '..', 'fixtures', 'example');

/** A copy of the example estate without its manifest. */
function exampleWithoutManifest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-init-'));
  cpSync(example, dir, { recursive: true });
  rmSync(join(dir, 'plexlint.yaml'));
  return dir;
}

describe('plexlint init', () => {
  it('drafts the example estate\'s manifest from its files', async () => {
    const dir = exampleWithoutManifest();
    const run = await runMain('init', dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/wrote .*plexlint\.yaml: 4 systems, 1 INCLUDE data set, 2 load balancers, 1 plug-in file; 14 TODO lines/);
    const text = readFileSync(join(dir, 'plexlint.yaml'), 'utf8');
    // What the files show is written as the example's author wrote it.
    const draft = parse(text) as Record<string, Record<string, unknown>>;
    const original = parse(readFileSync(join(example, 'plexlint.yaml'), 'utf8')) as Record<string, Record<string, unknown>>;
    const profiles = (m: Record<string, Record<string, unknown>>): Record<string, unknown> =>
      Object.fromEntries(Object.entries(m['systems']!).map(([name, s]) => [name, (s as { profile: string }).profile]));
    expect(profiles(draft)).toEqual(profiles(original));
    expect(draft['datasets']).toEqual(original['datasets']);
    expect(draft['loadBalancers']).toEqual(original['loadBalancers']);
    expect(draft['web']!['plugins']).toEqual(original['web']!['plugins']);
    // The draft is a manifest plexlint accepts as it is.
    expect(parseManifest(sourceFromText('plexlint.yaml', text), dir, () => true).findings).toEqual([]);
    // What only the administrator knows is there as TODO lines; filled in, the estate checks as the example does.
    expect(text).toMatch(/^ {6}# HOSTIP: TODO +# &HOSTIP\. has no value \(profiles\/SYSA\.tcpip:6\)$/m);
    expect(text).toMatch(/^# release: TODO +# the z\/OS release of the systems \(2\.4, 2\.5, 3\.1, 3\.2\); a system may have its own; without it plexlint assumes 3\.2$/m);
    const values: Record<string, [string, string, string]> = {
      SYSA: ['CPC1', '10.20.1.11', '10.21.1.11'],
      SYSB: ['CPC1', '10.20.1.12', '10.21.1.12'],
      SYSC: ['CPC2', '10.20.1.13', '10.21.1.13'],
      SYSD: ['CPC2', '10.20.1.14', '10.21.1.14'],
    };
    let system = '';
    const filled = text
      .split('\n')
      .map((line) => {
        const s = /^ {2}(SYS[A-D]):$/.exec(line);
        if (s) system = s[1]!;
        const [cpc, hostip, svipa] = values[system] ?? ['', '', ''];
        return line
          .replace(/^# release: TODO.*$/, 'release: "2.5"')
          .replace(/^( +)# cpc: TODO.*$/, `$1cpc: ${cpc}`)
          .replace(/^( +)# HOSTIP: TODO.*$/, `$1HOSTIP: ${hostip}`)
          .replace(/^( +)# SVIPA: TODO.*$/, `$1SVIPA: ${svipa}`)
          .replace(/^ {4}# TODO: .*$/, '    PLEXCELL:')
          .replace(/^ {4}# {3}clusters: (.*)$/, '      clusters: $1\n      clientNodes: [SYSANODE, SYSBNODE, SYSCNODE]');
      })
      .join('\n');
    writeFileSync(join(dir, 'plexlint.yaml'), filled);
    expect(lint([dir], { cwd: dir }).diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([]);
  });

  it('never replaces a manifest without --force', async () => {
    const dir = exampleWithoutManifest();
    writeFileSync(join(dir, 'plexlint.yaml'), 'rules: {}\n');
    const refused = await runMain('init', dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/plexlint\.yaml already exists; plexlint init does not replace it \(use --force to\)/);
    expect(readFileSync(join(dir, 'plexlint.yaml'), 'utf8')).toBe('rules: {}\n');
    const forced = await runMain('init', '--force', dir);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'plexlint.yaml'), 'utf8')).toMatch(/^ {2}SYSA:$/m);
    // The old manifest was not read: its (empty) rules did not make the draft.
    expect(readFileSync(join(dir, 'plexlint.yaml'), 'utf8')).not.toContain('rules: {}');
  });

  it('a plexlint.yml counts as a manifest too', async () => {
    const dir = exampleWithoutManifest();
    writeFileSync(join(dir, 'plexlint.yml'), 'rules: {}\n');
    expect((await runMain('init', dir)).code).toBe(2);
    expect(existsSync(join(dir, 'plexlint.yaml'))).toBe(false);
  });

  it('writes what it cannot resolve as TODO lines', async () => {
    const dir = estate({
      'profiles/SYS1.tcpip': 'INCLUDE USER.TCPPARMS(VIPA)\nINCLUDE SYS1.TCPPARMS(MISSING)\nHOME &ADDR. OSA1\n',
      'profiles/tcpparms/VIPA': 'VIPADYNAMIC\nENDVIPADYNAMIC\n',
    });
    expect((await runMain('init', dir)).code).toBe(0);
    const text = readFileSync(join(dir, 'plexlint.yaml'), 'utf8');
    expect(text).toMatch(/^ {2}USER\.TCPPARMS: profiles\/tcpparms$/m);
    expect(text).toMatch(/^ {2}# SYS1\.TCPPARMS: TODO +# no file named MISSING found for INCLUDE SYS1\.TCPPARMS\(MISSING\)$/m);
    expect(text).toMatch(/^ {6}# ADDR: TODO +# &ADDR\. has no value \(profiles\/SYS1\.tcpip:3\)$/m);
    expect(text).toMatch(/^ {2}# no dscontrol configuration found$/m);
    expect(parseManifest(sourceFromText('plexlint.yaml', text), dir, () => true).findings).toEqual([]);
  });

  it('an empty folder, or one of notes only, is a usage error and nothing is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-init-'));
    const empty = await runMain('init', dir);
    // Before: an empty manifest ("# no TCP/IP profile found") and exit 0.
    expect(empty).toEqual({ code: 2, stdout: '', stderr: `plexlint: ${dir} holds no TCP/IP profile, Load Balancer configuration, plugin-cfg.xml or cluster.xml, so plexlint init has nothing to draft a plexlint.yaml from\n` });
    writeFileSync(join(dir, 'notes.txt'), 'to do: the new LPAR\n');
    writeFileSync(join(dir, 'SYSA.tcpip.bak'), readFileSync(join(example, 'profiles', 'SYSA.tcpip')));
    expect((await runMain('init', dir)).code).toBe(2); // a stray copy is no stack to draft
    expect(existsSync(join(dir, 'plexlint.yaml'))).toBe(false);
  });

  it('a folder of several estates is a usage error listing them: one clean message, no internal error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-init-'));
    cpSync(example, join(dir, 'prod', 'PLEX1'), { recursive: true });
    cpSync(example, join(dir, 'test', 'PLEX2'), { recursive: true });
    cpSync(join(example, 'profiles', 'SYSA.tcpip'), join(dir, 'scratch', 'SYSX.tcpip'));
    const r = await runMain('init', dir);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/internal error|\\n/);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`plexlint: ${dir} holds 3 estates; plexlint init works on one at a time. Name the one you mean:`);
    expect(lines.slice(1).map((l) => l.trim().replace(/\s+\(.*$/, ''))).toEqual(['prod/PLEX1', 'scratch', 'test/PLEX2'].map((f) => relative(process.cwd(), join(dir, f))));
    expect(existsSync(join(dir, 'plexlint.yaml'))).toBe(false);
    // A folder that is one nested estate and nothing else is not drafted again around it.
    const nested = await runMain('init', join(dir, 'prod'));
    expect(nested.code).toBe(2);
    expect(nested.stderr).toMatch(/^plexlint: \S+\/prod holds the estate of \S+\/prod\/PLEX1\/plexlint\.yaml and no file of its own; run plexlint init in a folder whose files no plexlint\.yaml covers yet\n$/);
  });

  it('inside an existing estate it refuses and names the manifest above; --force splits it, with a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-init-'));
    mkdirSync(join(dir, '.git'));
    cpSync(example, join(dir, 'prod', 'PLEX1'), { recursive: true });
    const inner = join(dir, 'prod', 'PLEX1', 'profiles');
    const refused = await runMain('init', inner);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^plexlint: .*profiles is inside the estate of .*prod\/PLEX1\/plexlint\.yaml: a plexlint\.yaml here would split that estate in two/);
    expect(existsSync(join(inner, 'plexlint.yaml'))).toBe(false);
    const forced = await runMain('init', '--force', inner);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toMatch(/^plexlint: warning: .*profiles\/plexlint\.yaml splits the estate of .*prod\/PLEX1\/plexlint\.yaml/);
    expect(existsSync(join(inner, 'plexlint.yaml'))).toBe(true);
  });

  it('names the schema of the plexlint installed in the project, for the YAML language server', () => {
    const project = mkdtempSync(join(tmpdir(), 'plexlint-init-'));
    const pkg = join(project, 'node_modules', 'plexlint');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'plexlint.schema.json'), '{}');
    const folder = join(project, 'zos', 'PLEX1');
    mkdirSync(folder, { recursive: true });
    expect(projectSchema(folder, pkg)).toBe(join(pkg, 'plexlint.schema.json'));
    expect(draftManifest(folder, projectSchema(folder, pkg)).text).toContain('# yaml-language-server: $schema=../../node_modules/plexlint/plexlint.schema.json\n');
    // A global installation, or a project elsewhere: no modeline.
    expect(projectSchema(folder, join(import.meta.dirname, '..'))).toBeUndefined();
    expect(projectSchema(mkdtempSync(join(tmpdir(), 'plexlint-init-')), pkg)).toBeUndefined();
  });

  it('a folder that does not exist is a usage error', async () => {
    const run = await runMain('init', join(tmpdir(), 'no-such-folder-plexlint'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/does not exist/);
  });
});
