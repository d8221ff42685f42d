/**
 * Hostile z/OS inputs (docs/zos-inputs.md, docs/robustness.md): a job stream of tens of thousands of members, one cut
 * short, one that turns to binary, JCL and IEASYMxx that never close — each one clear finding or error, no crash,
 * within a capped heap.
 */
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { MAX_MEMBER_TEXT } from '../src/sources/members.js';
import { hasStackTrace, runCli } from './support/cli.js';
import { estate } from './support/profile.js';

const records = (lines: string[]): string => lines.map((l) => l.padEnd(80)).join('\n') + '\n';
const HEAD = ['//LOAD EXEC PGM=IEBUPDTE,PARM=NEW', '//SYSUT2 DD DSN=SYS1.TCPPARMS,DISP=OLD', '//SYSIN DD DATA'];

/** A job stream adding `n` profile members of two records each. */
function manyMembers(n: number): string {
  const lines = [...HEAD];
  for (let i = 0; i < n; i++) lines.push(`./ ADD NAME=P${i}`, `ARPAGE ${(i % 60) + 1}`);
  lines.push('./ ENDUP', '/*');
  return records(lines);
}

describe('hostile job streams', () => {
  it(`50,000 members: members past ${MAX_MEMBER_TEXT / 1048576} M characters of member text are one finding, within a capped heap`, () => {
    const dir = estate({ 'load.jcl': manyMembers(50_000) });
    const r = runCli(['check', '.', '--format', 'json'], { cwd: dir, maxOldSpaceMb: 1024, timeout: 600_000 });
    expect(r.signal).toBeNull();
    expect(hasStackTrace(r.stderr)).toBe(false);
    const messages = (JSON.parse(r.stdout) as { messages: { ruleId: string; message: string }[] }[]).flatMap((f) => f.messages);
    const budget = messages.filter((m) => m.ruleId === 'iebupdte-member-unknown');
    expect(budget).toHaveLength(1);
    expect(budget[0]!.message).toMatch(/and the members after it are not checked/);
  });

  it('a job stream cut short inside its DLM= data: the records there are checked, and one finding says it may be cut', () => {
    const text = records([...HEAD.slice(0, 2), '//SYSIN DD DATA,DLM=@#', './ ADD NAME=PROFILE', 'ARPAGE 20', 'TCPCONFIG RESTRICTLOWPORTS']);
    const dir = estate({ 'load.jcl': text });
    const r = lint([dir], { cwd: dir });
    expect(r.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(['6 iebupdte-member-unknown']);
  });

  it('a job stream whose SYSUT2 statement ends with a comma at the end of the file: one finding, no member', () => {
    const dir = estate({ 'load.jcl': records(['//LOAD EXEC PGM=IEBUPDTE,PARM=NEW', '//SYSIN DD DATA', './ ADD NAME=PROFILE', 'ARPAGE 20', '/*', '//SYSUT2 DD DSN=SYS1.TCPPARMS,']) });
    const r = lint([dir], { cwd: dir });
    expect(r.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(['6 iebupdte-invalid-statement']);
  });

  it('a job stream that turns to binary: named, one line and exit 2; in a folder, skipped', () => {
    const bytes = Buffer.concat([Buffer.from(records([...HEAD, './ ADD NAME=PROFILE', 'ARPAGE 20'])), Buffer.alloc(4096, 0)]);
    const dir = estate({ 'load.jcl': bytes, 'SYSB.tcpip': 'HOME 10.20.1.300 LOOPBACK\n' });
    const named = runCli(['check', 'load.jcl'], { cwd: dir, maxOldSpaceMb: 256 });
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/^plexlint: load\.jcl is a binary file .*, not a configuration file\n$/);
  });

  it('a 1 MB JCL record is read to column 71 and 100,000 continuation records in one pass', () => {
    const long = `//SYSUT2 DD DSN=${'A'.repeat(1 << 20)}`;
    const cont = ['//S EXEC PGM=IEBUPDTE', '//SYSUT2 DD DSN=SYS1.TCPPARMS,', ...Array.from({ length: 100_000 }, () => '//             DISP=SHR,'), '//             UNIT=SYSDA', '//SYSIN DD *', './ ADD NAME=PROFILE', 'ARPAGE 20', '/*'];
    const dir = estate({ 'a.jcl': `//S EXEC PGM=IEBUPDTE\n${long}\n//SYSIN DD *\n./ ADD NAME=PROFILE\nARPAGE 20\n/*\n`, 'b.jcl': cont.join('\n') + '\n' });
    const r = lint([dir], { cwd: dir });
    expect(hasStackTrace(r.diagnostics.map((d) => d.message).join('\n'))).toBe(false);
    // Columns 72 on are not part of a JCL statement: the data set name is what columns 17–71 hold.
    const members = r.compiled.estate.systems.map((s) => s.profileMember ?? '').sort();
    expect(members.map((m) => m.length)).toEqual([64, 22]);
    expect(members).toContain('SYS1.TCPPARMS(PROFILE)');
  });
});

describe('hostile IEASYMxx', () => {
  it('a parenthesis that never closes, and a comment that never closes: one finding each, nothing after them read', () => {
    const paren = estate({ 'IEASYM00': `SYSDEF HWNAME(CPC1) SYSNAME(SYSA\n${'SYSDEF SYSNAME(SYSB)\n'.repeat(10_000)}` });
    expect(lint([paren], { cwd: paren }).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['1:21 ieasym-invalid']);
    const comment = estate({ 'IEASYM00': `SYSDEF HWNAME(CPC1) /* comment\n${'SYSDEF SYSNAME(SYSB)\n'.repeat(10_000)}` });
    expect(lint([comment], { cwd: comment }).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['1:21 ieasym-invalid']);
  });
});
