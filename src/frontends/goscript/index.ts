/**
 * The go-script front end: which addresses a Load Balancer go script aliases
 * or removes, on which interface, and what stops the script from running.
 *
 * Go scripts (goActive, goStandby, goInOp, goIdle, highavailChange, …) are run
 * by the Load Balancer server on state changes. The classic ones source
 * `<install>/servers/bin/variables` and alias or unalias the cluster (and
 * return) addresses with ifconfig; on Linux `ip addr`; on Windows netsh or
 * `dscontrol executor configure`.
 *
 * A shell script is parsed by mvdan/sh (./parse.ts); the scanner walks its
 * syntax tree (./shell-walk.ts): the commands that run, under which condition,
 * inside which function, with variables from simple assignments, sourced files
 * of the same folder and function arguments expanded. A syntax error is
 * reported where the shell stops reading (the commands before it still run and
 * are read), and so are CRLF line ends. A Windows script (.cmd, .bat) is read
 * line by line (./batch.ts). Both hand their commands to the same reader of
 * ifconfig, ip, netsh and dscontrol (this file).
 */
import { basename } from 'node:path';
import { keywordOf, prefixOf } from '../../../grammar/dscontrol/keywords.js';
import type { Finding } from '../../core/diagnostic.js';
import { parseIp } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { SourceFile } from '../../sources/source-file.js';
import { readBatch } from './batch.js';
import { walkShell } from './shell-walk.js';
import { emptyRecord } from '../../core/record.js';

/**
 * Largest go script (or file it sources, such as `variables`) plexlint parses. A real go script is a few KB; the
 * shell parser (mvdan/sh compiled to JavaScript) takes about 1.5 KB of memory and 20 µs per character, so a 2 MB
 * `variables` file of repeated assignments took more than 1 GB (found by the mutation fuzzer). A larger file is a
 * read error (docs/robustness.md "Limits").
 */
export const MAX_GO_SCRIPT_CHARS = 64 * 1024;

export const GO_SCRIPT_NAMES = ['goActive', 'goStandby', 'goInOp', 'goIdle', 'highavailChange', 'serverUp', 'serverDown', 'managerAlert', 'managerClear'] as const;
export type GoScriptName = (typeof GO_SCRIPT_NAMES)[number];

/** goActive, goStandby, … from a file name (goActive, goActive.sh, goActive.cmd, …). */
export function goScriptName(path: string): GoScriptName | undefined {
  const base = basename(path).replace(/\.(sh|ksh|bash|cmd|bat)$/i, '').toLowerCase();
  return GO_SCRIPT_NAMES.find((n) => n.toLowerCase() === base);
}

export type InterfaceKind = 'loopback' | 'adapter' | 'unknown';

export interface AliasOp {
  op: 'add' | 'remove';
  /** Canonical address; undefined for a remove that names only an interface (`ifconfig eth0:1 down`) or an unresolved value. */
  address?: string;
  /** The address as it reads after substitution. */
  addressText?: string;
  prefix?: number;
  /** Interface as written after substitution (en0, lo0, eth0:1, "Local Area Connection"). */
  interface?: string;
  interfaceKind: InterfaceKind;
  command: 'ifconfig' | 'ip' | 'dscontrol' | 'netsh';
  /** Runs only under a condition (if/case/while, && / ||). */
  conditional: boolean;
  /** The function it runs in, when it runs through a function call. */
  viaFunction?: string;
  /** A variable or command substitution had no known value. */
  symbolic: boolean;
  /** The whole command. */
  loc: Loc;
  /** The address (or interface) word. */
  addressLoc: Loc;
}

export interface GoScriptAst {
  file: string;
  name: GoScriptName;
  /** The first line of the script. */
  loc: Loc;
  ops: AliasOp[];
  /** Files it sources (display paths), resolved or not. */
  sourced: { path: string; file?: string; loc: Loc }[];
  /** Variables set at the end of the script (after sourcing). */
  variables: Record<string, string>;
}

export interface ParsedGoScript {
  ast: GoScriptAst;
  findings: Finding[];
  /** Files read besides the script (sourced). */
  files: SourceFile[];
}

/** Finds a file a script sources (`. /opt/ibm/edge/lb/servers/bin/variables`): same folder, by base name. */
export type SourceResolver = (path: string, from: SourceFile) => SourceFile | undefined;

