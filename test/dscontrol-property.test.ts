/**
 * Property tests: random and mutated dscontrol configurations and go scripts never
 * make the front ends, the model builder or the rules throw, and every finding's
 * range (and related range) lies inside its file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding, RelatedLocation } from '../src/core/diagnostic.js';
import type { Loc } from '../src/core/loc.js';
import { parseDscontrol } from '../src/frontends/dscontrol/index.js';
import { scanGoScript } from '../src/frontends/goscript/index.js';
import { buildLoadBalancers } from '../src/model/builders/lb.js';
import type { Estate } from '../src/model/estate.js';
import { emptyWebTier } from '../src/model/web.js';
import { rules } from '../src/rules/registry.js';
import type { RuleContext } from '../src/rules/rule.js';
import { sourceFromText, type SourceFile } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';

const BASE = `# edge1: Load Balancer for IPv4 and IPv6
dscontrol set loglevel 1
dscontrol executor start
dscontrol executor set nfa 10.20.1.51 clientgateway 10.20.1.1 hatimeout 2
dscontrol cluster add 10.60.1.1 address 10.60.1.1
dscontrol port add 10.60.1.1@80+443 selectionalgorithm conn+affin stickytime 300
dscontrol port set 10.60.1.1@80+443 repstrategy both
dscontrol server add 10.60.1.1@80+443@10.20.1.11 weight 10
dscontrol server add @80@10.20.1.12 nat yes returnaddress 10.20.1.92 router 10.20.1.12
dscontrol server add 10.60.1.1:23:10.20.1.13 collocated no
dscontrol port add 10.60.1.1:23 method nat porttype tcp
dscontrol executor configure 10.60.1.1 eth0 255.255.255.0
dscontrol manager start manager.log 10004
dscontrol advisor start http 10.60.1.1@80
dscontrol highavailability heartbeat add 10.20.1.51 10.20.1.52
dscontrol highavailability reach add 10.20.1.1
dscontrol highavailability backup add primary auto 12345
dscontrol highavailability takeover 10.20.1.52
dscontrol file save edge1.cfg force
server add "c@80@s" advisorrequest "GET / HTTP/1.0"
`;

const GO = `#!/bin/ksh
. /opt/ibm/edge/lb/servers/bin/variables
f() { ifconfig $INTERFACE alias $1 netmask $NETMASK; }
for a in $CLUSTER 10.60.1.2; do f $a; done
if [ -n "$X" ]; then ip addr add $CLUSTER/32 dev lo; fi
case "$1" in goActive) ifconfig eth0:1 $CLUSTER up ;; esac
cat <<EOF
ifconfig en9 alias 10.9.9.9
EOF
dscontrol executor configure $CLUSTER
`;

const VARS = sourceFromText('edge1/variables', 'CLUSTER=10.60.1.1\nINTERFACE=en0\nNETMASK=255.255.255.0\n');

/** Characters that stress the lexers: separators, quotes, comments, control characters, line ends, non-ASCII. */
const CHARS = [...'@:+#"\'$%{}()[];&|<>\\\t\r\n=.-/ 0123456789abcdefghijklmnopqrstuvwxyzSE', '\u0000', '\u0001', '\u00e9', '\ufffd', '\u2028'];

type Mutation = { at: number; kind: 'insert' | 'delete' | 'duplicate' | 'truncate'; text: string; len: number };

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('insert', 'delete', 'duplicate', 'truncate') as fc.Arbitrary<Mutation['kind']>,
  text: fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 6 }).map((a) => a.join('')),
  len: fc.integer({ min: 1, max: 40 }),
});

function mutate(base: string, ms: Mutation[]): string {
  let s = base;
  for (const m of ms) {
    const at = s.length === 0 ? 0 : m.at % (s.length + 1);
    if (m.kind === 'insert') s = s.slice(0, at) + m.text + s.slice(at);
    else if (m.kind === 'delete') s = s.slice(0, at) + s.slice(at + m.len);
    else if (m.kind === 'duplicate') s = s.slice(0, at) + s.slice(at, at + m.len) + s.slice(at);
    else s = s.slice(0, Math.max(at, s.length - m.len * 20));
  }
  return s;
}

