/**
 * The WebSphere-tier part of the compiler driver: plug-in files and cluster.xml files, their front ends and the
 * web model builder.
 *
 * - With a manifest, `web.plugins` lists plug-in files, and each cell's `clusters` folders hold its cluster.xml
 *   files (any file named cluster.xml, or detected as one), which then belong to that cell.
 * - Plug-in files and cluster.xml files found by the folder scan are added; a scanned cluster.xml has no cell.
 * - A cell's `clusters` folder named `clusters` is the one of a WAS configuration repository (config/cells/<cell>/):
 *   the cell's virtualhosts.xml and its nodes' serverindex.xml beside it belong to that cell. Found by the folder
 *   scan, they belong to the cell their path names (cells/<cell>/…).
 */
import { basename, dirname, join, sep } from 'node:path';
import { append } from '../core/append.js';
import type { Finding } from '../core/diagnostic.js';
import { timed } from '../core/timing.js';
import { detectKind } from '../frontends/detect.js';
import type { Manifest } from '../frontends/manifest/index.js';
import { parsePlugin, type PluginAst } from '../frontends/plugin/index.js';
import { parseClusterXml } from '../frontends/was/index.js';
import { parseServerIndex, parseVirtualHosts } from '../frontends/was/cell-files.js';
import type { ServerIndexInput, VirtualHostsInput } from '../model/builders/web-cell.js';
import { buildWeb, type ClusterXmlInput } from '../model/builders/web.js';
import type { WebTier } from '../model/web.js';
import type { SourceFile } from '../sources/source-file.js';
import type { Driver } from './driver.js';

export interface ClusterXmlFile {
  file: SourceFile;
  cell?: string;
}

export interface ManifestWebFiles {
  plugins: SourceFile[];
  clusterXmls: ClusterXmlFile[];
  /** serverindex.xml and virtualhosts.xml of the cells' configuration folders. */
  cellFiles: { file: SourceFile; kind: 'serverindex-xml' | 'virtualhosts-xml'; cell: string }[];
}

/** Read the web-tier files the manifest names and give them their kind. */
export function registerWebFiles(manifest: Manifest | undefined, driver: Driver): ManifestWebFiles {
  const { ws, kinds } = driver;
  const plugins: SourceFile[] = [];
  const clusterXmls: ClusterXmlFile[] = [];
  const cellFiles: ManifestWebFiles['cellFiles'] = [];
  for (const p of manifest?.web.plugins ?? []) {
    const f = driver.named(p.abs);
    if (f && !kinds.has(f.path)) {
      kinds.set(f.path, 'plugin-cfg');
      plugins.push(f);
    }
  }
  let estateFiles: string[] | undefined;
  for (const cell of manifest?.web.cells ?? []) {
    for (const folder of cell.clusters) {
      if (!ws.contains(folder.abs)) {
        driver.readError({ path: ws.display(folder.abs), message: 'is outside the estate being checked; plexlint does not read it', explicit: true });
        continue;
      }
      estateFiles ??= ws.allFiles();
      for (const abs of estateFiles.filter((x) => x.startsWith(folder.abs + sep) || x === folder.abs)) {
        const f = driver.read(abs);
        if (!f || kinds.has(f.path)) continue;
        if (basename(abs).toLowerCase() !== 'cluster.xml' && detectKind(f) !== 'cluster-xml') continue;
        kinds.set(f.path, 'cluster-xml');
        clusterXmls.push({ file: f, cell: cell.name });
      }
      // A `clusters` folder laid out as WAS keeps it (config/cells/<cell>/clusters) has the cell's other documents
      // beside it: virtualhosts.xml, and nodes/<node>/serverindex.xml.
      if (basename(folder.abs) !== 'clusters') continue;
      const cellFolder = dirname(folder.abs);
      for (const abs of estateFiles.filter((x) => x === join(cellFolder, 'virtualhosts.xml') || (x.startsWith(join(cellFolder, 'nodes') + sep) && basename(x) === 'serverindex.xml'))) {
        const f = driver.read(abs);
        if (!f || kinds.has(f.path)) continue;
        const kind = detectKind(f);
        if (kind !== 'serverindex-xml' && kind !== 'virtualhosts-xml') continue;
        kinds.set(f.path, kind);
        cellFiles.push({ file: f, kind, cell: cell.name });
      }
    }
  }
  return { plugins, clusterXmls, cellFiles };
}

export interface CompiledWeb {
  web: WebTier;
  findings: Finding[];
}

export function compileWeb(args: {
  manifest: Manifest | undefined;
  manifestFiles: ManifestWebFiles;
  /** Files found by the folder scan. */
  plugins: SourceFile[];
  clusterXmls: SourceFile[];
  /** serverindex.xml and virtualhosts.xml found by the folder scan. */
  serverIndexes: SourceFile[];
  virtualHosts: SourceFile[];
  driver: Driver;
}): CompiledWeb {
  const { driver } = args;
  const findings: Finding[] = [];
  const pluginAsts: PluginAst[] = [];
  for (const f of [...args.manifestFiles.plugins, ...args.plugins]) {
    if (!driver.fits(f, 'xml')) continue;
    const parsed = timed('xml', () => parsePlugin(f));
    append(findings, parsed.findings);
    pluginAsts.push(parsed.ast);
  }
  const clusterInputs: ClusterXmlInput[] = [];
  const scanned: ClusterXmlFile[] = args.clusterXmls.map((file) => ({ file }));
  for (const { file, cell } of [...args.manifestFiles.clusterXmls, ...scanned]) {
    if (!driver.fits(file, 'xml')) continue;
    const parsed = timed('xml', () => parseClusterXml(file));
    append(findings, parsed.findings);
    clusterInputs.push(cell === undefined ? { ast: parsed.ast } : { ast: parsed.ast, cell });
  }
  const serverIndexes: ServerIndexInput[] = [];
  const virtualHosts: VirtualHostsInput[] = [];
  const cellFiles = [
    ...args.manifestFiles.cellFiles,
    ...args.serverIndexes.map((file) => ({ file, kind: 'serverindex-xml' as const })),
    ...args.virtualHosts.map((file) => ({ file, kind: 'virtualhosts-xml' as const })),
  ];
  for (const x of cellFiles) {
    if (!driver.fits(x.file, 'xml')) continue;
    const cell = 'cell' in x ? { cell: x.cell } : {};
    if (x.kind === 'serverindex-xml') {
      const parsed = timed('xml', () => parseServerIndex(x.file));
      append(findings, parsed.findings);
      serverIndexes.push({ ast: parsed.ast, ...cell });
    } else {
      const parsed = timed('xml', () => parseVirtualHosts(x.file));
      append(findings, parsed.findings);
      virtualHosts.push({ ast: parsed.ast, ...cell });
    }
  }
  const built = timed('model', () => buildWeb({ plugins: pluginAsts, clusterXmls: clusterInputs, cells: args.manifest?.web.cells ?? [], serverIndexes, virtualHosts }));
  append(findings, built.findings);
  return { web: built.web, findings };
}