const LOOPBACK = /^(lo\d*(:.*)?|loopback.*|.*loopback.*)$/i;

export function interfaceKind(name: string | undefined, symbolic = false): InterfaceKind {
  if (name === undefined || symbolic || name.includes('$') || name.includes('%')) return 'unknown';
  return LOOPBACK.test(name) ? 'loopback' : 'adapter';
}

export interface Context {
  conditional: boolean;
  viaFunction?: string;
  depth: number;
}

/** One word of a command after expansion. */
export interface Arg {
  text: string;
  /** A variable or command substitution in it had no known value. */
  symbolic: boolean;
  /** The word as written, for messages. */
  raw: string;
  start: number;
  end: number;
  file: SourceFile;
}

/** A simple command as it runs: its words after expansion, where it stands. */
export interface Command {
  args: Arg[];
  file: SourceFile;
  start: number;
  end: number;
}

/** What the shell and batch readers share: variables, functions, and the command interpreter. */
export class Scanner {
  readonly vars = new Map<string, string>();
  /** Shell functions defined so far (a sourced file may define them): running one runs its body. */
  readonly functions = new Map<string, (ctx: Context) => void>();
  readonly ops: AliasOp[] = [];
  readonly sourced: GoScriptAst['sourced'] = [];
  readonly files: SourceFile[] = [];
  readonly findings: Finding[] = [];

  constructor(private readonly resolve: SourceResolver | undefined) {}

  run(file: SourceFile, ctx: Context): void {
    if (/\.(cmd|bat)$/i.test(file.path)) readBatch(file, this, ctx);
    else walkShell(file, this, ctx);
  }

  loc(file: SourceFile, start: number, end: number): Loc {
    return file.lines.loc(file.path, start, end);
  }

  /** Run a simple command (after its assignments): declarations, sourcing, and the alias commands. */
  command(cmd: Command, ctx: Context): void {
    let name = cmd.args[0]?.text ?? '';
    let rest = cmd.args.slice(1);
    // Prefixes that run the next word as the command.
    while (/^(sudo|command|exec|nohup|call|env|time)$/i.test(basename(name)) && rest.length) {
      name = rest[0]!.text;
      rest = rest.slice(1);
    }
    const program = basename(name).replace(/\.(exe|cmd|bat)$/i, '');
    const lower = program.toLowerCase();
    if (lower === 'unset') {
      for (const a of rest) this.vars.delete(a.text);
      return;
    }
    if ((program === '.' || lower === 'source') && rest[0]) {
      this.source(rest[0], cmd.file, ctx);
      return;
    }
    const at = { file: cmd.file, start: cmd.start, end: cmd.end, ctx };
    if (lower === 'ifconfig') this.ifconfig(rest, at);
    else if (lower === 'ip') this.ip(rest, at);
    else if (prefixOf(program)) this.dscontrol(rest, at);
    else if (lower === 'netsh') this.netsh(rest, at);
  }

  /** `NAME=value` at the start of a command line, or by export/typeset/set: undefined for an unknown value. */
  assign(name: string, value: string | undefined): void {
    if (value === undefined) this.vars.delete(name);
    else this.vars.set(name, value);
  }

  private source(arg: Arg, from: SourceFile, ctx: Context): void {
    const loc = this.loc(from, arg.start, arg.end);
    const entry: GoScriptAst['sourced'][number] = { path: arg.text, loc };
    this.sourced.push(entry);
    // A path with a variable in it is followed only when it ends in a file name. The last character decides (the
    // expression `/[/\\]?[A-Za-z0-9_.-]+$/` it replaces did the same in time quadratic in a long word: 60,000 characters, 26 s).
    if (arg.symbolic && !/[A-Za-z0-9_.-]/.test(arg.text.at(-1) ?? '')) return;
    const f = this.resolve?.(arg.text, from);
    if (!f || ctx.depth >= 8 || this.files.some((x) => x.path === f.path && this.sourced.filter((s) => s.file === f.path).length > 4)) return;
    entry.file = f.path;
    if (!this.files.some((x) => x.path === f.path)) this.files.push(f);
    this.run(f, { ...ctx, depth: ctx.depth + 1 });
  }

