/**
 * The model (src/model/builders/stack.ts via compile) keeps exactly what the stack
 * would keep after processing the profile: definitions in order, VIPADYNAMIC
 * processed after the rest, EZZ8307I dropping single addresses, DELETE forms
 * taking things away, defaults filled in as IBM documents them.
 */
import { describe, expect, it } from 'vitest';
import { brief, lintProfile, profile, stackOf } from './support/profile.js';

describe('the stack model', () => {
  const text = profile(
    'IPCONFIG SYSPLEXROUTING SOURCEVIPA DYNAMICXCF 10.30.1.1/24 2',
    'IPCONFIG6 DYNAMICXCF 2001:db8::151:1 INTFID 6:7:8:9',
    'DEVICE VIPADEV1 VIRTUAL 0',
    'LINK   VIPALNK1 VIRTUAL 0 VIPADEV1',
    'DEVICE IUTIQDF4 MPCIPA',
    'LINK   IQDLNK1  IPAQIDIO IUTIQDF4',
    'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24',
    'INTERFACE VIPA2 DEFINE VIRTUAL IPADDR 10.21.2.11',
    'HOME',
    '   10.21.1.11   VIPALNK1',
    '   10.22.1.11   IQDLNK1',
    '   10.60.1.1    LOOPBACK',
    'PRIMARYINTERFACE VIPALNK1',
    'PORT',
    '   21 TCP FTPD1',
    ' 8080 TCP WAS* SHAREPORT',
    ' 3000 TCP CICSTCP SHAREPORTWLM BIND 10.40.1.2',
    'BEGINROUTES',
    '   ROUTE 10.20.1.0/24 =         OSAQDIO1 MTU 1492',
    '   ROUTE DEFAULT      10.20.1.1 OSAQDIO1 MTU 1492',
    'ENDROUTES',
    'VIPADYNAMIC',
    '   VIPADEFINE 255.255.255.0 10.40.1.1 10.40.1.2',
    '   VIPADISTRIBUTE 10.40.1.1 PORT 8080 DESTIP ALL',
    '   VIPADISTRIBUTE DISTM HOTSTANDBY NOAUTOSWITCHBACK 10.40.1.2 PORT 3000',
    '       DESTIP 10.30.1.1 PREFERRED 10.30.1.2 BACKUP 100',
    '   VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM OPTLOCAL 10.40.1.2 PORT 3001 DESTIP ALL',
    '   VIPABACKUP 100 10.40.1.3',
    '   VIPABACKUP MOVEABLE WHENIDLE 255.255.255.255 10.40.1.4',
    '   VIPARANGE DEFINE MOVEABLE DISRUPTIVE 255.255.255.0 10.45.1.0',
    '   VIPAROUTE DEFINE 10.30.1.2 10.20.1.12',
    'ENDVIPADYNAMIC',
  );
  const stack = stackOf(text);

  it('devices, links and interfaces, with their kind', () => {
    expect(stack.devices.map((d) => `${d.name} ${d.type}`)).toEqual(['VIPADEV1 VIRTUAL', 'IUTIQDF4 MPCIPA']);
    expect(stack.links.map((l) => `${l.name} ${l.type} ${l.device} ${l.kind}`)).toEqual(['VIPALNK1 VIRTUAL VIPADEV1 static-vipa', 'IQDLNK1 IPAQIDIO IUTIQDF4 real']);
    expect(stack.interfaces.map((i) => `${i.name} ${i.type} v${i.version} ${i.kind} ${i.addresses.map((a) => `${a.address}/${a.prefix}`).join(' ')}`)).toEqual([
      'OSAQDIO1 IPAQENET v4 real 10.20.1.11/24',
      'VIPA2 VIRTUAL v4 static-vipa 10.21.2.11/32',
    ]);
  });

  it('HOME entries with what kind of address each is', () => {
    expect(stack.home.map((h) => `${h.address} ${h.link} ${h.kind}`)).toEqual(['10.21.1.11 VIPALNK1 static-vipa', '10.22.1.11 IQDLNK1 real', '10.60.1.1 LOOPBACK loopback']);
    expect(stack.primaryInterface?.name).toBe('VIPALNK1');
  });

  it('IPCONFIG and IPCONFIG6', () => {
    expect(stack.dynamicXcf.v4).toMatchObject({ address: '10.30.1.1', prefix: 24, cost: 2 });
    expect(stack.dynamicXcf.v6).toMatchObject({ address: '2001:db8::151:1' });
    expect(stack.sysplexRouting?.enabled).toBe(true);
    expect(Object.keys(stack.ipconfig)).toEqual(['SYSPLEXROUTING', 'SOURCEVIPA', 'DYNAMICXCF', 'IPCONFIG6 DYNAMICXCF', 'IPCONFIG6 INTFID']);
  });

  it('PORT reservations and static routes', () => {
    expect(stack.ports).toMatchObject([
      { port: 21, protocol: 'TCP', job: 'FTPD1' },
      { port: 8080, protocol: 'TCP', job: 'WAS*', shareport: 'SHAREPORT' },
      { port: 3000, protocol: 'TCP', job: 'CICSTCP', shareport: 'SHAREPORTWLM', bind: '10.40.1.2' },
    ]);
    expect(stack.routes.map((r) => `${r.destination} ${r.firstHop ?? '='} ${r.link}`)).toEqual(['10.20.1.0/24 = OSAQDIO1', 'DEFAULT 10.20.1.1 OSAQDIO1']);
  });

  it('DVIPAs with the defaults IBM documents', () => {
    expect(stack.dvipas.map((d) => ({ address: d.address, role: d.role, rank: d.rank, shortForm: d.shortForm, moveable: d.moveable, prefix: d.prefix }))).toEqual([
      { address: '10.40.1.1', role: 'define', rank: undefined, shortForm: undefined, moveable: 'IMMEDIATE', prefix: 24 },
      { address: '10.40.1.2', role: 'define', rank: undefined, shortForm: undefined, moveable: 'IMMEDIATE', prefix: 24 },
      { address: '10.40.1.3', role: 'backup', rank: 100, shortForm: true, moveable: undefined, prefix: 32 },
      { address: '10.40.1.4', role: 'backup', rank: 1, shortForm: false, moveable: 'WHENIDLE', prefix: 32 },
    ]);
    expect(stack.vipaRanges).toMatchObject([{ subnet: '10.45.1.0/24', moveable: 'DISRUPTIVE' }]);
    expect(stack.vipaRoutes).toMatchObject([{ target: '10.30.1.2', via: '10.20.1.12' }]);
  });

  it('distributions: BASEWLM by default, OPTLOCAL without a value is 1, AUTOSWITCHBACK unless NOAUTOSWITCHBACK', () => {
    expect(
      stack.distributions.map((d) => ({
        dvipa: d.dvipa,
        ports: d.ports.map((p) => p.from),
        method: d.method,
        optLocal: d.optLocal,
        destipAll: d.destipAll,
        autoSwitchBack: d.autoSwitchBack,
        targets: d.targets.map((t) => `${t.address}${t.preferred ? ' PREFERRED' : ''}${t.backupRank ? ` BACKUP ${t.backupRank}` : ''}`),
        dvipaDefined: d.dvipaDefined,
      })),
    ).toEqual([
      { dvipa: '10.40.1.1', ports: [8080], method: 'BASEWLM', optLocal: undefined, destipAll: true, autoSwitchBack: true, targets: [], dvipaDefined: true },
      {
        dvipa: '10.40.1.2',
        ports: [3000],
        method: 'HOTSTANDBY',
        optLocal: undefined,
        destipAll: false,
        autoSwitchBack: false,
        targets: ['10.30.1.1 PREFERRED', '10.30.1.2 BACKUP 100'],
        dvipaDefined: true,
      },
      { dvipa: '10.40.1.2', ports: [3001], method: 'SERVERWLM', optLocal: 1, destipAll: true, autoSwitchBack: true, targets: [], dvipaDefined: true },
    ]);
  });

  it('nothing was rejected or ignored', () => {
    expect(stack.rejections).toEqual([]);
    expect(stack.ignoredStatements).toEqual([]);
    expect(stack.references.every((r) => r.status === 'ok')).toBe(true);
  });
});

