/**
 * `plexlint init`: a first plexlint.yaml drafted from the files of a folder, the way plexlint reads them without
 * a manifest. It writes down what the folder shows — each stack and its profile, the INCLUDE data sets and the
 * folders that hold their members, the Load Balancer machines with their go scripts and HA partners, the plug-in
 * files and the cells found in cluster.xml paths — and, as commented TODO lines, what only the administrator
 * knows: the z/OS release of the systems, the CPC of each system and the values of the static system symbols its
 * profiles use. Where the folder holds the TCP/IP started procedure and IEASYMxx, the systems come from them
 * (./init-zos.ts): their names, CPCs (HWNAME), symbols, and the profile each one's PROFILE DD names.
 */
import { dirname, relative, sep } from 'node:path';
import { yaml } from '../core/libs.js';
import { NEWEST_RELEASE, ZOS_RELEASES } from '../core/release.js';
import type { Estate } from '../model/estate.js';
import { parseDatasetName, scanIncludes, type EstateIncludeResolver } from '../sources/includes.js';
import { compile, type CompileResult } from './compile.js';
import { draftSystems, zosInputs } from './init-zos.js';

export interface DraftManifest {
  /** The text of plexlint.yaml. */
  text: string;
  systems: number;
  datasets: number;
  loadBalancers: number;
  plugins: number;
  /** cluster.xml files found. */
  clusters: number;
  /** Commented TODO lines the administrator should fill in. */
  todos: number;
}

/** A YAML scalar for a key or value, quoted only when it has to be. */
function scalar(value: string): string {
  return yaml().stringify(value, { lineWidth: 0 }).trimEnd();
}

/** A path as the manifest writes it: relative to its folder, '/' separators. */
function manifestPath(folder: string, abs: string): string {
  return relative(folder, abs).split(sep).join('/') || '.';
}

interface DatasetGuess {
  /** Folder (a PDS) or file (a sequential data set), absolute. */
  abs?: string;
  /** Why the data set could not be mapped. */
  todo?: string;
  usedBy: Set<string>;
  /** Its members come from an IEBUPDTE job stream of the folder. */
  viaJobStream?: boolean;
}

/** INCLUDE data sets of the estate's profiles, mapped by where plexlint found their members. */
function datasetsOf(compiled: CompileResult, resolver: EstateIncludeResolver): Map<string, DatasetGuess> {
  const out = new Map<string, DatasetGuess>();
  for (const system of compiled.estate.systems) {
    for (const file of system.files) {
      const source = compiled.sources.get(file);
      if (!source) continue;
      for (const name of scanIncludes(source.text)) {
        const { dsn, member } = parseDatasetName(name);
        if (dsn.includes('&')) continue; // a data set named through a symbol: mapped once its value is known
        const guess = out.get(dsn) ?? { usedBy: new Set<string>() };
        guess.usedBy.add(file);
        out.set(dsn, guess);
        const where = resolver.locate(name);
        // A member an IEBUPDTE job stream adds needs no mapping: plexlint finds it in the job stream.
        if ('abs' in where && where.file?.member) {
          guess.viaJobStream = true;
          continue;
        }
        if (!('abs' in where)) {
          guess.todo ??= member ? `no file named ${member} found for INCLUDE ${name}` : `no file found for INCLUDE ${name}`;
          continue;
        }
        const abs = member ? dirname(where.abs) : where.abs;
        if (guess.abs && guess.abs !== abs) guess.todo = `members found in ${guess.abs} and ${abs}; keep the right one`;
        guess.abs ??= abs;
      }
    }
  }
  return out;
}

