import { list, opt, options, slot, statement, withSub } from '../spec.js';
import { v } from '../values.js';

/**
 * AUTOLOG … ENDAUTOLOG: without ENDAUTOLOG every later token of the data set is read as an
 * AUTOLOG operand (IBM, "Statement syntax for configuration statements"). Not confirmed: the
 * stored copies of IBM's page end in its introduction, before the diagram.
 */
export const autolog = statement({
  id: 'autolog',
  notation: 'AUTOLog',
  end: 'ENDAUTOLog',
  topic: 'AUTOLOG statement',
  meaning: 'Procedures the stack starts (and restarts) when it initialises.',
  syntax: 'AUTOLog [wait_time] procname [JOBNAME jobname] [PARMSTRING "string"] [DELAYSTART [DVIPA] [TTLS]] … ENDAUTOLog',
  unverified: true,
  body: [
    slot('wait time', v.int('wait time (seconds)', 1, 2147483647), true),
    list('procedures', [
      slot('procedure', v.name('procedure name', 8)),
      options(
        opt('JOBNAME', v.name('job name', 8)),
        opt('PARMSTRING', v.quoted('parameter string')),
        withSub({ ...opt('DELAYSTART'), required: 0 }, opt('DVIPA'), opt('TTLS')),
      ),
    ]),
  ],
});
