import { Command, Option } from 'commander';
import { EstateCountError, estateCountMessage } from '../engine/compile.js';
import { stringifyJson } from '../report/escape/json.js';
import { stringifyYaml } from '../report/escape/yaml.js';
import { lint } from '../engine/lint.js';
import { failOnExplicitReadErrors, reportUnmatched, ruleOption, type CommonOptions } from './check.js';
import { examples } from './help.js';
import { emit, UsageError } from './io.js';
import { estateOptions, lintOptionsFrom, outputOptions } from './options.js';
import { emptyRecord } from '../core/record.js';

/**
 * Run a command's work on one estate: naming several is a usage error that lists them, each with the path that names
 * it alone. `where`: where the user names the paths, when not on the command line (" in the inputs: of x.yaml").
 */
export function oneEstate<T>(command: string, work: () => T, where = ''): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof EstateCountError) {
      const { message, lines } = estateCountMessage(e.given, e.choices, command, where);
      throw new UsageError(message, lines);
    }
    throw e;
  }
}

export function compileCommand(): Command {
  const cmd = new Command('compile')
    .description('print the compiled model of one estate as JSON or YAML (schema: docs/model.md)')
    .argument('[paths...]', 'files or folders of one estate (default .)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['json', 'yaml']).default('json'));
  ruleOption(cmd, 'set a rule to off|info|warn|error (decides which findings count as errors for the exit code)');
  estateOptions(cmd, { stdin: true });
  outputOptions(cmd);
  cmd.addHelpText('after', examples('compile'));
  cmd.action((paths: string[], opts: CommonOptions & { format: string }) => {
    const cli = lintOptionsFrom(opts, paths);
    const result = oneEstate('plexlint compile', () => lint(cli.paths, cli.options));
    failOnExplicitReadErrors(result.compiled.readErrors);
    if (!cli.stdinPath) reportUnmatched({ diagnostics: result.diagnostics, suppressed: result.suppressed, files: [...result.compiled.kinds.keys()], readErrors: result.compiled.readErrors, lines: emptyRecord(), unmatched: result.compiled.unmatched }, paths, true);
    const model = result.compiled.estate;
    emit(opts.format === 'yaml' ? stringifyYaml(model) : stringifyJson(model), opts.output);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) {
      process.stderr.write(`plexlint: the input has ${errors.length} error${errors.length === 1 ? '' : 's'}; run plexlint check for the details.\n`);
      process.exitCode = 1;
    } else process.exitCode = 0;
  });
  return cmd;
}
