/**
 * Data-set inputs (docs/zos-inputs.md): IEBUPDTE job streams read as the members they add, positioned in the job
 * stream; JCL records; INCLUDE and `profile:` through datasets: → job-stream members → Zowe download folders → a file
 * named after the member; IEASYMxx systems.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { detectKind } from '../src/frontends/detect.js';
import { parseIeasym } from '../src/frontends/ieasym/index.js';
import { parseJobStream } from '../src/frontends/iebupdte/index.js';
import { readJclFile } from '../src/frontends/jcl/index.js';
import { substituteSymbols } from '../src/frontends/jcl/symbols.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { estate } from './support/profile.js';

const root = join(import.meta.dirname, '..');
/** 80-column records, as a job stream holds them. */
const records = (...lines: string[]): string => lines.map((l) => l.padEnd(80)).join('\n') + '\n';
const src = (text: string, path = 'job.jcl') => sourceFromText(path, text, `/x/${path}`);

/** IBM's example (z/OS Basic Skills, "The IEBUPDTE utility"): two procedures into MY.PROCLIB. */
const BASIC_SKILLS = records(
  '//ADDPROC1 JOB 1,SMCHUGH,MSGCLASS=X',
  '//         EXEC PGM=IEBUPDTE',
  '//SYSPRINT DD SYSOUT=*',
  '//SYSUT1   DD DISP=OLD,DSN=MY.PROCLIB',
  '//SYSUT2   DD DISP=OLD,DSN=MY.PROCLIB',
  '//SYSIN    DD DATA',
  './ ADD LIST=ALL,NAME=MYJOB1',
  '//STEP1 EXEC=SUZNX1',
  '//PRINT DD SYSOUT=A',
  '// (more JCL for MYJOB1)',
  '//SYSUDUMP DD SYSOUT=* (last JCL for MYJOB1)',
  './ REPL LIST=ALL,NAME=LASTJOB',
  '//LIST EXEC PGM=SUZNLIST',
  '// (more JCL for this procedure)',
  '//* LAST JCL STATEMENT FOR LASTJOB',
  './ ENDUP',
  '/*',
);

