import { defineRule } from '../rule.js';
import { reportRejections } from '../helpers.js';

/** The model builder records the rejection (src/model/builders/stack.ts); this rule reports it. docs/rules/dvipa-already-defined.md. */
export const rule = defineRule({
  meta: {
    id: 'dvipa-already-defined',
    severity: 'error',
    category: 'profile',
    description: "VIPADEFINE/VIPABACKUP of an address that is already in HOME or is the dynamic XCF address",
    source: "EZZ8307I ip_addr IS ALREADY DEFINED",
    consequences: [
      {
        documented: "EZZ8307I",
        quote: "The IP address ip_addr specified in a VIPADYNAMIC VIPADEFINE or VIPADYNAMIC VIPABACKUP list is already defined in a HOME list or IPCONFIG DYNAMICXCF on this stack. The address is ignored (rejected from the VIPADEFINE list in which it was defined), but other addresses in the VIPADEFINE or VIPABACKUP list are processed.",
      },
    ],
    emittedBy: 'model builder',
  },
  check: reportRejections,
});