/** The static system symbols each system's profiles use without a value, with where each is first used. */
function symbolsOf(compiled: CompileResult): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const f of compiled.findings) {
    if (f.ruleId !== 'unresolved-symbol') continue;
    const source = compiled.sources.get(f.loc.file);
    if (!source) continue;
    const start = source.lines.offset(f.loc.line, f.loc.column);
    const m = /^&([A-Za-z@#$][A-Za-z0-9@#$]{0,7})/.exec(source.text.slice(start, start + 10));
    if (!m) continue;
    for (const system of compiled.estate.systems) {
      if (!system.files.includes(f.loc.file)) continue;
      const symbols = out.get(system.name) ?? new Map<string, string>();
      const name = m[1]!.toUpperCase();
      if (!symbols.has(name)) symbols.set(name, `${f.loc.file}:${f.loc.line}`);
      out.set(system.name, symbols);
    }
  }
  return out;
}

/**
 * The folder to name for a cluster.xml: in WAS's layout (config/cells/<cell>/clusters/<cluster>/cluster.xml) the
 * `clusters` folder, which holds every cluster of the cell (the manifest's folders are searched below); else the
 * file's own folder.
 */
function clustersFolder(file: string): string {
  const parts = dirname(file).split(sep);
  const at = parts.lastIndexOf('clusters');
  return at > 0 ? parts.slice(0, at + 1).join(sep) : dirname(file);
}

/** A line with a comment after it; the comments line up in one column. */
function noted(line: string, note: string): string {
  return note ? `${line.padEnd(47)} # ${note}` : line;
}

/** The folder holding every one of the files, or undefined when they are not all in one. */
function commonFolder(files: string[]): string | undefined {
  const folders = new Set(files.map((f) => dirname(f)));
  return folders.size === 1 ? [...folders][0] : undefined;
}

/**
 * Draft plexlint.yaml for the estate in `folder` (absolute), from its files alone (an existing manifest is not read).
 * `schema`: plexlint.schema.json of the plexlint installed in the project, for the YAML language server's modeline.
 */
export function draftManifest(folder: string, schema?: string): DraftManifest {
  const compiled = compile([folder], { cwd: folder, alone: true });
  const estate: Estate = compiled.estate;
  const abs = (display: string): string => compiled.sources.get(display)?.absPath || display;
  const rel = (display: string): string => manifestPath(folder, abs(display));
  const lines: string[] = [
    '# plexlint.yaml, drafted by `plexlint init` from the files in this folder. Check what it says and fill in',
    '# the TODO lines (remove the leading # once a value is right). The keys are described in plexlint.schema.json',
    '# of the plexlint package; `plexlint check` reports any key or value it does not accept.',
  ];
  // Editors with the YAML language server validate and complete the keys from the schema.
  if (schema) lines.push(`# yaml-language-server: $schema=${manifestPath(folder, schema)}`);
  let todos = 0;
  /** A commented line for the administrator to complete, with what it is for. */
  const todo = (indent: string, text: string, note = ''): void => {
    lines.push(noted(`${indent}# ${text}`, note));
    todos++;
  };

  // Without it plexlint assumes the newest release, so a statement an older system does not have passes unnoticed.
  lines.push('');
  todo('', 'release: TODO', `the z/OS release of the systems (${ZOS_RELEASES.join(', ')}); a system may have its own; without it plexlint assumes ${NEWEST_RELEASE}`);
  lines.push('', 'systems:');
  const symbols = symbolsOf(compiled);
  const zos = zosInputs(compiled);
  const drafted = draftSystems(zos, compiled);
  const claimed = new Set(drafted.flatMap((d) => (d.stack ? [d.stack] : [])));
  const others = estate.systems.filter((s) => !claimed.has(s.name));
  if (drafted.length === 0 && others.length === 0) lines.push('  # no TCP/IP profile found');
  for (const d of drafted) {
    lines.push(noted(`  ${scalar(d.name)}:`, d.note));
    if (d.profile) lines.push(`    profile: ${scalar(d.profile)}`);
    else todo('    ', `profile: ${d.profileTodo ?? 'TODO'}`, d.profileWhy ?? '');
    if (d.cpc) lines.push(noted(`    cpc: ${scalar(d.cpc)}`, 'HWNAME of its SYSDEF in IEASYMxx'));
    else todo('    ', 'cpc: TODO', 'the CPC this system runs on (CPCSCOPE, backup and tier-2 rules compare it)');
    const needed = d.stack ? symbols.get(d.stack) : undefined;
    const missing = [...(needed ?? new Map<string, string>())].filter(([name]) => !d.symbols.has(name) && name !== 'SYSNAME');
    if (d.symbols.size || missing.length) {
      lines.push('    symbols:');
      for (const [name, value] of d.symbols) lines.push(`      ${scalar(name)}: ${scalar(value)}`);
      for (const [name, where] of missing) todo('      ', `${name}: TODO`, `&${name}. has no value (${where})`);
    }
  }
  for (const system of others) {
    if (system.profileMember) lines.push(`  ${scalar(system.name)}:`, noted(`    profile: ${scalar(system.profileMember)}`, `added by the IEBUPDTE job stream ${rel(system.profile)}`));
    else lines.push(`  ${scalar(system.name)}:`, `    profile: ${scalar(rel(system.profile))}`);
    todo('    ', 'cpc: TODO', 'the CPC this system runs on (CPCSCOPE, backup and tier-2 rules compare it)');
    const needed = symbols.get(system.name);
    if (needed?.size) {
      lines.push('    symbols:');
      for (const [name, where] of needed) todo('      ', `${name}: TODO`, `&${name}. has no value (${where})`);
    }
  }

  const datasets = datasetsOf(compiled, zos.resolver);
  lines.push('', noted('datasets:', 'INCLUDE data set: the folder of its members (a PDS) or its file'));
  if (datasets.size === 0) lines.push('  # no INCLUDE found');
  for (const [dsn, guess] of [...datasets].sort(([a], [b]) => a.localeCompare(b))) {
    if (guess.viaJobStream && !guess.abs && !guess.todo) {
      lines.push(`  # ${scalar(dsn)}: its members come from an IEBUPDTE job stream of this folder; no mapping needed`);
      continue;
    }
    if (guess.abs && !guess.todo) lines.push(`  ${scalar(dsn)}: ${scalar(manifestPath(folder, guess.abs))}`);
    else todo('  ', `${scalar(dsn)}: ${guess.abs ? scalar(manifestPath(folder, guess.abs)) : 'TODO'}`, guess.todo ?? '');
  }

  lines.push('', 'loadBalancers:');
  if (estate.loadBalancers.length === 0) lines.push('  # no dscontrol configuration found');
  for (const lb of estate.loadBalancers) {
    lines.push(`  ${scalar(lb.name)}:`, `    config: ${scalar(rel(lb.config))}`);
    const scripts = commonFolder(lb.scripts.map((s) => abs(s.file)));
    if (scripts) lines.push(`    scripts: ${scalar(`${manifestPath(folder, scripts)}/`)}`);
    else if (lb.scripts.length) todo('    ', 'scripts: TODO', `go scripts found in several folders: ${lb.scripts.map((s) => rel(s.file)).join(', ')}`);
    if (lb.ha?.partner) lines.push(`    partner: ${scalar(lb.ha.partner.name)}`);
    else if (lb.ha?.backup) todo('    ', 'partner: TODO', 'high availability is configured; name the partner machine');
  }

  const plugins = [...compiled.kinds].filter(([, kind]) => kind === 'plugin-cfg').map(([file]) => rel(file)).sort();
  lines.push('', 'web:', '  plugins:');
  if (plugins.length === 0) lines.push('    # no plugin-cfg.xml found');
  for (const p of plugins) lines.push(`    - ${scalar(p)}`);
  const cells = estate.web.cells;
  const clusterFolders = (cell: string | undefined): string[] =>
    [...new Set(estate.web.clusters.filter((c) => c.cell === cell).map((c) => manifestPath(folder, clustersFolder(abs(c.file)))))].sort();
  lines.push('  cells:');
  for (const cell of cells) {
    lines.push(`    ${scalar(cell.name)}:`);
    const folders = clusterFolders(cell.name);
    if (folders.length) lines.push(`      clusters: [${folders.map(scalar).join(', ')}]`);
    todo('      ', 'odrs: TODO', "the cell's on-demand routers: [{ name, host, port }]");
  }
  const homeless = clusterFolders(undefined);
  if (homeless.length) {
    todo('    ', 'TODO:', `the name of the cell of the cluster.xml files in ${homeless.join(', ')}`);
    lines.push(`    #   clusters: [${homeless.map(scalar).join(', ')}]`);
  }
  if (cells.length === 0 && homeless.length === 0) lines.push('    # no cluster.xml found');

  lines.push('', noted('rules:', 'severities: off, info, warn, error (plexlint rules lists the rule ids)'), '  # vipabackup-short-form: off', '');
  return { text: lines.join('\n'), systems: drafted.length + others.length, datasets: datasets.size, loadBalancers: estate.loadBalancers.length, plugins: plugins.length, clusters: estate.web.clusters.length, todos };
}
