import type { VipaRouteStatement } from '../ast.js';
import { leadingOptions, opt, rest, statement } from '../spec.js';

/**
 * VIPAROUTE [DEFINE|DELEte] {dynxcfip | DEFAULT} target_ip. Not confirmed: the stored copy of
 * IBM's V2R1 page ends in its introduction, before the diagram (it documents DEFAULT and the
 * target IP address); no later copy was reachable.
 */
export const viparoute = statement({
  id: 'viparoute',
  notation: 'VIPAROUTE',
  level: 'vipadynamic',
  topic: 'VIPAROUTE statement',
  meaning: 'Routes distributed connections to a target stack over a normal IP route (GRE) instead of the dynamic XCF link.',
  details: 'The route\'s MTU must be at least 604 (1308 for IPv6).',
  syntax: 'VIPAROUTE [DEFINE|DELEte] {target_dynxcfip | DEFAULT} target_ip',
  body: [leadingOptions(opt('DEFINE'), opt('DELEte')), rest],
  unverified: true,
  build(p, cx): VipaRouteStatement {
    const keyword = p.keyword;
    const values = p.rest;
    const action = p.options.some((o) => o.name === 'DELETE') ? 'delete' : 'define';
    const out: VipaRouteStatement = { kind: 'viparoute', loc: p.loc, keyword, action, isDefault: false, values };
    if (values.length !== 2) {
      cx.report({
        ruleId: 'syntax',
        loc: values[2]?.loc ?? keyword.loc,
        message: 'VIPAROUTE takes a target dynamic XCF address (or DEFAULT) and the target IP address to route to',
      });
    }
    const [xcf, target] = values;
    if (xcf) {
      if (xcf.text === 'DEFAULT') out.isDefault = true;
      else {
        const a = cx.values.ip(xcf, 'VIPAROUTE dynamic XCF address');
        if (a) out.dynamicXcf = a;
      }
    }
    if (target) {
      const a = cx.values.ip(target, 'VIPAROUTE target address');
      if (a) out.target = a;
    }
    return out;
  },
});
