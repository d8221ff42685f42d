/**
 * Names across the whole profile, INCLUDEs expanded in place: a DEVICE, LINK or
 * INTERFACE whose name is already defined is rejected by the stack, and so is an
 * INTERFACE named like a LINK (links and interfaces share one name space). DELETE
 * DEVICE, DELETE LINK and INTERFACE … DELETE free a name again (OBEYFILE data sets).
 * IP Configuration Reference, DEVICE and LINK statements and INTERFACE statements:
 * the names must be unique.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import type { ProfileAst, Statement, Word } from '../../../grammar/profile/ast.js';

interface Defined {
  statement: 'DEVICE' | 'LINK' | 'INTERFACE';
  loc: Loc;
}

function* inOrder(ast: ProfileAst): Generator<Statement> {
  for (const s of ast.statements) {
    yield s;
    if (s.kind === 'include' && s.included && !s.ignored) yield* inOrder(s.included);
  }
}

export function checkDefinitions(ast: ProfileAst, findings: Finding[]): void {
  const devices = new Map<string, Defined>();
  const interfaces = new Map<string, Defined>();
  const define = (names: Map<string, Defined>, s: Statement, statement: Defined['statement'], name: Word): void => {
    if (name.symbolic) return;
    const first = names.get(name.text);
    if (!first) {
      names.set(name.text, { statement, loc: name.loc });
      return;
    }
    const same = first.statement === statement;
    findings.push({
      ruleId: 'duplicate-name',
      loc: name.loc,
      message:
        `${statement} ${name.raw}: ${same ? `a ${statement} of this name` : `the ${first.statement} ${name.text}`} is already defined ` +
        `(${first.loc.file === name.loc.file ? `line ${first.loc.line}` : `${first.loc.file} line ${first.loc.line}`}), so plexlint assumes the stack rejects this ${statement} ` +
        '(IBM requires the names to be unique but does not document the message). ' +
        (same
          ? `Give it another name, or delete the first one before it (${statement === 'INTERFACE' ? `INTERFACE ${name.text} DELETE` : `DELETE ${statement} ${name.text}`}).`
          : 'Links and interfaces share one name space: give one of them another name.'),
      related: [{ file: first.loc.file, line: first.loc.line, column: first.loc.column, endLine: first.loc.endLine, endColumn: first.loc.endColumn, message: `${first.statement} ${name.text} is defined here` }],
    });
    s.ignored = { reason: `duplicate ${statement} name`, cause: name.loc };
  };
  for (const s of inOrder(ast)) {
    if (s.ignored) continue;
    switch (s.kind) {
      case 'device':
        define(devices, s, 'DEVICE', s.name);
        break;
      case 'link':
        define(interfaces, s, 'LINK', s.name);
        break;
      case 'interface':
        if (s.action === 'define') define(interfaces, s, 'INTERFACE', s.name);
        else if (s.action === 'delete') interfaces.delete(s.name.text);
        break;
      case 'generic':
        // DELETE DEVICE name / DELETE LINK name.
        if (s.name === 'DELETE' && s.operands.length >= 2) {
          const what = s.operands[0]!.text;
          const name = s.operands[1]!.text;
          if ('DEVICE'.startsWith(what) && what.length >= 3) devices.delete(name);
          else if (what === 'LINK') interfaces.delete(name);
        }
        break;
      default:
        break;
    }
  }
}
