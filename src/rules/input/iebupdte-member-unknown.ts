import { defineRule } from '../rule.js';

/** Reported by the IEBUPDTE front end (src/frontends/iebupdte) while reading a job stream; docs/rules/iebupdte-member-unknown.md. */
export const rule = defineRule({
  meta: {
    id: 'iebupdte-member-unknown',
    severity: 'warning',
    category: 'input',
    description: 'A member of an IEBUPDTE job stream whose content or library plexlint cannot know (CHANGE, REPRO, a SYSIN or library it cannot read, a job stream cut short)',
    source: 'IBM z/OS DFSMSdfp Utilities, IEBUPDTE: "Function statement" (ADD, REPL, CHANGE, REPRO), "Input and output"',
    consequences: [
      {
        id: 'change',
        when: 'CHANGE or REPRO',
        plexlint:
          'CHANGE updates a member already in the library and REPRO copies one from SYSUT1: what the member holds after the step depends on the data set before it, which plexlint does not have, so it does not check that member.',
      },
      {
        id: 'sysin-dataset',
        when: 'SYSIN names a data set',
        plexlint: 'plexlint reads the control statements of a job stream only where they are in-stream; a SYSIN data set is not part of the job stream, so it takes no member from the step.',
      },
      {
        id: 'dataset-symbol',
        when: 'the library is named through a symbol the job stream does not set',
        plexlint: 'plexlint names the members without a data set; an INCLUDE then finds them by member name only.',
      },
      {
        id: 'no-step',
        when: 'control statements outside an IEBUPDTE step',
        plexlint: 'plexlint takes members only from the in-stream SYSIN of an EXEC PGM=IEBUPDTE step (or from a file of SYSIN records alone), so it takes none from these statements.',
      },
      {
        id: 'duplicate',
        when: 'a member added twice in one step',
        reading:
          'IBM documents that an ADD of a member that already exists in the old master ends processing unless PARM=NEW is given, but not whether a member added earlier in the same step counts; plexlint uses the later copy.',
      },
      {
        id: 'truncated',
        when: 'the job stream ends before the DLM= delimiter',
        plexlint: 'plexlint checks the records that are there; it cannot tell whether the last member was cut short.',
      },
      {
        id: 'budget',
        when: 'more member text than plexlint builds in one run',
        plexlint: 'plexlint builds each member as a copy of the job stream with the other records blanked, up to a limit per run; members past it are not checked.',
      },
    ],
    emittedBy: 'front end',
  },
});
