/**
 * `plexlint simulate -f markdown`: a report for a pull request or a wiki page.
 * One section per scenario with a table of its steps (what happened, what was
 * observed, each expectation), and under it a picture of every step with
 * expectations — the step's flow with the shares it observed and each
 * expectation on the node it is about (docs/scenarios.md).
 */
import type { Graph } from '../../graph/types.js';
import type { ScenarioResult } from '../../sim/index.js';
import { mermaidBlock } from '../graph/markdown.js';
import { expectationText, observedParts, scenarioTally } from './words.js';
import { markdownText } from '../escape/markdown.js';

/** `pictures` holds the picture of a step by `<scenario file>#<step index>`. */
export function simulateMarkdown(results: ScenarioResult[], pictures: ReadonlyMap<string, Graph>): string {
  const passed = results.filter((r) => r.pass).length;
  const all = results.flatMap((r) => r.steps.flatMap((s) => s.expectations));
  const out = [
    `## plexlint simulate: ${passed} of ${results.length} scenario${results.length === 1 ? '' : 's'} pass, ${all.filter((e) => e.pass).length} of ${all.length} expectation${all.length === 1 ? '' : 's'} hold`,
    '',
  ];
  for (const r of results) {
    // Text from the files as Markdown text (../escape.ts): shown as written, never as a link, HTML or a new line.
    out.push(`### ${r.pass ? '✔ PASS' : '✘ FAIL'} ${markdownText(r.file)}`, '', `seed ${r.seed} · ${scenarioTally(r)}`, '');
    out.push('| step | line | kind | what happened | observed | expectations |', '| ---: | ---: | --- | --- | --- | --- |');
    for (const s of r.steps) {
      const observed = observedParts(s.observed)
        .map((p) => markdownText(p.text))
        .join(' · ');
      const expectations = s.expectations.map((e) => `${e.pass ? '✔' : '✘'} ${markdownText(expectationText(e))}`).join('<br>');
      out.push(`| ${s.index} | ${s.line} | ${s.kind} | ${markdownText(s.error ? `✘ ${s.error}` : s.summary)} | ${observed} | ${expectations} |`);
    }
    out.push('');
    for (const s of r.steps) {
      const picture = pictures.get(`${r.file}#${s.index}`);
      if (!picture) continue;
      out.push(`#### Step ${s.index} (line ${s.line}): ${markdownText(s.summary)}`, '', mermaidBlock(picture, `picture of step ${s.index}`));
    }
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}