  private op(
    at: { file: SourceFile; start: number; end: number; ctx: Context },
    op: 'add' | 'remove',
    command: AliasOp['command'],
    addr: Arg | undefined,
    iface: Arg | undefined,
    kind?: InterfaceKind,
  ): void {
    const o: AliasOp = {
      op,
      interfaceKind: kind ?? interfaceKind(iface?.text, iface?.symbolic),
      command,
      conditional: at.ctx.conditional,
      symbolic: Boolean(addr?.symbolic || iface?.symbolic),
      loc: this.loc(at.file, at.start, at.end),
      addressLoc: addr ? this.loc(addr.file, addr.start, addr.end) : iface ? this.loc(iface.file, iface.start, iface.end) : this.loc(at.file, at.start, at.end),
    };
    if (at.ctx.viaFunction) o.viaFunction = at.ctx.viaFunction;
    if (iface) o.interface = iface.symbolic ? iface.raw : iface.text;
    if (addr) {
      o.addressText = addr.symbolic ? addr.raw : addr.text;
      const [a, len] = addr.text.split('/');
      const ip = addr.symbolic ? undefined : parseIp(a ?? '');
      if (ip) o.address = ip.text;
      if (len !== undefined && /^\d+$/.test(len)) o.prefix = Number(len);
    }
    this.ops.push(o);
  }

  private isAddress(a: Arg): boolean {
    const base = a.text.split('/')[0] ?? '';
    return Boolean(parseIp(base)) || (a.symbolic && /[$%]/.test(a.raw));
  }

  /**
   * ifconfig <if> [inet|inet6] [alias|add|addif|-alias|delete|removeif] <addr> [netmask m] [alias] [up|down] [unplumb]
   * ifconfig <if>:<n> <addr> [netmask m] [up]   — ifconfig <if>:<n> down
   */
  private ifconfig(args: Arg[], at: { file: SourceFile; start: number; end: number; ctx: Context }): void {
    const iface = args[0];
    if (!iface || iface.text.startsWith('-')) return;
    const words = args.slice(1).map((a) => a.text.toLowerCase());
    const removeWords = ['-alias', 'delete', 'removeif', 'unplumb'];
    const addWords = ['alias', 'add', 'addif'];
    let addr: Arg | undefined;
    for (let i = 1; i < args.length; i++) {
      const a = args[i]!;
      const prev = args[i - 1]!.text.toLowerCase();
      if (['netmask', 'broadcast', 'mtu', 'metric', 'prefixlen', 'pointopoint', 'dest'].includes(prev)) continue;
      if (this.isAddress(a)) {
        addr = a;
        break;
      }
    }
    const remove = words.some((w) => removeWords.includes(w)) || (words.includes('down') && (iface.text.includes(':') || !addr));
    const add = words.some((w) => addWords.includes(w)) || (addr !== undefined && !remove);
    if (!addr && !remove) return;
    if (!addr && remove && !iface.text.includes(':')) return; // `ifconfig en0 down` takes the adapter down, not an alias
    const baseIf = { ...iface, text: iface.text };
    this.op(at, remove ? 'remove' : add ? 'add' : 'add', 'ifconfig', addr, baseIf);
  }

  /** ip [-4|-6|-f fam] addr|address|a add|del|delete|replace|change <addr>[/len] dev <if> [label l] — ip addr flush dev <if> */
  private ip(args: Arg[], at: { file: SourceFile; start: number; end: number; ctx: Context }): void {
    let i = 0;
    while (i < args.length && args[i]!.text.startsWith('-')) i += args[i]!.text === '-f' || args[i]!.text === '-family' ? 2 : 1;
    const object = args[i]?.text.toLowerCase() ?? '';
    if (!['a', 'ad', 'add', 'addr', 'addre', 'addres', 'address'].includes(object) || object === 'add') return;
    const verb = args[i + 1]?.text.toLowerCase() ?? '';
    const rest = args.slice(i + 2);
    let dev: Arg | undefined;
    let label: Arg | undefined;
    let addr: Arg | undefined;
    for (let j = 0; j < rest.length; j++) {
      const t = rest[j]!.text.toLowerCase();
      if (t === 'dev') dev = rest[++j];
      else if (t === 'label') label = rest[++j];
      else if (['brd', 'broadcast', 'scope', 'peer', 'valid_lft', 'preferred_lft', 'metric', 'anycast', 'to'].includes(t)) j++;
      else if (!addr && this.isAddress(rest[j]!)) addr = rest[j];
    }
    const iface = dev ?? label;
    if (['add', 'replace', 'change', 'a'].includes(verb)) {
      if (addr) this.op(at, 'add', 'ip', addr, iface);
    } else if (['del', 'delete', 'd'].includes(verb)) {
      if (addr) this.op(at, 'remove', 'ip', addr, iface);
    } else if (verb === 'flush' && iface) {
      this.op(at, 'remove', 'ip', undefined, iface);
    }
  }

