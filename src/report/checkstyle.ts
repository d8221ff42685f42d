/**
 * Checkstyle XML, the format Jenkins' Warnings Next Generation plug-in
 * (`recordIssues(tools: [checkStyle(…)])`) and many other CI tools read; the
 * same shape ShellCheck, hadolint and TFLint write:
 *
 *   <checkstyle version="4.3"><file name="…"><error line column severity message source="plexlint.<rule>"/></file></checkstyle>
 *
 * Every checked file is listed, clean ones without <error>, so a tool can tell
 * "checked and clean" from "not checked". Severities are error, warning, info.
 */
import { visible } from './escape/line.js';
import { byFile } from './files.js';
import type { Formatter } from './types.js';
import { attr, XML_DECLARATION } from './escape/xml.js';

export const checkstyle: Formatter = ({ diagnostics, files }) => {
  const out = [XML_DECLARATION, '<checkstyle version="4.3">'];
  for (const [file, list] of byFile(files, diagnostics)) {
    if (list.length === 0) {
      out.push(`  <file name="${attr(visible(file))}"/>`);
      continue;
    }
    out.push(`  <file name="${attr(visible(file))}">`);
    for (const d of list) {
      out.push(
        `    <error line="${d.line}" column="${d.column}" severity="${d.severity}" message="${attr(visible(d.message))}" source="plexlint.${attr(d.ruleId)}"/>`,
      );
    }
    out.push('  </file>');
  }
  out.push('</checkstyle>', '');
  return out.join('\n');
};
