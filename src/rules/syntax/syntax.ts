import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/syntax.md. */
export const rule = defineRule({
  meta: {
    id: 'syntax',
    severity: 'error',
    category: 'syntax',
    description: "The file cannot be parsed the way the product parses it",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\" (profiles); IP Messages EZZ7830I (OMPROUTE); XML 1.0 well-formedness (plugin-cfg.xml, cluster.xml); POSIX shell grammar (go scripts); YAML 1.2 (plexlint.yaml)",
    consequences: [
      {
        id: "block",
        when: "inside VIPADYNAMIC … ENDVIPADYNAMIC",
        documented: "IBM IP Configuration Reference, VIPADYNAMIC statement",
        quote: "Syntax errors in a VIPADYNAMIC block end further processing of the VIPADYNAMIC block. VIPADYNAMIC statements are processed up to the syntax error, and any remaining statements are ignored.",
      },
      {
        id: "list",
        when: "an entry of a HOME list",
        documented: "IBM IP Configuration Reference, Statement syntax for configuration statements",
        quote: "If a syntax error is encountered in a list of parameters, such as a HOME list, the rest of the entries in the list are ignored.",
      },
      {
        id: "port-list",
        when: "an entry of a PORT list",
        reading: "IBM's rule for a syntax error in a list names the HOME list and adds that some statements skip only the entry in error (\"this does not apply to all statements\"); IBM does not say which PORT does, and plexlint assumes the rest of the PORT list is ignored, as for HOME.",
      },
      {
        id: "route-entry",
        when: "a ROUTE entry of BEGINROUTES",
        reading: "IBM does not document what an error in one ROUTE entry of a BEGINROUTES block does; plexlint assumes the stack ignores that entry and keeps the others.",
      },
      {
        id: "statement",
        when: "any other statement",
        reading: "IBM documents what a syntax error does in a list (the rest of the list is ignored) and in a VIPADYNAMIC block (the rest of the block is ignored), not in other statements; plexlint assumes the stack rejects the statement, as IBM's profile messages say for the statements they cover (for example EZZ0707I: \"TCP/IP continues, but the statement in error is ignored\").",
      },
      {
        id: "xml",
        when: "a plugin-cfg.xml or cluster.xml that is not well-formed XML",
        documented: "IBM WAS, plugin-cfg.xml file (RefreshInterval)",
        quote: "If the plug-in reload fails for some reason, a message is written to the plug-in log file and the previous configuration is used until the plug-in configuration file successfully reloads.",
      },
      {
        id: "dscontrol",
        when: "a dscontrol configuration or script",
        reading: "IBM documents dscontrol's command syntax, not its error for a line that does not follow it; plexlint assumes dscontrol refuses the command, so nothing of it is configured.",
      },
      {
        id: "omproute",
        when: "an OMPROUTE configuration file",
        documented: "IBM z/OS Communications Server IP Messages Volume 4, EZZ7830I",
        quote: "The specified error occurred while parsing the specified line in the OMPROUTE configuration file. The error was encountered on or just previous to the specified token. System action: OMPROUTE ends.",
      },
      {
        id: "goscript",
        when: "a go script (goActive, goStandby, goInOp, …)",
        reading: "IBM documents that the Load Balancer runs the go scripts on high-availability state changes, not what happens when one fails; a shell stops reading a script at a syntax error (POSIX: a non-interactive shell exits on one), so the commands after it do not run, and plexlint assumes the state change then completes without them.",
      },
      {
        id: "goscript-depth",
        when: "a go script nested more deeply than the shell parser can follow",
        plexlint: "plexlint does not check a go script that nests commands more deeply than its shell parser can follow; it reports where the parser gave up.",
      },
      {
        id: "manifest",
        when: "the manifest (plexlint.yaml)",
        plexlint: "plexlint cannot read the manifest (plexlint.yaml) and reports where it stopped; nothing it configures is applied.",
      },
      {
        id: "scenario",
        when: "a scenario file",
        plexlint: "plexlint cannot run a scenario file it cannot read (docs/simulator.md).",
      },
    ],
    emittedBy: 'front end',
    unsuppressible: true,
  },
});