  /** dscontrol executor|cluster configure <addr>[+addr] [if [mask]] — … unconfigure <addr> */
  private dscontrol(args: Arg[], at: { file: SourceFile; start: number; end: number; ctx: Context }): void {
    const command = keywordOf(args[0]?.text ?? '', ['executor', 'cluster', 'exit', 'advisor', 'manager', 'port', 'server', 'set', 'subagent', 'file', 'help', 'highavailability', 'host', 'logstatus', 'metric', 'quit', 'rule', 'binarylog']);
    if (command !== 'executor' && command !== 'cluster') return;
    const sub = keywordOf(args[1]?.text ?? '', command === 'executor' ? ['configure', 'nicconfig', 'report', 'set', 'start', 'status', 'stop', 'unconfigure'] : ['add', 'configure', 'remove', 'report', 'set', 'status', 'unconfigure']);
    if (sub !== 'configure' && sub !== 'unconfigure') return;
    const spec = args[2];
    if (!spec) return;
    const iface = args[3];
    for (const part of spec.text.split('+')) {
      // dscontrol aliases the address on the network adapter whose subnet matches (or the one named).
      this.op(at, sub === 'configure' ? 'add' : 'remove', 'dscontrol', { ...spec, text: part }, iface, iface ? interfaceKind(iface.text, iface.symbolic) : 'adapter');
    }
  }

  /** netsh interface ip[v4] add|delete address [name=]"X" [addr=]A [mask=]M */
  private netsh(args: Arg[], at: { file: SourceFile; start: number; end: number; ctx: Context }): void {
    const t = args.map((a) => a.text.toLowerCase());
    const verbAt = t.findIndex((x) => x === 'add' || x === 'delete' || x === 'del');
    if (verbAt < 0 || !/^address$/.test(t[verbAt + 1] ?? '')) return;
    const rest = args.slice(verbAt + 2).map((a) => ({ ...a, text: a.text.replace(/^(name|addr|address|mask)=/i, '') }));
    const iface = rest[0];
    const addr = rest.slice(1).find((a) => this.isAddress(a));
    if (addr) this.op(at, t[verbAt] === 'add' ? 'add' : 'remove', 'netsh', addr, iface);
  }
}

export function scanGoScript(file: SourceFile, resolve?: SourceResolver): ParsedGoScript {
  const name = goScriptName(file.path) ?? 'highavailChange';
  const scanner = new Scanner(resolve);
  scanner.run(file, { conditional: false, depth: 0 });
  const variables = emptyRecord<string>();
  for (const [k, v] of scanner.vars) variables[k] = v;
  for (const op of scanner.ops) {
    if (!op.symbolic) continue;
    const what = op.address === undefined && op.addressText !== undefined ? `address '${op.addressText}'` : `interface '${op.interface ?? '?'}'`;
    scanner.findings.push({
      ruleId: 'goscript-unresolved-address',
      loc: op.addressLoc,
      message:
        `${name}: plexlint cannot tell the ${what} of this ${op.command} command: a variable in it has no value in the script or in the files it sources` +
        `${scanner.sourced.some((s) => !s.file) ? ` (${scanner.sourced.filter((s) => !s.file).map((s) => s.path).join(', ')} was not found next to the script)` : ''}. ` +
        'The Load Balancer checks that need it (which address ends up on which interface) are skipped. Put the variables file next to the script or assign the variable in the script.',
    });
  }
  return {
    ast: { file: file.path, name, loc: file.lines.loc(file.path, 0, file.lines.lineText(0).length), ops: scanner.ops, sourced: scanner.sourced, variables },
    findings: scanner.findings,
    files: scanner.files,
  };
}
