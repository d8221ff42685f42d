import { stringifyJson } from '../report/escape.js';
import { Command } from 'commander';
import { lint } from '../engine/lint.js';
import { commonOptions, encodingOption, failOnExplicitReadErrors, parseRuleOptions, type CommonOptions } from './check.js';
import { emit } from './io.js';

export function compileCommand(): Command {
  const cmd = new Command('compile')
    .description('print the compiled estate model as JSON (schema: docs/model.md)')
    .argument('[paths...]', 'files or folders of the estate');
  commonOptions(cmd);
  cmd.action((paths: string[], opts: CommonOptions) => {
    const encoding = encodingOption(opts.encoding);
    const result = lint(paths, {
      ...(opts.config ? { config: opts.config } : {}),
      ...(encoding ? { encoding } : {}),
      rules: parseRuleOptions(opts.rule),
    });
    failOnExplicitReadErrors(result.compiled.readErrors);
    emit(stringifyJson(result.compiled.estate), opts.output);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) {
      process.stderr.write(`plexlint: the input has ${errors.length} error${errors.length === 1 ? '' : 's'}; run plexlint check for the details.\n`);
      process.exitCode = 1;
    } else process.exitCode = 0;
  });
  return cmd;
}
