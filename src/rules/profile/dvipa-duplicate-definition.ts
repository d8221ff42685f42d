import { defineRule } from '../rule.js';
import { reportRejections } from '../helpers.js';

/** The model builder records the rejection (src/model/builders/stack.ts); this rule reports it. docs/rules/dvipa-duplicate-definition.md. */
export const rule = defineRule({
  meta: {
    id: 'dvipa-duplicate-definition',
    severity: 'error',
    category: 'profile',
    description: "A second VIPADEFINE/VIPABACKUP of the same DVIPA without a VIPADELETE in between",
    source: "IBM IP Configuration Reference, VIPADYNAMIC summary",
    consequences: [
      {
        documented: "IBM IP Configuration Reference, VIPADYNAMIC statement",
        quote: "Within a single profile there should be only one VIPADEFINE or VIPABACKUP statement for a particular DVIPA. If the DVIPA does appear in more than one statement, a VIPADELETE statement must be specified before the last instance to ensure that it is not rejected.",
      },
    ],
    emittedBy: 'model builder',
  },
  check: reportRejections,
});
