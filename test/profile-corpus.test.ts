/**
 * IBM's sample profile (SAMPPROF, EZAEB025, as edited by one site) parses
 * without crashing and produces exactly its real findings:
 * - 174:16 obsolete-statement: `DEVICE CISCO CLAW …`, CLAW devices were removed in z/OS V2R2
 *   (V2R2 "Support considerations");
 * - 334:66 comment-needs-blank: `REPL;CHG`, no blank before the ';' (IP Configuration Reference,
 *   "Statement syntax for configuration statements").
 * Everything else in it is valid: ARPAGE, IPCONFIG … VARSUBNETTING (accepted, see options.ts),
 * the HOME list, PRIMARYINTERFACE, BEGINROUTES, AUTOLOG and the PORT list.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';

const root = join(import.meta.dirname, '..');
const file = join(root, 'fixtures', 'corpus', 'ibm-sampprof.tcpip');

describe('IBM SAMPPROF', () => {
  const result = lint([file], { cwd: root });

  it('has exactly its two real findings, with their ranges', () => {
    expect(result.diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId}`)).toEqual([
      '174:16-174:20 warning obsolete-statement',
      '334:66-334:71 error comment-needs-blank',
    ]);
  });

  it('builds the stack the profile describes', () => {
    const [system] = result.compiled.estate.systems;
    expect(system?.name).toBe('IBM-SAMPPROF');
    const stack = system!.stack;
    expect(stack.devices.map((d) => `${d.name} ${d.type}`)).toEqual(['CISCO CLAW']);
    expect(stack.links.map((l) => `${l.name} ${l.type} ${l.device}`)).toEqual(['SM03CIP IP CISCO']);
    expect(stack.home.map((h) => `${h.address} ${h.link}`)).toEqual(['172.19.154.193 SM03CIP']);
    expect(stack.primaryInterface?.name).toBe('SM03CIP');
    expect(stack.routes.map((r) => `${r.destination} ${r.firstHop ?? '='} ${r.link}`)).toEqual(['172.19.154.0/24 = SM03CIP', 'DEFAULT 172.19.154.8 SM03CIP']);
    expect(stack.ports).toHaveLength(29);
    expect(stack.ports.find((p) => p.port === 751 && p.protocol === 'UDP')?.job).toBe('ADM@SRV');
    expect(stack.sysplexRouting?.enabled).toBe(true);
    expect(stack.references.every((r) => r.status === 'ok')).toBe(true);
    expect(stack.ignoredStatements).toEqual([]);
  });
});
