import { Command, Option } from 'commander';
import { runDiff, type DiffResult } from '../diff/index.js';
import { SideError } from '../diff/sides.js';
import { diffMarkdown } from '../report/diff/markdown.js';
import { diffJson } from '../report/diff/json.js';
import { diffText } from '../report/diff/text.js';
import { resolve } from 'node:path';
import { supportedEncodings } from '../sources/decode.js';
import { ruleOption } from './check.js';
import { examples } from './help.js';
import { encodingOption, outputOptions, parseRuleOptions, repeatable } from './options.js';
import { emit, useColor, UsageError, version } from './io.js';
import { github } from '../report/github.js';
import { ScenarioFileError } from '../diff/scenarios.js';
import { finishedLine } from '../report/diff/summary.js';
import { terminalProgress } from './progress.js';

const FAIL_ON = ['new-findings', 'changes', 'behaviour', 'any'] as const;

export function diffExit(r: DiffResult, failOn: string[]): number {
  const has = new Map([
    ['new-findings', r.findings.new.length > 0],
    ['changes', r.changes.length > 0],
    ['behaviour', r.behaviour.length > 0],
    ['any', r.changes.length > 0 || r.behaviour.length > 0 || r.findings.new.length > 0 || r.findings.fixed.length > 0],
  ]);
  const modes = failOn.length ? failOn : ['any'];
  return modes.some((m) => has.get(m) === true) ? 1 : 0;
}

export function diffCommand(): Command {
  const cmd = new Command('diff')
    .description('semantic diff of two estates (folders, files or git:<ref>): changes in meaning, in routing, and in findings; a side with several estates is diffed estate by estate, paired by folder')
    .argument('<old>', 'the old estate: a folder, a file, or git:<ref> (the new side\'s paths at that revision)')
    .argument('<new>', 'the new estate')
    .addOption(new Option('-f, --format <format>', 'output format (github: annotations for the new findings only)').choices(['text', 'json', 'markdown', 'github']).default('text'))
    .addOption(repeatable('--fail-on <what>', `exit 1 only for: ${FAIL_ON.join(', ')} (default any difference)`))
    .option('--threshold <points>', 'report routing changes above this many percentage points', '1')
    .addOption(repeatable('--scenario <file>', 'also run this scenario file on both sides and report the steps whose outcome moved'))
    .option('-c, --config <file>', 'the estate manifest of both sides (default: the nearest plexlint.yaml at or above each side)')
    .option('--encoding <name>', `decode input files as ${supportedEncodings.join(', ')} instead of detecting`)
    .option('--every-flow', 'simulate every flow of the routing delta, not only those whose inputs changed (slow on a large estate)')
    .option('--progress', 'show progress and the closing summary on stderr even when it is not a terminal (--no-progress: never)')
    .option('--no-progress', 'never show progress or the closing summary');
  ruleOption(cmd, 'set a rule to off|info|warn|error on both sides');
  outputOptions(cmd);
  cmd.addHelpText('after', examples('diff'));
  return cmd.action((before: string, after: string, opts: { format: string; output?: string; failOn?: string[]; threshold: string; rule?: string[]; scenario?: string[]; color?: boolean; config?: string; encoding?: string; everyFlow?: boolean; progress?: boolean }) => {
      for (const f of opts.failOn ?? []) if (!(FAIL_ON as readonly string[]).includes(f)) throw new UsageError(`--fail-on ${f}: expected ${FAIL_ON.join(', ')}`);
      const threshold = Number(opts.threshold);
      if (!Number.isFinite(threshold) || threshold < 0) throw new UsageError(`--threshold ${opts.threshold}: expected a number of percentage points`);
      const progress = terminalProgress({ option: opts.progress });
      let result: DiffResult;
      try {
        const encoding = encodingOption(opts.encoding);
        result = runDiff(before, after, process.cwd(), {
          threshold: threshold / 100,
          rules: parseRuleOptions(opts.rule),
          ...(opts.scenario ? { scenarios: opts.scenario } : {}),
          ...(opts.format === 'markdown' ? { diagram: true } : {}),
          ...(opts.config ? { config: resolve(opts.config) } : {}),
          ...(encoding ? { encoding } : {}),
          exhaustive: opts.everyFlow === true,
          progress,
        });
      } catch (e) {
        progress.end();
        if (e instanceof SideError || e instanceof ScenarioFileError) throw new UsageError(e.message);
        throw e;
      }
      progress.phase('writing the report');
      const text =
        opts.format === 'github'
          ? github({ diagnostics: result.findings.new, files: [], cwd: process.cwd(), sourceRoot: githubRoot(), color: false, toolVersion: version })
          : opts.format === 'json'
          ? diffJson(result)
          : opts.format === 'markdown'
            ? diffMarkdown(result)
            : diffText(result, useColor(opts.color, Boolean(opts.output)));
      progress.end();
      emit(text, opts.output);
      // After the report, so that on a terminal it is the last line.
      progress.end(finishedLine(result));
      process.exitCode = diffExit(result, opts.failOn ?? []);
    });
}

/** GitHub wants paths relative to the repository (GITHUB_WORKSPACE), as `check -f github` gives them. */
function githubRoot(): string {
  const workspace = process.env['GITHUB_WORKSPACE'];
  return workspace ? resolve(workspace) : process.cwd();
}
