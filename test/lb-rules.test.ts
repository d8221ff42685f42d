/**
 * Load-balancer rules beyond "fires on the line its fixture says" (test/fixtures.test.ts):
 * exact ranges, severities that depend on the case, cross-file `related` locations, messages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { lint } from '../src/engine/lint.js';
import { rules } from '../src/rules/registry.js';

const root = join(import.meta.dirname, '..');

function diags(unit: string, ruleId?: string): Diagnostic[] {
  const all = lint([join('fixtures', unit)], { cwd: root }).diagnostics;
  return ruleId ? all.filter((d) => d.ruleId === ruleId) : all;
}

const at = (d: Diagnostic) => `${d.file.replace(/^fixtures\//, '')}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity}`;

const LB_RULES = rules.filter((r) => r.meta.category === 'load-balancer');

describe('load-balancer rules', () => {
  it('are all registered with their metadata', () => {
    expect(LB_RULES.map((r) => r.meta.id).sort()).toEqual(
      [
        'dispatch-cluster-advertised', 'dispatch-cluster-not-in-home', 'dscontrol-invalid-value', 'dscontrol-unknown-command',
        'dscontrol-unknown-option', 'goidle-with-ha',
        'goscript-crlf-line-ends', 'goscript-unresolved-address', 'ha-no-nfa-heartbeat', 'ha-no-replication',
        'ha-partner-config-differs', 'ha-partner-mismatch', 'ha-standby-keeps-cluster-alias', 'ha-statements-order', 'ha-takeover-without-both', 'lb-executor-configure',
        'lb-mixed-product-lines', 'lb-product-line-keyword', 'lb-undefined-object', 'nat-affinity-algorithm', 'nat-missing-client-gateway',
        'nat-missing-return-address', 'nat-missing-router', 'nat-return-address-conflict', 'nat-target-cluster-on-loopback',
        'ph50064-cluster-aliased-on-adapter',
      ].sort(),
    );
    for (const r of LB_RULES) expect(r.meta.source.length, r.meta.id).toBeGreaterThan(20);
  });

  it('dispatch-cluster-not-in-home: in the profile, related to the load-balancer server line', () => {
    const [d] = diags('rules/dispatch-cluster-not-in-home/bad', 'dispatch-cluster-not-in-home');
    expect(at(d!)).toBe('rules/dispatch-cluster-not-in-home/bad/SYSB.tcpip:5:4-5:25 error');
    expect(d!.related).toMatchObject([{ file: 'fixtures/rules/dispatch-cluster-not-in-home/bad/edge1.cfg', line: 7, column: 35, endColumn: 45 }]);
    expect(d!.message).toContain('10.60.1.1 LOOPBACK');
    // IBM states the requirement; what the stack does otherwise is plexlint's reading, and the message says so.
    expect(d!.message).toContain('all target z/OS systems must have the load balancer\'s cluster IP address defined in their HOME list');
    expect(d!.message).toContain("IBM does not say what the stack does otherwise; plexlint's reading: it does not accept the packets");
  });

  it('dispatch-cluster-advertised: the entry to change; VIPARANGE overlap is a warning', () => {
    expect(diags('rules/dispatch-cluster-advertised/bad', 'dispatch-cluster-advertised').map(at)).toEqual(['rules/dispatch-cluster-advertised/bad/SYSA.tcpip:4:43-4:52 error']);
    expect(diags('rules/dispatch-cluster-advertised/bad-dvipa', 'dispatch-cluster-advertised').map(at)).toEqual(['rules/dispatch-cluster-advertised/bad-dvipa/SYSB.tcpip:5:50-5:59 error']);
    expect(diags('rules/dispatch-cluster-advertised/bad-range', 'dispatch-cluster-advertised').map((d) => d.severity)).toEqual(['warning']);
  });

  it('NAT rules point at the server, its option, or the executor line', () => {
    expect(diags('rules/nat-missing-return-address/bad.cfg').map(at)).toEqual(['rules/nat-missing-return-address/bad.cfg:6:35-6:45 error']);
    const [gw] = diags('rules/nat-missing-client-gateway/bad.cfg');
    expect(at(gw!)).toBe('rules/nat-missing-client-gateway/bad.cfg:3:24-3:38 error');
    expect(gw!.related?.map((r) => r.line)).toEqual([6]);
    expect(diags('rules/nat-return-address-conflict/bad.cfg').map((d) => d.column)).toEqual([54, 54, 54]);
    expect(diags('rules/nat-affinity-algorithm/bad.cfg').map(at)).toEqual(['rules/nat-affinity-algorithm/bad.cfg:5:33-5:60 error']);
  });

  it('ha-no-replication: info when repstrategy is missing (default undocumented), warning when it is none/affinity', () => {
    expect(diags('rules/ha-no-replication/bad.cfg').map((d) => `${d.line} ${d.severity}`)).toEqual(['5 info', '7 warning', '9 warning']);
  });

  it('goidle-with-ha: error when goIdle aliases the cluster, warning when it only logs', () => {
    expect(diags('rules/goidle-with-ha/bad').map((d) => d.severity)).toEqual(['error']);
    expect(diags('rules/goidle-with-ha/bad-log').map((d) => `${d.line}:${d.column}-${d.endColumn} ${d.severity}`)).toEqual(['1:1-61 warning']);
  });

  it('ph50064-cluster-aliased-on-adapter names the APAR and the fix levels, related to the HA statement', () => {
    const [d] = diags('rules/ph50064-cluster-aliased-on-adapter/bad');
    expect(d!.ruleId).toBe('ph50064-cluster-aliased-on-adapter');
    expect(d!.file).toBe('fixtures/rules/ph50064-cluster-aliased-on-adapter/bad/edge1/goActive');
    expect(d!.message).toMatch(/PH50064/);
    expect(d!.message).toMatch(/RST/);
    expect(d!.message).toMatch(/8\.5\.5\.23 or 9\.0\.5\.15/);
    expect(d!.related).toMatchObject([{ file: 'fixtures/rules/ph50064-cluster-aliased-on-adapter/bad/edge1.cfg', line: 9 }]);
  });

  it('HA partner rules put the finding on the backup and name the partner file', () => {
    const mismatch = diags('rules/ha-partner-mismatch/bad');
    expect(mismatch.map(at)).toEqual([
      'rules/ha-partner-mismatch/bad/edge2.cfg:11:46-11:52 error',
      'rules/ha-partner-mismatch/bad/edge2.cfg:11:53-11:58 error',
    ]);
    expect(mismatch[0]!.related?.[0]?.file).toBe('fixtures/rules/ha-partner-mismatch/bad/edge1.cfg');
    const differs = diags('rules/ha-partner-config-differs/bad');
    expect(differs.map((d) => d.message)).toEqual([
      expect.stringContaining('after a takeover 10.20.1.12 gets no new connections'),
      expect.stringContaining('while edge1 is active, connections for 10.60.1.2 are not forwarded'),
    ]);
    // Every difference names the partner's file, also what exists only on this machine.
    expect(differs.map((d) => d.related?.[0]?.file)).toEqual(['fixtures/rules/ha-partner-config-differs/bad/edge1.cfg', 'fixtures/rules/ha-partner-config-differs/bad/edge1.cfg']);
  });

  it('report every finding inside its file, related locations included', () => {
    const units: string[] = [];
    for (const id of LB_RULES.map((r) => r.meta.id)) for (const n of readdirSync(join(root, 'fixtures/rules', id))) units.push(join('fixtures/rules', id, n));
    units.push('fixtures/example', 'fixtures/estates/lb-ipv4', 'fixtures/estates/lb-ipv6');
    for (const unit of units) {
      for (const d of lint([unit], { cwd: root }).diagnostics) {
        for (const loc of [d, ...(d.related ?? []).map((r) => ({ ...r, endLine: r.endLine ?? r.line, endColumn: r.endColumn ?? r.column }))]) {
          const path = join(root, loc.file);
          expect(statSync(path).isFile(), `${unit}: ${loc.file}`).toBe(true);
          const lines = readFileSync(path, 'latin1').split(/\r\n|\r|\n/);
          const where = `${relative(root, path)}:${loc.line}:${loc.column}-${loc.endLine}:${loc.endColumn} (${d.ruleId})`;
          expect(loc.line >= 1 && loc.line <= lines.length, where).toBe(true);
          expect(loc.endLine >= loc.line && loc.endLine <= lines.length, where).toBe(true);
          expect(loc.column >= 1 && loc.column <= lines[loc.line - 1]!.length + 1, where).toBe(true);
          expect(loc.endColumn >= 1 && loc.endColumn <= lines[loc.endLine - 1]!.length + 1, where).toBe(true);
          if (loc.endLine === loc.line) expect(loc.endColumn >= loc.column, where).toBe(true);
        }
      }
    }
  });
});