/** Random lines built from dscontrol vocabulary. */
const WORDS = ['dscontrol', 'ndcontrol', 'executor', 'exec', 'e', 'cluster', 'c', 'port', 'po', 'server', 'se', 'ser', 'set', 'add', 'a', 'remove', 're', 'configure', 'unconfigure',
  'nfa', 'clientgateway', 'clientgateway6', 'method', 'nat', 'mac', 'cbr', 'yes', 'no', 'selectionalgorithm', 'sel', 'affinity', 'conn+affin', 'repstrategy', 'none', 'both',
  'returnaddress', 'router', 'weight', 'highavailability', 'hi', 'backup', 'heartbeat', 'reach', 'takeover', 'primary', 'auto', 'manual', 'manager', 'advisor', 'start', 'http',
  'file', 'save', 'help', '10.60.1.1', '10.60.1.1@80', '@80@10.20.1.11', '10.60.1.1:80:10.20.1.11', '10.60.1.1@80@10.20.1.11', '2001:db8::1@443@2001:db8::2', '@', '@@', ':',
  '+', '80+443', '12345', '99999', '-1', '"quoted string"', '"', '#', '# comment', '$CLUSTER', '10.20.1.300'];
const randomLine = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 9 }).map((w) => w.join(' '));
const randomFile = fc.array(randomLine, { maxLength: 25 }).map((l) => l.join('\n'));

function inside(file: SourceFile, loc: Loc | (RelatedLocation & { endLine?: number; endColumn?: number })): boolean {
  const lines = file.text.split(/\r\n|\r|\n/);
  const endLine = loc.endLine ?? loc.line;
  const endColumn = loc.endColumn ?? loc.column;
  if (loc.line < 1 || endLine < loc.line || endLine > lines.length) return false;
  if (loc.column < 1 || loc.column > lines[loc.line - 1]!.length + 1) return false;
  if (endColumn < 1 || endColumn > lines[endLine - 1]!.length + 1) return false;
  return endLine > loc.line || endColumn >= loc.column;
}

/** Front end + model + every rule over one configuration (and its go script); all findings. */
function check(config: string, goscript?: string): { findings: Finding[]; files: Map<string, SourceFile> } {
  const cfg = sourceFromText('edge1.cfg', config);
  const files = new Map<string, SourceFile>([[cfg.path, cfg], [VARS.path, VARS]]);
  const parsed = parseDscontrol(cfg);
  const findings: Finding[] = [...parsed.findings];
  const scripts = [];
  if (goscript !== undefined) {
    const go = sourceFromText('edge1/goActive', goscript);
    files.set(go.path, go);
    const g = scanGoScript(go, (p) => (p.endsWith('variables') ? VARS : undefined));
    findings.push(...g.findings);
    scripts.push(g.ast);
  }
  const built = buildLoadBalancers([{ name: 'edge1', nameSource: 'file-name', config: parsed.ast, scripts }], []);
  findings.push(...built.findings);
  const estate: Estate = { version: 1, files: [...files.keys()], systems: [], sysplex: { members: [], dvipas: [], distributions: [] }, web: emptyWebTier(), loadBalancers: built.loadBalancers };
  for (const rule of rules) {
    const ctx: RuleContext = { estate, ruleId: rule.meta.id, report: (f) => findings.push({ ...f, ruleId: rule.meta.id }) };
    rule.check?.(ctx);
  }
  return { findings, files };
}

function assertInside(result: ReturnType<typeof check>): void {
  for (const f of result.findings) {
    const file = result.files.get(f.loc.file);
    expect(file, `${f.ruleId} in unknown file ${f.loc.file}`).toBeDefined();
    expect(inside(file!, f.loc), `${f.ruleId} ${JSON.stringify(f.loc)}`).toBe(true);
    for (const r of f.related ?? []) {
      const rf = result.files.get(r.file);
      if (rf) expect(inside(rf, r), `${f.ruleId} related ${JSON.stringify(r)}`).toBe(true);
    }
  }
}

describe('dscontrol and go scripts: robustness', () => {
  it('the base configuration and go script check cleanly of exceptions', () => {
    assertInside(check(BASE, GO));
  });

  it('mutated configurations and go scripts never throw; findings stay inside their files', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 8 }), fc.array(mutation, { maxLength: 8 }), (mc, mg) => {
        assertInside(check(mutate(BASE, mc), mutate(GO, mg)));
      }),
      fuzz(300),
    );
  });

  it('random lines of dscontrol vocabulary never throw; findings stay inside the file', () => {
    fc.assert(
      fc.property(randomFile, fc.boolean(), (text, script) => {
        assertInside(check(script ? `#!/bin/sh\n${text}` : text));
      }),
      fuzz(300),
    );
  });

  it('arbitrary text never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 400 }), (a, b) => {
        assertInside(check(a, b));
      }),
      fuzz(200),
    );
  });
});
