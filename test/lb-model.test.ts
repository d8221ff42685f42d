/** The load-balancer model: what `plexlint compile` says about the Load Balancer machines of an estate. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { parseDscontrol } from '../src/frontends/dscontrol/index.js';
import { scanGoScript } from '../src/frontends/goscript/index.js';
import { buildLoadBalancers } from '../src/model/builders/lb.js';
import { sourceFromText } from '../src/sources/source-file.js';

const root = join(import.meta.dirname, '..');

function lbOf(text: string, scripts: Record<string, string> = {}) {
  const ast = parseDscontrol(sourceFromText('edge.cfg', text)).ast;
  const goscripts = Object.entries(scripts).map(([name, t]) => scanGoScript(sourceFromText(`edge/${name}`, t)).ast);
  return buildLoadBalancers([{ name: 'edge', nameSource: 'file-name', config: ast, scripts: goscripts }], []).loadBalancers[0]!;
}

describe('load-balancer model', () => {
  it('compiles the example HA pair and matches its servers to SYSA and SYSB', () => {
    const { estate } = compile(['fixtures/example'], { cwd: root });
    expect(estate.loadBalancers.map((l) => l.name)).toEqual(['edge1', 'edge2']);
    const [edge1, edge2] = estate.loadBalancers;
    expect(edge1!.productLine).toBe('ipv4v6');
    expect(edge1!.config).toBe('fixtures/example/lb/edge1.cfg');
    expect(edge1!.executor.nfa?.value).toBe('10.20.1.51');
    expect(edge1!.executor.clientGateway?.value).toBe('10.20.1.1');
    expect(edge1!.ha).toMatchObject({ role: { value: 'primary' }, recovery: { value: 'auto' }, port: { value: 12345 }, partner: { name: 'edge2', source: 'manifest' } });
    expect(edge1!.ha!.heartbeats.map((h) => [h.source, h.destination])).toEqual([['10.20.1.51', '10.20.1.52']]);
    expect(edge1!.ha!.reach.map((r) => r.value)).toEqual(['10.20.1.1']);
    expect(edge2!.ha).toMatchObject({ role: { value: 'backup' }, partner: { name: 'edge1' } });
    const cluster = edge1!.clusters[0]!;
    expect(cluster).toMatchObject({ id: '10.60.1.1', address: '10.60.1.1', targets: ['SYSA', 'SYSB'] });
    expect(cluster.ports.map((p) => [p.port, p.selectionAlgorithm, p.stickyTime?.value, p.repStrategy?.value])).toEqual([
      [80, 'conn+affin', 300, 'both'],
      [443, 'conn+affin', 300, 'both'],
    ]);
    expect(cluster.ports[0]!.servers.map((s) => [s.id, s.forwarding, s.weight?.value, s.target?.system, s.target?.via])).toEqual([
      ['10.20.1.11', 'mac', 10, 'SYSA', 'interface'],
      ['10.20.1.12', 'mac', 10, 'SYSB', 'interface'],
    ]);
    expect(edge1!.manager?.start).toBeDefined();
    expect(edge1!.advisors.map((a) => [a.name, a.cluster, a.port])).toEqual([
      ['http', '10.60.1.1', 80],
      ['ssl', '10.60.1.1', 443],
    ]);
    expect(edge1!.scripts.map((s) => [s.name, s.sources])).toEqual([
      ['goActive', ['fixtures/example/lb/edge1/variables']],
      ['goInOp', ['fixtures/example/lb/edge1/variables']],
      ['goStandby', ['fixtures/example/lb/edge1/variables']],
    ]);
    expect(edge1!.aliases).toEqual({ inop: [], active: [], standby: [], idle: [] });
  });

  it('gives the legacy pair its aliases per HA state from the go scripts', () => {
    const { estate } = compile(['fixtures/estates/lb-ipv4'], { cwd: root });
    const lb = estate.loadBalancers.find((l) => l.name === 'lbaix1')!;
    expect(lb.productLine).toBe('ipv4');
    const where = (state: 'inop' | 'active' | 'standby') => lb.aliases[state].map((a) => `${a.address}@${a.interface}:${a.kind}:${a.via}`);
    expect(where('inop')).toEqual([]);
    expect(where('active')).toEqual([
      '10.70.1.1@en0:adapter:goActive',
      '10.70.1.2@en0:adapter:goActive',
      '10.20.1.71@en0:adapter:goActive',
      '10.20.1.72@en0:adapter:goActive',
    ]);
    expect(where('standby')).toEqual([]);
    const nat = lb.clusters.find((c) => c.id === '10.70.1.2')!.ports[0]!;
    expect(nat.method).toBe('nat');
    expect(nat.servers.map((s) => [s.forwarding, s.returnAddress?.value, s.router?.value])).toEqual([
      ['nat', '10.20.1.71', '10.20.1.11'],
      ['nat', '10.20.1.72', '10.20.1.12'],
    ]);
    // lbaix2 names no partner in the manifest: the partnership is symmetric.
    expect(estate.loadBalancers.find((l) => l.name === 'lbaix2')!.ha?.partner).toMatchObject({ name: 'lbaix1', source: 'manifest' });
  });

  it('finds partners through heartbeats when there is no manifest', () => {
    const { estate } = compile(['fixtures/rules/ha-partner-mismatch/good'], { cwd: root });
    expect(estate.loadBalancers.map((l) => [l.name, l.ha?.partner?.name, l.ha?.partner?.source])).toEqual([
      ['edge1', 'edge2', 'heartbeat'],
      ['edge2', 'edge1', 'heartbeat'],
    ]);
  });

  it('reports a manifest partner that does not exist', () => {
    const ast = parseDscontrol(sourceFromText('edge1.cfg', 'highavailability backup add primary auto 12345\n')).ast;
    const loc = { file: 'plexlint.yaml', line: 5, column: 14, endLine: 5, endColumn: 19 };
    const r = buildLoadBalancers([{ name: 'edge1', nameSource: 'manifest', config: ast, scripts: [], partner: { name: 'edge3', loc } }], []);
    expect(r.findings).toMatchObject([{ ruleId: 'manifest-invalid-value', loc }]);
    expect(r.findings[0]!.message).toContain("'edge3' is not a load balancer of this manifest");
    expect(r.loadBalancers[0]!.ha?.partner).toBeUndefined();
  });

  it('applies the configuration line by line: set, remove, wildcards, server-level NAT and encapsulation', () => {
    const lb = lbOf(
      [
        'executor set nfa 10.20.1.51',
        'cluster add 10.60.1.1',
        'cluster add web.example.com address 10.60.1.2',
        'port add 10.60.1.1+10.60.1.2@80',
        'server add @80@10.20.1.11',
        'server add 10.60.1.2@80@10.20.1.12 nat yes returnaddress 10.20.1.92 router 10.20.1.12',
        'server add 10.60.1.2@80@10.20.1.13 encapforward yes encaptype gre encapcond always',
        'server set 10.60.1.1@80@10.20.1.11 weight 7',
        'port add 10.60.1.1@443',
        'port remove 10.60.1.1@443',
        '',
      ].join('\n'),
    );
    expect(lb.clusters.map((c) => [c.id, c.address, c.ports.map((p) => p.port)])).toEqual([
      ['10.60.1.1', '10.60.1.1', [80]],
      ['web.example.com', '10.60.1.2', [80]],
    ]);
    expect(lb.clusters[0]!.ports[0]!.servers.map((s) => [s.id, s.weight?.value])).toEqual([['10.20.1.11', 7]]);
    expect(lb.clusters[1]!.ports[0]!.servers.map((s) => [s.id, s.forwarding])).toEqual([
      ['10.20.1.11', 'mac'],
      ['10.20.1.12', 'nat'],
      ['10.20.1.13', 'encap'],
    ]);
    expect(lb.rejections).toEqual([]);
  });

  it('leaves refused commands out, and what depends on them without a second finding', () => {
    const lb = lbOf('cluster add 10.60.1.1\nport add 10.60.1.1@80 method nat\nserver add 10.60.1.1@80@10.20.1.11\nserver add 10.60.1.1@81@10.20.1.11\n');
    expect(lb.clusters[0]!.ports).toEqual([]);
    expect(lb.rejections.map((r) => [r.ruleId, r.loc.line])).toEqual([
      ['lb-product-line-keyword', 2],
      ['lb-undefined-object', 4],
    ]);
  });

  it('composes HA states: goInOp, then goActive; standby after a takeover', () => {
    const lb = lbOf('cluster add 10.60.1.1\nexecutor configure 10.60.1.9 en1\n', {
      goInOp: 'ifconfig en0 delete 10.60.1.1\nifconfig lo0 alias 10.60.1.1\n',
      goActive: 'ifconfig lo0 delete 10.60.1.1\nifconfig en0 alias 10.60.1.1\n',
      goStandby: 'ifconfig en0 delete 10.60.1.1\n',
      goIdle: 'ifconfig en2 alias 10.60.1.1\n',
    });
    const w = (s: keyof typeof lb.aliases) => lb.aliases[s].map((a) => `${a.address}@${a.interface}`);
    expect(w('inop')).toEqual(['10.60.1.9@en1', '10.60.1.1@lo0']);
    expect(w('active')).toEqual(['10.60.1.9@en1', '10.60.1.1@en0']);
    expect(w('standby')).toEqual(['10.60.1.9@en1']);
    expect(w('idle')).toEqual(['10.60.1.9@en1', '10.60.1.1@lo0', '10.60.1.1@en2']);
  });
});
