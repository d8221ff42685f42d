import { defineRule } from '../rule.js';
import { reportRejections } from '../helpers.js';

/** The model builder records the rejection (src/model/build/stack.ts); this rule reports it. docs/rules/dvipa-already-defined.md. */
export const rule = defineRule({
  meta: {
    id: 'dvipa-already-defined',
    severity: 'error',
    category: 'profile',
    description: "VIPADEFINE/VIPABACKUP of an address that is already in HOME or is the dynamic XCF address",
    source: "EZZ8307I ip_addr IS ALREADY DEFINED",
    emittedBy: 'model builder',
  },
  check: reportRejections('dvipa-already-defined'),
});
