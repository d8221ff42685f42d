/** The go-script scanner: which addresses end up on which interface, without being fooled by the shell around them. */
import { describe, expect, it } from 'vitest';
import { goScriptName, interfaceKind, scanGoScript, type AliasOp } from '../src/frontends/goscript/index.js';
import { sourceFromText } from '../src/sources/source-file.js';

const VARIABLES = sourceFromText(
  'lb/variables',
  '# variables\nCLUSTER=10.60.1.1\nINTERFACE=en0\nNETMASK=255.255.255.0\nRETURNADDRESS="10.20.1.91 10.20.1.92"\nND_LOGDIR=/var/log/lb\n',
);

function scan(text: string, name = 'lb/goActive') {
  return scanGoScript(sourceFromText(name, text), (p) => (p.split('/').pop() === 'variables' ? VARIABLES : undefined));
}

function ops(text: string, name?: string): string[] {
  return scan(text, name).ast.ops.map((o: AliasOp) => `${o.loc.line} ${o.op} ${o.address ?? '-'} ${o.interface ?? '-'} ${o.interfaceKind}${o.conditional ? ' cond' : ''}${o.viaFunction ? ` fn=${o.viaFunction}` : ''}`);
}

describe('go-script scanner', () => {
  it('knows the go-script names and interface kinds', () => {
    expect(goScriptName('lb/edge1/goActive')).toBe('goActive');
    expect(goScriptName('x/GOSTANDBY.cmd')).toBe('goStandby');
    expect(goScriptName('x/variables')).toBeUndefined();
    expect(interfaceKind('lo0')).toBe('loopback');
    expect(interfaceKind('lo:1')).toBe('loopback');
    expect(interfaceKind('en0')).toBe('adapter');
    expect(interfaceKind('$IF', true)).toBe('unknown');
  });

  it('resolves variables from a sourced variables file in the same folder', () => {
    const r = scan('#!/bin/ksh\n. /opt/ibm/edge/lb/servers/bin/variables\nifconfig $INTERFACE alias $CLUSTER netmask $NETMASK\n');
    expect(ops('#!/bin/ksh\n. /opt/ibm/edge/lb/servers/bin/variables\nifconfig $INTERFACE alias $CLUSTER netmask $NETMASK\n')).toEqual(['3 add 10.60.1.1 en0 adapter']);
    expect(r.ast.sourced).toMatchObject([{ path: '/opt/ibm/edge/lb/servers/bin/variables', file: 'lb/variables' }]);
    expect(r.files.map((f) => f.path)).toEqual(['lb/variables']);
    expect(r.ast.variables['CLUSTER']).toBe('10.60.1.1');
    expect(r.findings).toEqual([]);
  });

  it('reads the alias forms of ifconfig, ip and netsh', () => {
    const text = [
      'CL=10.60.1.1',
      'ifconfig lo0 alias $CL netmask 255.255.255.255',
      'ifconfig lo0 delete $CL',
      'ifconfig en0 -alias $CL',
      'ifconfig eth0:1 $CL netmask 255.255.255.0 up',
      'ifconfig eth0:1 down',
      'ifconfig lo0 inet 10.60.1.2 netmask 255.255.255.255 alias',
      'ifconfig hme0 addif 10.60.1.3 up',
      'ifconfig hme0 removeif 10.60.1.3',
      'ifconfig en0 10.60.1.4 netmask 255.255.255.0 down unplumb',
      'ip addr add 10.60.1.5/32 dev lo label lo:5',
      'ip -4 address del 10.60.1.5/32 dev lo',
      'ip addr flush dev eth1',
      'sudo /sbin/ip a add dev eth0 10.60.1.6/24',
      'ifconfig en0 down',
      '',
    ].join('\n');
    expect(ops(text)).toEqual([
      '2 add 10.60.1.1 lo0 loopback',
      '3 remove 10.60.1.1 lo0 loopback',
      '4 remove 10.60.1.1 en0 adapter',
      '5 add 10.60.1.1 eth0:1 adapter',
      '6 remove - eth0:1 adapter',
      '7 add 10.60.1.2 lo0 loopback',
      '8 add 10.60.1.3 hme0 adapter',
      '9 remove 10.60.1.3 hme0 adapter',
      '10 remove 10.60.1.4 en0 adapter',
      '11 add 10.60.1.5 lo loopback',
      '12 remove 10.60.1.5 lo loopback',
      '13 remove - eth1 adapter',
      '14 add 10.60.1.6 eth0 adapter',
    ]);
  });

  it('is not fooled by comments, here-documents, strings and functions that are never called', () => {
    const text = [
      '#!/bin/sh',
      '# ifconfig en0 alias 10.9.9.1',
      'echo "ifconfig en0 alias 10.9.9.2"',
      "echo 'ip addr add 10.9.9.3 dev eth0'",
      'cat <<EOF > /tmp/readme',
      'ifconfig en0 alias 10.9.9.4',
      'EOF',
      'unused() {',
      '  ifconfig en0 alias 10.9.9.5',
      '}',
      'ifconfig lo0 alias 10.60.1.1   # the only real one',
      '',
    ].join('\n');
    expect(ops(text)).toEqual(['11 add 10.60.1.1 lo0 loopback']);
  });

  it('follows function calls with their arguments, loops over lists, and marks conditionals', () => {
    const text = [
      '#!/bin/ksh',
      '. ./variables',
      'alias_it() {',
      '  ifconfig $INTERFACE alias $1 netmask $NETMASK',
      '}',
      'for a in $CLUSTER $RETURNADDRESS; do',
      '  alias_it $a',
      'done',
      'if [ "$COLLOCATED" = yes ]; then',
      '  ifconfig lo0 alias $CLUSTER',
      'elif [ -n "$X" ]; then',
      '  :',
      'else',
      '  ip addr add $CLUSTER/32 dev lo',
      'fi',
      'test -n "$Y" && ifconfig en1 alias $CLUSTER',
      'case "$1" in',
      '  goActive) ifconfig en2 alias $CLUSTER ;;',
      '  *) echo other ;;',
      'esac',
      '',
    ].join('\n');
    expect(ops(text)).toEqual([
      '4 add 10.60.1.1 en0 adapter fn=alias_it',
      '4 add 10.20.1.91 en0 adapter fn=alias_it',
      '4 add 10.20.1.92 en0 adapter fn=alias_it',
      '10 add 10.60.1.1 lo0 loopback cond',
      '14 add 10.60.1.1 lo loopback cond',
      '16 add 10.60.1.1 en1 adapter cond',
      '18 add 10.60.1.1 en2 adapter cond',
    ]);
  });

  it('reads Windows go scripts: set, %VAR%, rem, dscontrol executor configure and netsh', () => {
    const text = [
      'rem goActive.cmd',
      'set CLUSTER=10.60.1.1',
      'set INTERFACE=Local Area Connection',
      ':: configure the cluster on the adapter',
      'call dscontrol executor configure %CLUSTER%',
      'netsh interface ip add address "Loopback" %CLUSTER% 255.255.255.255',
      'dscontrol exec unconf %CLUSTER%',
      '',
    ].join('\r\n');
    expect(ops(text, 'lb/goActive.cmd')).toEqual([
      '5 add 10.60.1.1 - adapter',
      '6 add 10.60.1.1 Loopback loopback',
      '7 remove 10.60.1.1 - adapter',
    ]);
  });

  it('reports alias commands whose values are unknown', () => {
    const r = scan('#!/bin/sh\n. /somewhere/else/vars\nifconfig $IF alias $ADDR\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column, f.loc.endColumn])).toEqual([['goscript-unresolved-address', 3, 20, 25]]);
    expect(r.findings[0]!.message).toContain('$ADDR');
    expect(r.ast.ops[0]).toMatchObject({ op: 'add', symbolic: true, interfaceKind: 'unknown' });
  });

  it('never loops on recursive functions or self-sourcing scripts', () => {
    const self = sourceFromText('lb/goActive', '. ./goActive\nf() { f; ifconfig lo0 alias 10.60.1.1; }\nf\n');
    const r = scanGoScript(self, () => self);
    expect(r.ast.ops.length).toBeGreaterThan(0);
  });

  it('reads what a shell parser reads: ${VAR:-default}, export and typeset, quotes, backslashes, pipelines', () => {
    const text = [
      '#!/bin/ksh',
      'export CL=10.60.1.1 IF',
      'typeset -x NM=255.255.255.255',
      'ifconfig lo0 alias ${CL} netmask $NM',
      'ifconfig lo0 alias ${UNSET:-10.60.1.2} netmask $NM',
      'ifconfig "lo"0 alias \\10.60.1.3 | tee -a /tmp/log',
      'ifconfig lo0 alias $(cat /etc/cluster)',
      'x=$((1+2)) ; ip addr add ${CL}/32 dev lo',
      '',
    ].join('\n');
    expect(ops(text)).toEqual([
      '4 add 10.60.1.1 lo0 loopback',
      '5 add 10.60.1.2 lo0 loopback',
      '6 add 10.60.1.3 lo0 loopback',
      '7 add - lo0 loopback',
      '8 add 10.60.1.1 lo loopback',
    ]);
  });

  it('a >> redirection broken across a line: a syntax error where bash -n reports it; only the commands before it are read', () => {
    const text = ['#!/bin/ksh', 'CL=10.60.1.1', 'ifconfig en0 alias $CL', 'print "Executor is inop" >>', '/var/log/ha.log', 'ifconfig en0 delete $CL', ''].join('\n');
    const r = scan(text, 'lb/goInOp');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column])).toEqual([['syntax', 4, 26]]);
    expect(r.findings[0]!.message).toContain('>> needs its file name on the same line');
    expect(r.findings[0]!.message).toContain('3 lines from here on are not run');
    expect(ops(text, 'lb/goInOp')).toEqual(['3 add 10.60.1.1 en0 adapter']);
  });

  it('an if without fi: the syntax error where the if starts, and nothing of it runs', () => {
    const r = scan('#!/bin/ksh\nifconfig lo0 alias 10.60.1.1\nif true; then\n  ifconfig lo0 delete 10.60.1.1\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column])).toEqual([['syntax', 3, 1]]);
    expect(r.ast.ops.map((o) => o.op)).toEqual(['add']);
  });

  it('columns count characters, not the bytes of the UTF-8 text', () => {
    const r = scan('#!/bin/ksh\necho \"état\" >>\n');
    expect(r.findings.map((f) => [f.loc.line, f.loc.column])).toEqual([[2, 13]]);
  });

  it('CRLF line ends: one finding on the first line end; the commands are still read', () => {
    const r = scan('#!/bin/ksh\r\nifconfig lo0 alias 10.60.1.1\r\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column])).toEqual([['goscript-crlf-line-ends', 1, 11]]);
    expect(r.findings[0]!.message).toContain('/bin/ksh^M: bad interpreter');
    expect(r.ast.ops.map((o) => o.address)).toEqual(['10.60.1.1']);
    expect(scan('rem x\r\nnetsh interface ip add address "Loopback" 10.60.1.1 255.255.255.255\r\n', 'lb/goActive.cmd').findings).toEqual([]);
  });

  it('3,000 ( end in one positioned syntax finding, never a RangeError', () => {
    const text = '('.repeat(3000);
    const r = scan(text);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.ruleId).toBe('syntax');
    expect(r.findings[0]!.loc.line).toBe(1);
    expect(r.findings[0]!.loc.column).toBeGreaterThan(1);
    expect(r.findings[0]!.loc.column).toBeLessThanOrEqual(3000);
    expect(r.findings[0]!.message).toContain('nested here more deeply');
  });

  it('Windows scripts: a command after if, or in an if block, is conditional', () => {
    const text = ['@echo off', 'set CL=10.60.1.1', 'if exist c:\\lb\\ha.flag netsh interface ip add address "Loopback" %CL% 255.255.255.255', 'if "%1"=="x" (', '  dscontrol executor configure %cl%', ')', 'dscontrol executor unconfigure %CL%', ''].join('\r\n');
    expect(ops(text, 'lb/goActive.cmd')).toEqual(['3 add 10.60.1.1 Loopback loopback cond', '5 add 10.60.1.1 - adapter cond', '7 remove 10.60.1.1 - adapter']);
  });

  it('a syntax error must be one in both Korn and bash grammars: ksh93 for ((…)) is none; an unknown construct is reported, never thrown', () => {
    expect(scan('#!/bin/ksh\nfor ((i = 0; i < 2; i++)); do ifconfig lo0 alias 10.60.1.1; done\n').findings).toEqual([]);
    const r = scan('#!/bin/ksh\nfor(@ a in x; do :; done\n');
    expect(r.findings.map((f) => [f.ruleId, f.loc.line, f.loc.column])).toEqual([['syntax', 2, 1]]);
    expect(r.findings[0]!.message).toContain('"for" must be followed by a literal');
  });
});
