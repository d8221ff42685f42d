import { list, slot, statement } from '../spec.js';
import { v } from '../values.js';

export const defaddrtable = statement({
  id: 'defaddrtable',
  notation: 'DEFADDRTABLE',
  end: 'ENDDEFADDRTABLE',
  topic: 'DEFADDRTABLE statement',
  meaning: 'The IPv6 default address selection policy table (RFC 6724): prefix, precedence and label.',
  syntax: 'DEFADDRTABLE ipv6_prefix/prefix_length precedence label … ENDDEFADDRTABLE',
  body: [
    list('policies', [
      slot('prefix', v.cidr('prefix')),
      slot('precedence', v.int('precedence', 0, 127)),
      slot('label', v.int('label', 0, 127)),
    ]),
  ],
  unverified: true,
});
