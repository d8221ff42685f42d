import { stringifyJson } from '../report/escape.js';
import { Command, Option } from 'commander';
import { runDiff, type DiffResult } from '../diff/index.js';
import { SideError } from '../diff/sides.js';
import { diffMarkdown } from '../report/diff/markdown.js';
import { diffText } from '../report/diff/text.js';
import { parseRuleOptions } from './check.js';
import { emit, useColor, UsageError, version } from './io.js';
import { github } from '../report/github.js';
import { ScenarioFileError } from '../diff/scenarios.js';

const FAIL_ON = ['new-findings', 'changes', 'behaviour', 'any'] as const;

export function diffExit(r: DiffResult, failOn: string[]): number {
  const has = {
    'new-findings': r.findings.new.length > 0,
    changes: r.changes.length > 0,
    behaviour: r.behaviour.length > 0,
    any: r.changes.length > 0 || r.behaviour.length > 0 || r.findings.new.length > 0 || r.findings.fixed.length > 0,
  };
  const modes = failOn.length ? failOn : ['any'];
  return modes.some((m) => has[m as keyof typeof has]) ? 1 : 0;
}

export function diffCommand(): Command {
  return new Command('diff')
    .description('semantic diff of two estates (folders, files or git:<ref>): changes in meaning, in routing, and in findings')
    .argument('<old>', 'the old estate: a folder, a file, or git:<ref> (the new side\'s paths at that revision)')
    .argument('<new>', 'the new estate')
    .addOption(new Option('-f, --format <format>', 'output format (github: annotations for the new findings only)').choices(['text', 'json', 'markdown', 'github']).default('text'))
    .option('-o, --output <file>', 'write the report to a file (atomically)')
    .option('--fail-on <what...>', `exit 1 only for: ${FAIL_ON.join(', ')} (default any difference)`)
    .option('--threshold <points>', 'report routing changes above this many percentage points', '1')
    .option('--rule <id=level...>', 'set a rule to off|info|warn|error on both sides')
    .option('--scenario <files...>', 'also run these scenario files on both sides and report the steps whose outcome moved')
    .option('--no-color', 'never colour the output')
    .action((before: string, after: string, opts: { format: string; output?: string; failOn?: string[]; threshold: string; rule?: string[]; scenario?: string[]; color?: boolean }) => {
      for (const f of opts.failOn ?? []) if (!(FAIL_ON as readonly string[]).includes(f)) throw new UsageError(`--fail-on ${f}: expected ${FAIL_ON.join(', ')}`);
      const threshold = Number(opts.threshold);
      if (!Number.isFinite(threshold) || threshold < 0) throw new UsageError(`--threshold ${opts.threshold}: expected a number of percentage points`);
      let result: DiffResult;
      try {
        result = runDiff(before, after, process.cwd(), { threshold: threshold / 100, rules: parseRuleOptions(opts.rule), ...(opts.scenario ? { scenarios: opts.scenario } : {}) });
      } catch (e) {
        if (e instanceof SideError || e instanceof ScenarioFileError) throw new UsageError(e.message);
        throw e;
      }
      const text =
        opts.format === 'github'
          ? github({ diagnostics: result.findings.new, files: [], cwd: result.afterRoot, color: false, toolVersion: version })
          : opts.format === 'json'
          ? stringifyJson({ before: result.before, after: result.after, changes: result.changes, behaviour: result.behaviour, findings: result.findings })
          : opts.format === 'markdown'
            ? diffMarkdown(result)
            : diffText(result, useColor(opts.color, Boolean(opts.output)));
      emit(text, opts.output);
      process.exitCode = diffExit(result, opts.failOn ?? []);
    });
}
