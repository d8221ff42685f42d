import { rest, statement } from '../spec.js';

/**
 * IPSEC … ENDIPSEC: the default IP filter rules (IPSECRULE, IPSEC6RULE, …), used when
 * Policy Agent IP security policy is not active. Its rules are kept as operands; plexlint
 * does not check the filter rule syntax. Not confirmed: no copy of IBM's IPSEC page was
 * reachable.
 */
export const ipsec = statement({
  id: 'ipsec',
  notation: 'IPSEC',
  end: 'ENDIPSEC',
  topic: 'IPSEC statement',
  meaning: 'Default IP filter rules (IPSECRULE, IPSEC6RULE) used when no IP security policy is active.',
  syntax: 'IPSEC [LOGENABLE|LOGDISABLE] [DVIPSEC] IPSECRULE … IPSEC6RULE … ENDIPSEC',
  body: [rest],
  unverified: true,
});
