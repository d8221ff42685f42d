import { list, slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * DEFADDRTable policy_entry … ENDDEFADDRTable, a policy entry being
 * prefix/prefix_length precedence label. Read on IBM's z/OS V2R1 page (its diagram, the
 * notation DEFADDRTable / ENDDEFADDRTable, and precedence 0–65530); plexlint cannot record a
 * confirmation for a release before 2.4, and no later copy of the page was reachable, so the
 * table stays unconfirmed. The label's range is not on the stored copy; the SMF record keeps it
 * in two bytes, so plexlint takes 0–65535.
 */
export const defaddrtable = statement({
  id: 'defaddrtable',
  notation: 'DEFADDRTable',
  end: 'ENDDEFADDRTable',
  topic: 'DEFADDRTABLE statement',
  meaning: 'The IPv6 default address selection policy table (RFC 6724): prefix, precedence and label.',
  details: 'Only one DEFADDRTABLE block should be coded; later ones are ignored. A syntax error makes the stack ignore the whole block. An empty block restores the default policy table.',
  syntax: 'DEFADDRTable prefix/prefix_length precedence label … ENDDEFADDRTable',
  body: [
    list('policies', [
      slot('prefix', v.cidr('prefix')),
      slot('precedence', v.int('precedence', 0, 65530)),
      slot('label', v.int('label', 0, 65535)),
    ]),
  ],
  unverified: true,
});
