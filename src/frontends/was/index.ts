/**
 * The cluster.xml front end: SourceFile → ClusterXmlAst (+ findings), with the
 * same XML technique as plugin-cfg.xml (../xml). Only what plexlint models is
 * read — the cluster's name, preferLocal and its members — so the many other
 * attributes a WAS repository document carries are not findings.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import { attribute, readXml, type XmlElement } from '../xml/index.js';
import type { ClusterMemberAst, ClusterXmlAst } from './ast.js';

export type { ClusterXmlAst, ClusterMemberAst } from './ast.js';

export interface ParsedClusterXml {
  ast: ClusterXmlAst;
  findings: Finding[];
}

const WAS = 'WAS';

/** The ServerCluster element: the root, or a child of an xmi:XMI wrapper. */
function findCluster(roots: XmlElement[]): XmlElement | undefined {
  for (const r of roots) {
    if (r.localName === 'ServerCluster') return r;
    for (const c of r.children) if (c.localName === 'ServerCluster') return c;
  }
  return undefined;
}

export function parseClusterXml(file: SourceFile): ParsedClusterXml {
  const { doc, findings } = readXml(file, { consumer: WAS });
  const start = file.lines.loc(file.path, 0, 0);
  const ast: ClusterXmlAst = { file: file.path, loc: start, found: false, members: [], wellFormed: doc.wellFormed };
  const el = findCluster(doc.roots);
  if (!el) {
    if (doc.roots.length > 0) {
      findings.push({
        ruleId: 'cluster-invalid-value',
        loc: doc.roots[0]!.loc,
        message: `this cluster.xml has no topology.cluster:ServerCluster element (the root is <${doc.roots[0]!.name}>), so plexlint finds no cluster in it. Check that it is the cluster document.`,
      });
    }
    return { ast, findings };
  }
  ast.found = true;
  ast.loc = el.loc;
  const name = attribute(el, 'name');
  if (name) ast.name = { value: name.value, loc: name.valueLoc };
  const pl = attribute(el, 'preferLocal');
  if (pl) {
    const v = pl.value.trim().toLowerCase();
    if (v === 'true' || v === 'false') ast.preferLocal = { value: v === 'true', loc: pl.valueLoc };
    else {
      findings.push({
        ruleId: 'cluster-invalid-value',
        loc: pl.valueLoc,
        message: `preferLocal="${pl.value}" is not true or false: the attribute is a boolean, and what WAS makes of another value is not documented (plexlint assumes the default, true). Write true or false.`,
      });
    }
  }
  for (const m of el.children) {
    if (m.localName !== 'members') continue;
    const member: ClusterMemberAst = { loc: m.loc };
    const get = (n: string) => attribute(m, n);
    const mn = get('memberName');
    const nn = get('nodeName');
    const w = get('weight');
    const u = get('uniqueId');
    if (mn) member.memberName = { value: mn.value, loc: mn.valueLoc };
    if (nn) member.nodeName = { value: nn.value, loc: nn.valueLoc };
    if (u) member.uniqueId = { value: u.value, loc: u.valueLoc };
    if (w) {
      const ok = /^\s*[+-]?\d{1,9}\s*$/.test(w.value);
      member.weight = ok ? { raw: w.value, value: Number(w.value.trim()), loc: w.valueLoc } : { raw: w.value, loc: w.valueLoc };
      if (!ok) {
        findings.push({
          ruleId: 'cluster-invalid-value',
          loc: w.valueLoc,
          message: `members weight="${w.value}" is not a whole number: the weight is an integer, and what WAS makes of another value is not documented. Give a weight from 0 to 20.`,
        });
      }
    }
    if (!mn || !nn) {
      const missing = [!mn ? 'memberName' : '', !nn ? 'nodeName' : ''].filter(Boolean).join(' and ');
      findings.push({
        ruleId: 'cluster-invalid-value',
        loc: m.loc,
        message: `a cluster member without ${missing}: plexlint assumes WAS cannot tell which server on which node it is (IBM does not document this). Add ${missing}.`,
      });
    }
    ast.members.push(member);
  }
  return { ast, findings };
}
