/**
 * `plexlint init` from what a z/OS shop has (docs/zos-inputs.md): the TCP/IP started procedure's PROFILE DD and the
 * systems IEASYMxx defines. One system per SYSCLONE value IEASYMxx gives (each local SYSDEF's filters are one system,
 * its symbols the global SYSDEFs' and its own, in order); its profile is the data set its PROFILE DD names once the
 * system's symbols are replaced (`DSN=SYS1.TCPPARMS(PROF&SYSCLONE.)` → SYS1.TCPPARMS(PROFA1)), found in the folder as
 * an INCLUDE finds a member: a member an IEBUPDTE job stream adds, a Zowe download, or a file named after it.
 */
import { relative, sep } from 'node:path';
import { parseIeasym, type IeasymSystem } from '../frontends/ieasym/index.js';
import { ddOf, readJclFile } from '../frontends/jcl/index.js';
import { EstateIncludeResolver } from '../sources/includes.js';
import { memberName, type SourceFile } from '../sources/source-file.js';
import type { CompileResult } from './compile.js';
import { DataSetLibrary } from './datasets.js';
import { createDriver, fileStem } from './driver.js';

export interface ZosInputs {
  /** TCP/IP started procedures (files, and members of job streams). */
  procs: SourceFile[];
  /** IEASYMxx members, with the systems each defines. */
  ieasym: { file: SourceFile; systems: IeasymSystem[] }[];
  /** INCLUDE-style lookup of data set members in the folder (job streams, Zowe folders, file names). */
  resolver: EstateIncludeResolver;
}

export interface DraftedSystem {
  name: string;
  /** A comment for the system's line: where IEASYMxx defines it. */
  note: string;
  /** What to write as profile: a path relative to the manifest, or a data set member a job stream adds. */
  profile?: string;
  /** When the profile is not found: what to write after `# profile:`, and why. */
  profileTodo?: string;
  profileWhy?: string;
  cpc?: string;
  /** Symbols IEASYMxx gives the system (SYSNAME left out: it is the system's name). */
  symbols: Map<string, string>;
  /** The stack plexlint compiled from that profile without a manifest (its name), if any. */
  stack?: string;
}

export function zosInputs(compiled: CompileResult): ZosInputs {
  const library = new DataSetLibrary(createDriver(compiled.workspace));
  const procs: SourceFile[] = [];
  const symFiles: SourceFile[] = [];
  for (const [path, kind] of compiled.kinds) {
    const f = compiled.sources.get(path);
    if (!f) continue;
    if (kind === 'tcpip-proc') procs.push(f);
    else if (kind === 'ieasym') symFiles.push(f);
    else if (kind === 'iebupdte') library.addInput(f);
  }
  procs.push(...library.inputMembersOfKind('tcpip-proc'));
  symFiles.push(...library.inputMembersOfKind('ieasym'));
  return {
    procs,
    ieasym: symFiles.map((file) => ({ file, systems: parseIeasym(file).systems })),
    resolver: new EstateIncludeResolver(compiled.workspace, [], library),
  };
}

const label = (f: SourceFile): string => (f.member ? memberName(f.member) : f.path);

/** The systems IEASYMxx defines, each with the profile its TCP/IP procedure's PROFILE DD names. */
export function draftSystems(zos: ZosInputs, compiled: CompileResult): DraftedSystem[] {
  const folder = compiled.workspace.root;
  const out: DraftedSystem[] = [];
  const clones = new Map<string, DraftedSystem[]>();
  for (const { file, systems } of zos.ieasym) {
    for (const system of systems) {
      if (system.sysclone === undefined) continue;
      const already = clones.get(system.sysclone);
      if (already) {
        for (const d of already) d.note += `; SYSCLONE ${system.sysclone} is given again at ${label(file)}:${system.loc.line}, which plexlint left out`;
        continue;
      }
      const where = `${label(file)}:${system.loc.line}`;
      const symbols = new Map([...system.symbols].filter(([n]) => n !== 'SYSNAME'));
      const base = system.sysname ?? `CLONE_${system.sysclone}`;
      const filters = [system.hwname && `HWNAME ${system.hwname}`, system.lparname && `LPARNAME ${system.lparname}`, system.vmuserid && `VMUSERID ${system.vmuserid}`].filter(Boolean).join(', ');
      const note = `IEASYMxx SYSDEF ${filters} (${where})${system.sysname === undefined ? '; it gives no SYSNAME: name the system' : ''}`;
      const drafted: DraftedSystem[] = [];
      const procs = zos.procs.length ? zos.procs : [undefined];
      for (const proc of procs) {
        const d: DraftedSystem = { name: procs.length > 1 && proc ? `${base}_${proc.member?.name ?? fileStem(proc.path).toUpperCase()}` : base, note, symbols };
        if (system.hwname) d.cpc = system.hwname;
        if (proc) profileOf(d, proc, system, zos, compiled, folder);
        else {
          d.profileTodo = 'TODO';
          d.profileWhy = 'no TCP/IP started procedure (EXEC PGM=EZBTCPIP) in this folder to name its PROFILE DD';
        }
        drafted.push(d);
        out.push(d);
      }
      clones.set(system.sysclone, drafted);
    }
  }
  return out;
}

/** The profile a system's TCP/IP procedure names (PROFILE DD, the system's symbols replaced), found in the folder. */
function profileOf(d: DraftedSystem, proc: SourceFile, system: IeasymSystem, zos: ZosInputs, compiled: CompileResult, folder: string): void {
  const jcl = readJclFile(proc, { systemSymbols: system.symbols });
  const step = jcl.steps.find((s) => s.program === 'EZBTCPIP');
  const dd = step ? ddOf(step, 'PROFILE') : undefined;
  if (!dd?.dsn) {
    d.profileTodo = 'TODO';
    d.profileWhy = `${label(proc)} has no PROFILE DD with a DSN: the stack then searches jobname.nodename.TCPIP, TCPIP.nodename.TCPIP, jobname.PROFILE.TCPIP, TCPIP.PROFILE.TCPIP`;
    return;
  }
  if (dd.dsn.unresolved.length) {
    d.profileTodo = dd.dsn.value;
    d.profileWhy = `the PROFILE DD of ${label(proc)} uses ${dd.dsn.unresolved.map((n) => `&${n}`).join(', ')}, which IEASYMxx does not define for this system`;
    return;
  }
  const where = zos.resolver.locate(dd.dsn.value);
  if ('ruleId' in where) {
    d.profileTodo = dd.dsn.value;
    d.profileWhy = `named by the PROFILE DD of ${label(proc)}, not found in this folder`;
    return;
  }
  if (where.file?.member) {
    d.profile = dd.dsn.value;
    d.stack = compiled.estate.systems.find((s) => s.profileMember === memberName(where.file!.member!) && s.profile === where.file!.path)?.name;
    return;
  }
  d.profile = relative(folder, where.abs).split(sep).join('/');
  const shown = compiled.workspace.display(where.abs);
  d.stack = compiled.estate.systems.find((s) => s.profile === shown && !s.profileMember)?.name;
}
