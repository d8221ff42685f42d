import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifyJson } from '../report/escape/json.js';
import { Command, Option } from 'commander';
import { didYouMean } from '../core/suggest.js';
import { findRule, rules } from '../rules/registry.js';
import { examples } from './help.js';
import { emit, packageRoot, UsageError } from './io.js';
import { outputFile } from './options.js';

export function rulesCommand(): Command {
  return new Command('rules')
    .description('list the rules: id, default severity, category, description')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write to a file instead of stdout', outputFile)
    .addHelpText('after', examples('rules'))
    .action((opts: { format: string; output?: string }) => {
      if (opts.format === 'json') {
        emit(stringifyJson(rules.map((r) => ({ ...r.meta, docs: `docs/rules/${r.meta.id}.md` }))), opts.output);
        return;
      }
      const idW = Math.max(...rules.map((r) => r.meta.id.length));
      const catW = Math.max(...rules.map((r) => r.meta.category.length));
      const lines = rules.map((r) => `${r.meta.id.padEnd(idW)}  ${r.meta.severity.padEnd(7)}  ${r.meta.category.padEnd(catW)}  ${r.meta.description}`);
      emit([`${'id'.padEnd(idW)}  ${'default'.padEnd(7)}  ${'category'.padEnd(catW)}  description`, ...lines].join('\n') + '\n', opts.output);
    });
}

export function explainCommand(): Command {
  return new Command('explain')
    .description("print a rule's documentation")
    .argument('<rule>', 'rule id, e.g. optlocal-out-of-range')
    .addHelpText('after', examples('explain'))
    .action((id: string) => {
      // Rule ids are lower case; a name typed in capitals (as profile keywords are) is the same rule.
      const rule = findRule(id) ?? findRule(id.toLowerCase());
      if (!rule) throw new UsageError(`no rule '${id}'.${didYouMean(id, rules.map((r) => r.meta.id))} (plexlint rules lists them)`);
      process.stdout.write(readFileSync(join(packageRoot, 'docs', 'rules', `${rule.meta.id}.md`), 'utf8'));
    });
}
