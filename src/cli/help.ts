/**
 * The examples at the end of each command's --help (as ShellCheck and actionlint show them): real command lines
 * that work on the example estate of the package or on a repository laid out as docs/estates.md describes.
 */
import { nameTable } from '../core/record.js';

const EXAMPLES: Record<string, [string, string][]> = nameTable({
  check: [
    ['plexlint check .', 'every estate under the working directory (each plexlint.yaml starts one), one report'],
    ["plexlint check 'prod/**/*.tcpip' --rule optlocal-zero-wlm=off --rule weight-ignored=warn", 'a glob, and two rules set on the command line'],
    ['plexlint check --stdin --stdin-filename prod/PLEX1/profiles/SYSA.tcpip < buffer', "an editor's buffer, checked in its estate"],
  ],
  compile: [
    ['plexlint compile fixtures/example', 'the example estate as JSON (schema: docs/model.md)'],
    ['plexlint compile prod/PLEX1 -f yaml -o plex1.yaml', 'one estate of a repository, as YAML, into a file'],
  ],
  simulate: [
    ['plexlint simulate fixtures/scenarios/*.scenario.yaml', 'the example scenarios shipped with plexlint'],
    ['plexlint simulate failover.scenario.yaml -f json -o result.json', 'one scenario, its result as JSON'],
    ['plexlint simulate --failures single fixtures/example', 'what each single failure of the example estate loses (--failures pairs: two at a time)'],
  ],
  trace: [
    ['plexlint trace fixtures/example --from SYSB --to 10.40.1.2:3000', 'one connection from a system to a distributed DVIPA'],
    ['plexlint trace fixtures/example --from client --to 10.40.1.2:3000 --down SYSA --down SYSC', 'the same from outside the sysplex, two systems down'],
    ['plexlint trace fixtures/example --url http://shop.example.com/shop/cart --cookie JSESSIONID=0000A:19h1ea5b2', 'a plug-in request with an affinity cookie: it goes to the clone ID it names'],
  ],
  graph: [
    ['plexlint graph fixtures/example', 'the example estate as a Mermaid flowchart, routing shares on the edges (paste it into Markdown)'],
    ['plexlint graph prod/PLEX1 -f svg -o plex1.svg --focus 10.40.1.1', 'the flows through one DVIPA of one estate of a repository, drawn as SVG'],
    ['plexlint graph --scenario fixtures/scenarios/sysplex-distributor.scenario.yaml --step 2 -f dot', "the shares in a scenario's state after its second step, as Graphviz DOT"],
  ],
  diff: [
    ['plexlint diff git:origin/main . -f markdown', 'what a pull request changes in every estate of the repository, as a comment'],
    ['plexlint diff old/PLEX1 prod/PLEX1 --fail-on behaviour --fail-on new-findings', 'two folders; fail only on routing changes or new findings'],
    ['plexlint diff git:HEAD . -f github --scenario failover.scenario.yaml', 'GitHub annotations, with a scenario run on both sides'],
  ],
  drift: [
    ['plexlint drift prod/PLEX1', 'compare the captures plexlint.yaml names (systems.<name>.state) with the estate\'s files'],
    ['plexlint drift prod/PLEX1 SYSA.vdpt.txt SYSB.vipadyn.txt -f json', 'captures named on the command line (the system is a word of the file name), the findings as JSON'],
    ['plexlint drift fixtures/drift/example', 'the example captures shipped with plexlint: no drift'],
  ],
  rules: [
    ['plexlint rules', 'every rule with its default severity'],
    ['plexlint rules -f json -o rules.json', 'the same as JSON'],
  ],
  explain: [['plexlint explain optlocal-out-of-range', "a rule's page: what it checks, why, how to fix it"]],
  lsp: [
    ['plexlint lsp --stdio', 'the language server on standard input and output, as an editor starts it'],
    ['plexlint lsp --stdio --debounce 500', 'the same, checking half a second after the last keystroke'],
  ],
  init: [
    ['plexlint init', 'a plexlint.yaml for the estate in the working directory, drafted from its files; fill in its TODO lines'],
    ['plexlint init prod/PLEX1 --force', 'draft it again for one estate of a repository, replacing the one there'],
    ['plexlint init zos', 'systems from the TCP/IP procedure\'s PROFILE DD and IEASYMxx in zos/ (docs/zos-inputs.md), one per SYSCLONE'],
  ],
});

export function examples(command: keyof typeof EXAMPLES | string, extra = ''): string {
  const list = EXAMPLES[command] ?? [];
  const lines = list.map(([cmd, what]) => `  $ ${cmd}\n      ${what}`);
  return `\nExamples:\n${lines.join('\n')}\n${extra}`;
}

export const EXAMPLE_COMMANDS: Readonly<Record<string, readonly [string, string][]>> = EXAMPLES;