describe('IEBUPDTE job streams', () => {
  it("reads IBM's example as the members it adds to the SYSUT2 library, // records of DD DATA included", () => {
    const parsed = parseJobStream(src(BASIC_SKILLS));
    expect(parsed.findings).toEqual([]);
    expect(parsed.members.map((m) => ({ name: m.name, dataset: m.dataset, function: m.function, lines: m.lines.map((l) => l + 1) }))).toEqual([
      { name: 'MYJOB1', dataset: 'MY.PROCLIB', function: 'ADD', lines: [8, 9, 10, 11] },
      { name: 'LASTJOB', dataset: 'MY.PROCLIB', function: 'REPL', lines: [13, 14, 15] },
    ]);
    expect(parsed.members[0]!.nameLoc).toMatchObject({ line: 7, column: 22, endLine: 7, endColumn: 28 });
    expect(detectKind(src(BASIC_SKILLS))).toBe('iebupdte');
    expect(detectKind(src(`/*JOBPARM SYSAFF=SYSA\n${BASIC_SKILLS}`))).toBe('iebupdte');
  });

  it('reads the SYSIN records alone (no JCL) with no library named', () => {
    const parsed = parseJobStream(src(records('./ ADD NAME=PROFILE', 'ARPAGE 20', './ ADD NAME=VIPADYN', 'VIPADYNAMIC', 'ENDVIPADYNAMIC')));
    expect(parsed.members.map((m) => [m.name, m.dataset, m.lines])).toEqual([
      ['PROFILE', undefined, [1]],
      ['VIPADYN', undefined, [3, 4]],
    ]);
  });

  it('follows a control statement continued in column 72 and an ALIAS', () => {
    const cont = './ ADD NAME=PROFA1,'.padEnd(71) + 'X';
    const parsed = parseJobStream(src(records('//S EXEC PGM=IEBUPDTE', '//SYSUT2 DD DSN=SYS1.TCPPARMS', '//SYSIN DD *', cont, './              LIST=ALL', 'ARPAGE 20', './ ALIAS NAME=PROFILE', '/*')));
    expect(parsed.findings).toEqual([]);
    expect(parsed.members).toHaveLength(1);
    expect(parsed.members[0]).toMatchObject({ name: 'PROFA1', aliases: ['PROFILE'], lines: [5] });
  });

  it('ends DD * data at the next // record, and DD DATA,DLM= data only at its delimiter', () => {
    const star = readJclFile(src(records('//S EXEC PGM=IEBUPDTE', '//SYSIN DD *', './ ADD NAME=A', 'X', '//SYSUT2 DD DSN=A.B')));
    expect(star.steps[0]!.dds.map((d) => [d.name, d.inStream?.lines, d.dsn?.value])).toEqual([
      ['SYSIN', [2, 3], undefined],
      ['SYSUT2', undefined, 'A.B'],
    ]);
    const dlm = readJclFile(src(records('//S EXEC PGM=IEBUPDTE', '//SYSIN DD DATA,DLM=@#', '//X', '/*', '@#', '//SYSUT2 DD DSN=A.B')));
    expect(dlm.steps[0]!.dds[0]!.inStream).toMatchObject({ lines: [2, 3], delimiter: { line: 4, text: '@#' } });
  });

  it('takes a continued DD and an apostrophed value continued from column 71 in column 16, each operand at its column', () => {
    // "Code the parameter through column 71 … continue in column 16" (z/OS MVS JCL Reference, continuing a parameter in apostrophes)
    const first = "//TCPIP EXEC PGM=EZBTCPIP,PARM='CTRACE(CTIEZB00) ";
    const jcl = readJclFile(src(records(first + 'X'.repeat(71 - first.length), "//             Y'", '//SYSUT2   DD  DSN=SYS1.TCPPARMS,DISP=SHR,', '//             UNIT=SYSALLDA')));
    expect(jcl.problems).toEqual([]);
    expect(jcl.steps[0]!.parm).toBe(`CTRACE(CTIEZB00) ${'X'.repeat(71 - first.length)}Y`);
    const dd = jcl.steps[0]!.dds[0]!;
    expect(dd.statement.operands.map((o) => [o.keyword, o.value, o.valueLoc.line, o.valueLoc.column])).toEqual([
      ['DSN', 'SYS1.TCPPARMS', 3, 20],
      ['DISP', 'SHR', 3, 39],
      ['UNIT', 'SYSALLDA', 4, 21],
    ]);
  });

  it('reports a statement whose operands end with a comma and no continuation follows', () => {
    const jcl = readJclFile(src(records('//S EXEC PGM=IEBUPDTE,', '//SYSIN DD DATA')));
    expect(jcl.problems.map((p) => [p.loc.line, p.loc.column, p.message.slice(0, 60)])).toEqual([[1, 22, "the EXEC statement's operands end with a comma, so JCL expec"]]);
  });

  it('replaces JCL and system symbols, keeps &&TEMP, substrings from either end', () => {
    const values = new Map([
      ['SYSCLONE', 'A1'],
      ['SYSPLEX', 'PLEX01'],
      ['SYSNAME', 'SYSA'],
    ]);
    const lookup = (n: string): string | undefined => values.get(n);
    expect(substituteSymbols('SYS1.TCPPARMS(PROF&SYSCLONE.)', lookup).text).toBe('SYS1.TCPPARMS(PROFA1)');
    expect(substituteSymbols('&&TEMP', lookup).text).toBe('&&TEMP');
    expect(substituteSymbols('&SYSPLEX(-2:2).X', lookup).text).toBe('01X');
    expect(substituteSymbols('&SYSNAME(3:2)', lookup).text).toBe('SA');
    expect(substituteSymbols('&HLQ..TCPPARMS', lookup)).toEqual({ text: '&HLQ..TCPPARMS', unresolved: ['HLQ'] });
  });

  it('reads the real SYS1.TCPPARMS job stream: its PROFILE member gives the corpus findings, positioned in the job stream', () => {
    // The JCL and ./ ADD statements of a public IEBUPDTE job that loads SYS1.TCPPARMS (fixtures/corpus/SOURCES.md),
    // with its PROFILE member (fixtures/corpus/ibm-sampprof.tcpip, byte for byte) and the first records of TNPROF and TCPDATA.
    const profile = readFileSync(join(root, 'fixtures/corpus/ibm-sampprof.tcpip'), 'utf8');
    const head = records(
      '//*****************************************************************',
      '//* UPDATE TCPPARMS WITH REQUIRED MEMBERS',
      '//*****************************************************************',
      '//UTCPPR21 EXEC PGM=IEBUPDTE,PARM=NEW,REGION=4M,COND=(0,NE)',
      '//SYSUT2   DD  DSN=SYS1.TCPPARMS,DISP=SHR,',
      '//             UNIT=SYSALLDA,VOL=SER=SY2PKA',
      '//SYSPRINT DD  SYSOUT=*',
      '//SYSIN    DD  DATA,DLM=@#',
      './ ADD NAME=PROFILE,LEVEL=00,SOURCE=0,LIST=ALL',
    );
    const tail = records(
      './ ADD NAME=TNPROF,LEVEL=00,SOURCE=0,LIST=ALL',
      '; This is a sample configuration file for the TN3270E Telnet server',
      'TelnetParms            ; Standard TN3270E Telnet server port',
      '  Port 23',
      'EndTelnetParms',
      './ ADD NAME=TCPDATA,LEVEL=00,SOURCE=0,LIST=ALL',
      'TCPIPJOBNAME TCPIP',
      'HOSTNAME EMRG',
      './ ENDUP',
      '@#',
    );
    const dir = estate({ 'tcpparms.jcl': head + profile + tail });
    const result = lint([dir], { cwd: dir });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}`)).toEqual([
      'tcpparms.jcl:183:16-183:20 obsolete-statement',
      'tcpparms.jcl:343:66-343:71 comment-needs-blank',
    ]);
    const systems = result.compiled.estate.systems.map((s) => [s.name, s.profile, s.profileMember]);
    expect(systems).toContainEqual(['PROFILE', 'tcpparms.jcl', 'SYS1.TCPPARMS(PROFILE)']);
    expect(result.compiled.kinds.get('tcpparms.jcl')).toBe('iebupdte');
    // The job stream itself is what reports and fixes use: its text, whole.
    expect(result.compiled.sources.get('tcpparms.jcl')!.text).toBe(head + profile + tail);
  });

  it('./ NUMBER writes the sequence field: one finding naming the statement, whose fix removes it', () => {
    const text = records('//S EXEC PGM=IEBUPDTE,PARM=NEW', '//SYSUT2 DD DSN=SYS1.TCPPARMS', '//SYSIN DD DATA', './ ADD NAME=PROFILE', './ NUMBER NEW1=10,INCR=10', 'ARPAGE 20', 'TCPCONFIG RESTRICTLOWPORTS', './ ENDUP', '/*');
    const dir = estate({ 'load.jcl': text });
    const result = lint([dir], { cwd: dir });
    const seq = result.diagnostics.filter((d) => d.ruleId === 'sequence-numbers');
    expect(seq.map((d) => [d.line, d.column, d.endColumn])).toEqual([[6, 73, 81]]);
    expect(seq[0]!.message).toMatch(/IEBUPDTE writes .* the 2 records .*\.\/ NUMBER NEW1=10,INCR=10 at line 5/);
    expect(seq[0]!.related?.[0]).toMatchObject({ line: 5, column: 1 });
    expect(seq[0]!.fix?.edits).toEqual([expect.objectContaining({ line: 5, column: 1, endLine: 6, endColumn: 1, text: '' })]);
  });
});

const PROFA1 = ['IPCONFIG DYNAMICXCF 10.1.1.1 255.255.255.0 1', 'INCLUDE SYS1.TCPPARMS(VIPADYN)'];
const VIPADYN = ['VIPADYNAMIC', '  VIPADEFINE 255.255.255.0 10.9.9.1', 'ENDVIPADYNAMIC'];

describe('INCLUDE of a data set member', () => {
  const job = (dsn: string, members: Record<string, string[]>): string =>
    records('//LOAD EXEC PGM=IEBUPDTE,PARM=NEW', `//SYSUT2 DD DSN=${dsn},DISP=OLD`, '//SYSIN DD DATA', ...Object.entries(members).flatMap(([n, l]) => [`./ ADD NAME=${n}`, ...l]), './ ENDUP', '/*');
  const includedBy = (dir: string, system: string): string[] => compile([dir], { cwd: dir }).estate.systems.find((s) => s.name === system)!.stack.dvipas.map((d) => d.address);
  const findings = (dir: string): string[] => lint([dir], { cwd: dir }).diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`);

  it('finds a member the estate\'s IEBUPDTE job stream adds to that data set, and not one added to another', () => {
    const dir = estate({ 'SYSA.tcpip': PROFA1.join('\n'), 'load.jcl': job('SYS1.TCPPARMS', { VIPADYN }), 'other.jcl': job('USER.TCPPARMS', { VIPADYN: ['VIPADYNAMIC', '  VIPADEFINE 255.255.255.0 10.7.7.7', 'ENDVIPADYNAMIC'] }) });
    expect(includedBy(dir, 'SYSA')).toEqual(['10.9.9.1']);
  });

  it('puts the manifest\'s datasets: first, and a member its folder lacks comes from the job streams', () => {
    const dir = estate({
      'plexlint.yaml': 'systems:\n  SYSA:\n    profile: SYSA.tcpip\ndatasets:\n  SYS1.TCPPARMS: tcpparms\n',
      'SYSA.tcpip': [...PROFA1, 'INCLUDE SYS1.TCPPARMS(MORE)'].join('\n'),
      'tcpparms/VIPADYN': VIPADYN.join('\n'),
      'load.jcl': job('SYS1.TCPPARMS', { VIPADYN: ['VIPADYNAMIC', '  VIPADEFINE 255.255.255.0 10.7.7.7', 'ENDVIPADYNAMIC'], MORE: ['VIPADYNAMIC', '  VIPADEFINE 255.255.255.0 10.8.8.8', 'ENDVIPADYNAMIC'] }),
    });
    expect(includedBy(dir, 'SYSA')).toEqual(['10.9.9.1', '10.8.8.8']);
  });

  it('recognises the folders Zowe CLI writes: the qualifiers as folders first, then -d <last qualifier>', () => {
    // zowe zos-files download all-members "SYS1.TCPPARMS"         → sys1/tcpparms/vipadyn.txt
    // zowe zos-files download all-members "USER.TCPPARMS" -d tcpparms → tcpparms/vipadyn.txt
    const dir = estate({
      'SYSA.tcpip': PROFA1.join('\n'),
      'sys1/tcpparms/vipadyn.txt': VIPADYN.join('\n'),
      'user/tcpparms/vipadyn.txt': ['VIPADYNAMIC', '  VIPADEFINE 255.255.255.0 10.7.7.7', 'ENDVIPADYNAMIC'].join('\n'),
    });
    expect(includedBy(dir, 'SYSA')).toEqual(['10.9.9.1']);
    const d = estate({ 'SYSA.tcpip': PROFA1.join('\n'), 'tcpparms/vipadyn.txt': VIPADYN.join('\n'), 'copy/vipadyn.txt': VIPADYN.join('\n') });
    expect(includedBy(d, 'SYSA')).toEqual(['10.9.9.1']);
  });

  it('stays include-not-found when nothing holds the member, and names the candidates when several do', () => {
    expect(findings(estate({ 'SYSA.tcpip': PROFA1.join('\n') }))).toEqual(['SYSA.tcpip:2 include-not-found']);
    const two = estate({ 'SYSA.tcpip': PROFA1.join('\n'), 'a.jcl': job('SYS1.TCPPARMS', { VIPADYN }), 'b.jcl': job('SYS1.TCPPARMS', { VIPADYN }) });
    const r = lint([two], { cwd: two });
    const f = r.diagnostics.find((x) => x.ruleId === 'include-not-found')!;
    expect(f.message).toMatch(/2 IEBUPDTE job streams of the estate add VIPADYN to SYS1.TCPPARMS \(a.jcl, b.jcl\)/);
  });

  it('takes profile: SYS1.TCPPARMS(PROFA1) in plexlint.yaml as the member, and reports one nothing holds', () => {
    const dir = estate({
      'plexlint.yaml': 'systems:\n  SYSA:\n    profile: SYS1.TCPPARMS(PROFA1)\n    symbols: { SYSCLONE: A1 }\n  SYSB:\n    profile: SYS1.TCPPARMS(PROFB1)\n',
      'load.jcl': job('SYS1.TCPPARMS', { PROFA1, VIPADYN }),
    });
    const r = lint([dir], { cwd: dir });
    expect(r.compiled.estate.systems.map((s) => [s.name, s.profileMember])).toEqual([['SYSA', 'SYS1.TCPPARMS(PROFA1)']]);
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual(['plexlint.yaml:6 manifest-missing-file']);
  });
});

describe('IEASYMxx', () => {
  it('gives each local SYSDEF its system: global then local symbols in order, SYSCLONE from SYSNAME when not given', () => {
    const text = [
      "SYSDEF SYMDEF(&ZONE='EAST')",
      'SYSDEF HWNAME(CPC1) LPARNAME(LP1) SYSNAME(SYSA) SYSCLONE(A1)',
      "       SYMDEF(&ZONE='WEST') /* local overrides global */",
      'SYSDEF HWNAME(CPC2) LPARNAME(LP2) SYSNAME(SYSB)',
      "SYSDEF SYMDEF(&ZONE='NORTH')",
    ].join('\n');
    const { systems, findings } = parseIeasym(src(text, 'IEASYM00'));
    expect(findings).toEqual([]);
    expect(systems.map((s) => [s.hwname, s.lparname, s.sysname, s.sysclone, Object.fromEntries(s.symbols)])).toEqual([
      ['CPC1', 'LP1', 'SYSA', 'A1', { ZONE: 'NORTH', SYSNAME: 'SYSA', SYSCLONE: 'A1' }],
      ['CPC2', 'LP2', 'SYSB', 'SB', { ZONE: 'NORTH', SYSNAME: 'SYSB', SYSCLONE: 'SB' }],
    ]);
    expect(detectKind(src(text, 'IEASYM00'))).toBe('ieasym');
  });
});

describe('plexlint init from the TCP/IP procedure and IEASYMxx', () => {
  /** IBM's sample TCP/IP procedure EZAEB01G as the IP Configuration Guide shows it, PROFILE DD through &SYSCLONE. */
  const PROC = records(
    "//TCPIP    PROC PARMS='CTRACE(CTIEZB00)'",
    '//*',
    '//* z/OS Communications Server',
    '//* SMP/E Distribution Name: EZAEB01G',
    '//*',
    '//TCPIP    EXEC PGM=EZBTCPIP,',
    "//            PARM='&PARMS',",
    '//            REGION=0K,TIME=1440',
    '//SYSPRINT DD SYSOUT=*,DCB=(RECFM=VB,LRECL=137,BLKSIZE=0)',
    '//PROFILE  DD DISP=SHR,DSN=SYS1.TCPPARMS(PROF&SYSCLONE.)',
    '//SYSTCPD  DD DSN=SYS1.TCPPARMS(TCPDATA),DISP=SHR',
  );
  const IEASYM = [
    "SYSDEF   SYMDEF(&VIPANET='10.9.9')",
    'SYSDEF   HWNAME(CPC1) LPARNAME(LPAR1)',
    '         SYSNAME(SYSA)',
    '         SYSCLONE(A1)',
    'SYSDEF   HWNAME(CPC2) LPARNAME(LPAR2)',
    '         SYSNAME(SYSB)',
    '         SYSCLONE(B1)',
  ].join('\n');
  const profile = (n: number): string => [`IPCONFIG DYNAMICXCF 10.1.1.${n} 255.255.255.0 1`, 'VIPADYNAMIC', `  VIPADEFINE 255.255.255.0 &VIPANET..${n}`, 'ENDVIPADYNAMIC'].join('\n');

  it('drafts one system per SYSCLONE, its profile the member an IEBUPDTE job stream adds; the draft then checks clean', async () => {
    const { draftManifest } = await import('../src/engine/init.js');
    const job = records('//LOAD EXEC PGM=IEBUPDTE,PARM=NEW', '//SYSUT2 DD DSN=SYS1.TCPPARMS,DISP=OLD', '//SYSIN DD DATA', './ ADD NAME=PROFA1', ...profile(1).split('\n'), './ ADD NAME=PROFB1', ...profile(2).split('\n'), './ ENDUP', '/*');
    const dir = estate({ 'proclib/TCPIP': PROC, 'parmlib/IEASYM00': IEASYM, 'tcpparms.jcl': job });
    const draft = draftManifest(dir);
    expect(draft.systems).toBe(2);
    const { parse } = await import('yaml');
    const manifest = parse(draft.text) as { systems: Record<string, { profile: string; cpc: string; symbols: Record<string, string> }> };
    expect(manifest.systems).toEqual({
      SYSA: { profile: 'SYS1.TCPPARMS(PROFA1)', cpc: 'CPC1', symbols: { VIPANET: '10.9.9', SYSCLONE: 'A1' } },
      SYSB: { profile: 'SYS1.TCPPARMS(PROFB1)', cpc: 'CPC2', symbols: { VIPANET: '10.9.9', SYSCLONE: 'B1' } },
    });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'plexlint.yaml'), draft.text);
    const r = lint([dir], { cwd: dir });
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([]);
    expect(r.compiled.estate.systems.map((s) => [s.name, s.stack.dvipas.map((d) => d.address)])).toEqual([
      ['SYSA', ['10.9.9.1']],
      ['SYSB', ['10.9.9.2']],
    ]);
  });

  it('finds the profile in a Zowe download folder, and leaves a TODO naming the data set it could not find', async () => {
    const { draftManifest } = await import('../src/engine/init.js');
    const dir = estate({ 'tcpip.jcl': PROC, 'IEASYM00': IEASYM, 'sys1/tcpparms/profa1.txt': profile(1) });
    const text = draftManifest(dir).text;
    expect(text).toMatch(/\n  SYSA: .*\n    profile: sys1\/tcpparms\/profa1\.txt\n/);
    expect(text).toMatch(/\n  SYSB: .*\n    # profile: SYS1\.TCPPARMS\(PROFB1\) +# named by the PROFILE DD of tcpip\.jcl, not found in this folder\n/);
  });
});