describe('what the stack takes away', () => {
  it('VIPADYNAMIC is processed after the rest of the profile: a HOME entry after the block still wins (EZZ8307I)', () => {
    const stack = stackOf(
      profile(
        'DEVICE OSADEV1 MPCIPA',
        'LINK OSALNK1 IPAQENET OSADEV1',
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1 10.20.1.11 10.40.1.2',
        'ENDVIPADYNAMIC',
        'HOME 10.20.1.11 OSALNK1',
      ),
    );
    expect(stack.dvipas.map((d) => d.address)).toEqual(['10.40.1.1', '10.40.1.2']);
    expect(stack.rejections).toMatchObject([{ ruleId: 'dvipa-already-defined', loc: { line: 4, column: 58 } }]);
  });

  it('VIPADELETE, VIPARANGE DELETE, VIPADISTRIBUTE DELETE and a later DEFINE of the same DVIPA and ports', () => {
    const stack = stackOf(
      profile(
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1 10.40.1.2',
        '   VIPADISTRIBUTE DEFINE DISTMETHOD ROUNDROBIN 10.40.1.1 PORT 80 DESTIP ALL',
        '   VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM 10.40.1.1 PORT 80 DESTIP ALL',
        '   VIPADISTRIBUTE DEFINE 10.40.1.2 PORT 81 DESTIP ALL',
        '   VIPADISTRIBUTE DELETE 10.40.1.2 PORT 81 DESTIP ALL',
        '   VIPARANGE DEFINE 255.255.255.0 10.45.1.0',
        '   VIPARANGE DELETE 255.255.255.0 10.45.1.0',
        '   VIPADELETE 10.40.1.2',
        'ENDVIPADYNAMIC',
      ),
    );
    expect(stack.dvipas.map((d) => d.address)).toEqual(['10.40.1.1']);
    expect(stack.distributions.map((d) => `${d.dvipa} ${d.method}`)).toEqual(['10.40.1.1 SERVERWLM']);
    expect(stack.vipaRanges).toEqual([]);
  });

  it('a LINK before its DEVICE is rejected, and so are the HOME entries that name it: one finding, that lists them', () => {
    const text = profile('LINK OSALNK1 IPAQENET OSADEV1', 'DEVICE OSADEV1 MPCIPA', 'HOME 10.20.1.11 OSALNK1', 'START OSADEV1');
    const stack = stackOf(text);
    expect(stack.links).toEqual([]);
    expect(stack.home).toEqual([]);
    expect(stack.devices.map((d) => d.name)).toEqual(['OSADEV1']);
    const d = lintProfile(text);
    expect(brief(d)).toEqual(['1 undefined-reference']);
    expect(d[0]!.message).toContain('defined only later (line 2)');
    expect(d[0]!.related?.map((r) => `${r.line}:${r.column} ${r.message}`)).toContain('3:17 HOME names LINK OSALNK1 (line 3) and fails with it');
  });

  it('INTERFACE DELETE removes the interface and its addresses', () => {
    const stack = stackOf(profile('INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24', 'INTERFACE OSAQDIO1 DELETE'));
    expect(stack.interfaces).toEqual([]);
  });

  it('entries the stack ignores are not in the model: 127.0.0.1 in HOME, a bad PORT entry and the rest of its list', () => {
    const stack = stackOf(profile('HOME 127.0.0.1 LOOPBACK 10.60.1.1 LOOPBACK', 'PORT 21 TCP FTPD1 23 TCPX TN3270 25 TCP SMTP'));
    expect(stack.home.map((h) => h.address)).toEqual(['10.60.1.1']);
    expect(stack.ports.map((p) => p.port)).toEqual([21]);
  });

  it('a value outside its range inside VIPADYNAMIC ignores the statement, the statements after it are applied (plexlint\'s reading, said in the message)', () => {
    const text = profile(
      'VIPADYNAMIC',
      '   VIPABACKUP 255 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.4',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
      'ENDVIPADYNAMIC',
    );
    const stack = stackOf(text);
    expect(stack.dvipas.map((d) => d.address)).toEqual(['10.40.1.1']);
    expect(stack.ignoredStatements).toMatchObject([{ loc: { line: 2 }, reason: 'rejected: value-out-of-range' }]);
    const [finding] = lintProfile(text);
    expect(finding!.message).toMatch(/The stack ignores this VIPABACKUP and goes on with the rest of the block\. That is plexlint's reading: .*EZZ0829I/);
  });

  it('two keywords of one choice end the VIPADYNAMIC block (plexlint\'s reading, said in the message)', () => {
    const text = profile(
      'VIPADYNAMIC',
      '   VIPADEFINE TIER1 TIER2 255.255.255.255 10.81.1.1',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
      'ENDVIPADYNAMIC',
    );
    const stack = stackOf(text);
    expect(stack.dvipas).toEqual([]);
    expect(stack.ignoredStatements).toMatchObject([
      { loc: { line: 2 }, reason: 'rejected: conflicting-options' },
      { loc: { line: 3 }, reason: 'the rest of the VIPADYNAMIC block is ignored after the error at line 2' },
    ]);
    const [finding] = lintProfile(text);
    expect(finding!.message).not.toContain('EZZ0707I');
    expect(finding!.message).toMatch(/the rest of the VIPADYNAMIC block: 1 more statement \(line 3\)\. That is plexlint's reading/);
  });

  it('a distribution of a DVIPA not defined before it is kept but marked, for its rule', () => {
    const stack = stackOf(profile('VIPADYNAMIC', '   VIPADISTRIBUTE DEFINE 10.40.1.7 PORT 23 DESTIP ALL', 'ENDVIPADYNAMIC'));
    expect(stack.distributions).toMatchObject([{ dvipa: '10.40.1.7', dvipaDefined: false }]);
  });
});
