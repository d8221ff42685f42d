/**
 * JUnit XML for Jenkins (the JUnit plug-in) and GitLab (`artifacts:reports:junit`,
 * the merge request's test summary): one <testsuite> "plexlint", one <testcase>
 * per checked file. A clean file is a passing test case. A file with findings
 * is a failed test case whose single <failure> lists every finding, one
 * `file:line:column: severity: message [rule]` line each.
 *
 * Why one <failure> holding all findings rather than one <failure> element per
 * finding: the JUnit schema allows one failure per test case, and the readers
 * follow it — Jenkins shows only the first (karma-junit-reporter #9), Allure
 * shows such a case as passed (allure3 #147), junitparser rejects the file
 * (Catch2 #1919). Nor one test case per finding with the rule as its name:
 * GitLab keeps only the first of test cases with the same name
 * (markdownlint-cli2 #512, gitlab #237920).
 */
import { visible } from './escape/line.js';
import { byFile } from './files.js';
import { gccLine } from './gcc.js';
import { summaryCounts } from './stylish.js';
import type { Formatter } from './types.js';
import { attr, text, XML_DECLARATION } from './escape/xml.js';
import { plural } from '../core/list-text.js';

export const junit: Formatter = ({ diagnostics, files }) => {
  const groups = byFile(files, diagnostics);
  const tests = groups.size;
  const failures = [...groups.values()].filter((l) => l.length > 0).length;
  const out = [
    XML_DECLARATION,
    `<testsuites name="plexlint" tests="${tests}" failures="${failures}" errors="0" time="0">`,
    `  <testsuite name="plexlint" tests="${tests}" failures="${failures}" errors="0" skipped="0" time="0">`,
  ];
  for (const [file, list] of groups) {
    const open = `    <testcase classname="plexlint" name="${attr(visible(file))}" file="${attr(visible(file))}" time="0"`;
    if (list.length === 0) {
      out.push(`${open}/>`);
      continue;
    }
    const { errors, warnings, infos } = summaryCounts(list);
    const type = errors ? 'error' : warnings ? 'warning' : 'info';
    const message = `${plural(list.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${infos} info)`;
    out.push(`${open}>`, `      <failure type="${type}" message="${attr(message)}">${text(list.map(gccLine).join('\n'))}</failure>`, '    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
};
