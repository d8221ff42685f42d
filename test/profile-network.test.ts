/**
 * The network statements of the table (DEVICE, LINK, INTERFACE, HOME, BEGINROUTES/ROUTE)
 * in the forms IBM's examples print: what plexlint reads of them, and what the table says
 * about the releases that brought Network Express.
 */
import { describe, expect, it } from 'vitest';
import type { OptionSpec } from '../grammar/profile/spec.js';
import { statements } from '../grammar/profile/statements/index.js';
import { brief, lintProfile, profile, stackOf } from './support/profile.js';

const spec = (id: string) => statements.find((s) => s.id === id)!;

describe('ROUTE', () => {
  it('DEFAULT6 is the IPv6 default route, and REPL abbreviates REPLACEABLE', () => {
    const text = profile(
      'INTERFACE OSAQDIO46 DEFINE IPAQENET6 PORTNAME OSA1P0',
      'BEGINROUTES',
      '  ROUTE DEFAULT6 FE80::1:2:3:4 OSAQDIO46 MTU 5000 REPL',
      '  ROUTE 2001:DB8:1::/48 = OSAQDIO46 MTU 9000',
      'ENDROUTES',
    );
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).routes.map((r) => `${r.destination} ${r.firstHop ?? '='} ${r.link}`)).toEqual([
      'DEFAULT6 fe80::1:2:3:4 OSAQDIO46',
      '2001:db8:1::/48 = OSAQDIO46',
    ]);
  });

  it('DEFAULT stays the IPv4 default route', () => {
    const text = profile('INTERFACE OSAQDIO4 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.1.1.2/24', 'BEGINROUTES', '  ROUTE DEFAULT 10.1.1.1 OSAQDIO4 MTU 1492', 'ENDROUTES');
    expect(stackOf(text).routes.map((r) => r.destination)).toEqual(['DEFAULT']);
  });
});

describe('LINK', () => {
  it('takes IPBCAST on a HiperSockets (IPAQIDIO) link, on the line after the link', () => {
    const text = profile('DEVICE IUTIQDFE MPCIPA', 'LINK HSINTF1 IPAQIDIO IUTIQDFE', 'IPBCAST', 'HOME', '  200.16.1.1 HSINTF1', 'START IUTIQDFE');
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).home.map((h) => `${h.address} ${h.link}`)).toEqual(['200.16.1.1 HSINTF1']);
  });

  it('an unknown word is a warning that does not claim the stack rejects the LINK (the table is not confirmed)', () => {
    const d = lintProfile(profile('DEVICE IUTIQDFE MPCIPA', 'LINK HSINTF1 IPAQIDIO IUTIQDFE IPBCST', 'HOME', '  200.16.1.1 HSINTF1'));
    expect(brief(d)).toEqual(['2 unknown-operand']);
    expect(d[0]!.severity).toBe('warning');
    expect(d[0]!.message).toContain('not a claim that the stack rejects the statement');
    expect(d[0]!.message).not.toMatch(/the stack (ignores|rejects) this/);
  });
});

describe('INTERFACE', () => {
  it('EQENET and EQENET6 (Network Express) take DEVNUM instead of PORTNAME, and SMC-R version 2', () => {
    const text = profile(
      'INTERFACE O4ETHA2 DEFINE EQENET DEVNUM 2B70 IPADDR 16.12.37.160/20 VLANID 702',
      '  SMCR PFID 3140 SMCRIPADDR 16.12.37.165 SMCRMTU 2048',
      'INTERFACE V6O4ETHA2 DEFINE EQENET6 DEVNUM 2B70 INTFID 0:16:207:3 IPADDR 2001:0DB8:172::16:207:13',
    );
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).interfaces.map((i) => `${i.name} ${i.type}`)).toEqual(['O4ETHA2 EQENET', 'V6O4ETHA2 EQENET6']);
  });

  it('EQENET without DEVNUM is a syntax error; an SMCRMTU other than 1024, 2048 or 4096 a warning (the table is not confirmed)', () => {
    expect(brief(lintProfile(profile('INTERFACE O4ETHA2 DEFINE EQENET IPADDR 16.12.37.160/20')))).toEqual(['1 syntax']);
    const d = lintProfile(profile('INTERFACE O4ETHA2 DEFINE EQENET DEVNUM 2B70 IPADDR 16.12.37.160/20 SMCR PFID 3140 SMCRIPADDR 16.12.37.165 SMCRMTU 1500'));
    expect(brief(d)).toEqual(['1 unknown-operand']);
    expect(d[0]!.severity).toBe('warning');
  });

  it('says when IBM added Network Express: z/OS 3.2, and APAR PH54596 on 2.5 and 3.1', () => {
    const body = spec('interface').body;
    const choice = body.find((e) => e.type === 'choice');
    const define = choice?.type === 'choice' ? choice.alternatives.find((a) => a.keyword.name === 'DEFINE') : undefined;
    const types = define?.body.find((e) => e.type === 'variant');
    const cases = types?.type === 'variant' ? types.cases : [];
    const expected = { release: '3.2', apar: 'PH54596', aparReleases: ['2.5', '3.1'] };
    expect(cases.filter((c) => c.since).map((c) => [c.keyword.name, c.since])).toEqual([
      ['EQENET', expected],
      ['EQENET6', expected],
    ]);
    const ipaqenet = cases.find((c) => c.keyword.name === 'IPAQENET')!;
    const devnum = ipaqenet.body.flatMap((e) => (e.type === 'options' ? e.options : [])).find((o: OptionSpec) => o.name === 'DEVNUM');
    expect(devnum?.since).toEqual(expected);
  });

  it('DELE is the shortest DELETE (IBM\'s INTERFACE - VIRTUAL diagram); DEL starts a DELETE statement', () => {
    const ok = profile('INTERFACE VIPAV4 DEFINE VIRTUAL IPADDR 9.1.1.1', 'INTERFACE VIPAV4 DELE');
    expect(lintProfile(ok)).toEqual([]);
    expect(stackOf(ok).interfaces).toEqual([]);
    const short = lintProfile(profile('INTERFACE VIPAV4 DEFINE VIRTUAL IPADDR 9.1.1.1', 'INTERFACE VIPAV4 DEL'));
    expect(short.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['2:18 syntax']);
    expect(short[0]!.message).toContain('DELETE:');
  });
});

describe('DEVICE and LINK VIRTUAL', () => {
  it('take the device and link numbers IBM prints: 0, 0000 and 1', () => {
    const text = profile('DEVICE VIPADEV1 VIRTUAL 1', 'LINK VIPALNK1 VIRTUAL 1 VIPADEV1', 'DEVice VIPA4815 VIRTual 0000', 'LINK VIPA4815L VIRTual 0 VIPA4815');
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).links.map((l) => `${l.name} ${l.kind}`)).toEqual(['VIPALNK1 static-vipa', 'VIPA4815L static-vipa']);
  });
});
