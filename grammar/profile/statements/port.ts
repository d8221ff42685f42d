import type { IpAddress } from '../../../src/core/ip.js';
import type { Loc } from '../../../src/core/loc.js';
import type { IgnoredBy, OptionNode, PortEntry, PortStatement, Word } from '../ast.js';
import { keep, ProfileWord, rebuild, type KeptWord, type WordFactory } from '../words.js';
import { listWithStop } from '../kit.js';
import { builtSlot, list, obsolete, oneOf, opt, orderedOptions, slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * PORT: entries `num {TCP|UDP} {jobname [options] | RESERVED}` or `UNRSV {TCP|UDP} …`.
 * IBM: "The PORT parameters and options must be specified in the order in which they
 * appear on the syntax diagram". A syntax error in the list makes the stack ignore the
 * rest of it (statement syntax rules; PORT documents no exception).
 *
 * Confirmed against IBM's z/OS 3.1 diagram (the statement and its Options sub-diagram) and
 * the range of num (1–65535). IBM writes SHAREPORTWLM in capitals: it has no shorter form.
 * NOSMCR, V2R1's name of NOSMC, is not in the diagram; it stays accepted because the page does
 * not say that current stacks reject it.
 */
export const port = statement({
  id: 'port',
  notation: 'PORT',
  topic: 'PORT statement',
  meaning: 'Reserves ports for job names (or RESERVED), and controls access to unreserved ports (UNRSV).',
  details: 'SHAREPORT lets several listeners share one port; SHAREPORTWLM spreads their connections by WLM server weights.',
  syntax:
    'PORT {num {TCP|UDP} {RESERVED | jobname [NOAUTOLog] [DELAYAcks|NODELAYAcks] [SHAREPort|SHAREPORTWLM] [BIND ipaddr] [SAF resname] [NOSMC|SMC]} ' +
    '| UNRSV TCP {jobname [SAF resname] | * [DENY|SAF resname]} [WHENLISTEN|WHENBIND] | UNRSV UDP {jobname [SAF resname] | * [DENY|SAF resname]} [WHENBIND]} …',
  body: [
    list(
      'entries',
      [
        builtSlot('port', v.either('port number', v.int('port', 0, 65535), v.keyword('UNRSV', 'UNRSV'))),
        builtSlot('protocol', v.keyword('protocol', 'TCP', 'UDP')),
        slot('job', v.name('job name', 8)),
        orderedOptions(
          opt('NOAUTOLog'),
          oneOf('delayacks', 'DELAYAcks', 'NODELAYAcks'),
          oneOf('shareport', 'SHAREPort', 'SHAREPORTWLM'),
          opt('BIND', v.text('BIND address')),
          opt('SAF', v.name('resource name', 8)),
          oneOf('smc', 'NOSMC', 'SMC', 'NOSMCR'),
          opt('DENY'),
          oneOf('when', 'WHENLISTEN', 'WHENBIND'),
          obsolete(opt('OPTLOCAL'), 'OPTLOCAL is coded on VIPADISTRIBUTE, not on PORT.'),
        ),
      ],
      (p, cx) => {
        const portWord = p.slots['port']!;
        const entry = new PortEntryNode(portWord, p.options, p.loc);
        if (portWord.text !== 'UNRSV') {
          const n = cx.values.port(portWord, 'PORT number');
          if (n !== undefined) entry.port = n;
        }
        const w = p.slots['protocol'];
        if (w) {
          entry.keepProtocol(w);
          // The constant, not the word's own copy of it: one string for every PORT entry of the estate.
          if (w.text === 'TCP' || w.text === 'UDP') entry.protocol = w.text === 'TCP' ? 'TCP' : 'UDP';
          else if (!w.symbolic) cx.report({ ruleId: 'syntax', loc: w.loc, message: `PORT ${portWord.raw}: expected TCP or UDP, found '${w.raw}'` });
        }
        entry.keepJob(p.slots['job']);
        const bind = p.options.find((o) => o.name === 'BIND')?.values[0];
        if (bind && !bind.symbolic) {
          const a = cx.values.ip(bind, 'PORT BIND address');
          if (a) entry.bind = a;
        }
        return entry;
      },
    ),
  ],
  confirmed: {
    release: '3.1',
    topic: 'PORT statement (z/OS 3.1 page; changes in 3.2 not checked: the 3.2 Summary of changes was not reachable)',
    url: 'https://www.ibm.com/docs/SSLTBW_3.1.0/com.ibm.zos.v3r1.halz001/portstatement.htm',
  },
  build(p, cx): PortStatement {
    return { kind: 'port', loc: p.loc, keyword: p.keyword, entries: listWithStop<PortEntry>(p.lists['entries'], 'PORT', cx.report) };
  },
});

/**
 * A PORT entry keeps where its words are, not the words: a PORT list may have a million
 * entries, and its words are made again when something asks for them.
 */
class PortEntryNode implements PortEntry {
  port: number | undefined = undefined;
  protocol: 'TCP' | 'UDP' | undefined = undefined;
  bind: IpAddress | undefined = undefined;
  ignored: IgnoredBy | undefined = undefined;
  readonly #at: WordFactory | undefined;
  readonly #port: KeptWord;
  #protocol: KeptWord = undefined;
  #job: KeptWord = undefined;

  constructor(
    portWord: Word,
    readonly options: OptionNode[],
    readonly loc: Loc,
  ) {
    this.#at = portWord instanceof ProfileWord ? portWord.factory : undefined;
    this.#port = this.#at ? keep(portWord) : portWord;
  }

  keepProtocol(w: Word): void {
    this.#protocol = this.#at ? keep(w) : w;
  }

  keepJob(w: Word | undefined): void {
    this.#job = this.#at ? keep(w) : w;
  }

  get portWord(): Word {
    return rebuild(this.#at!, this.#port)!;
  }

  get protocolWord(): Word | undefined {
    return rebuild(this.#at!, this.#protocol);
  }

  get job(): Word | undefined {
    return rebuild(this.#at!, this.#job);
  }

  toJSON(): PortEntry {
    const e: PortEntry = { portWord: this.portWord, options: this.options, loc: this.loc };
    for (const [k, v] of Object.entries({ port: this.port, protocol: this.protocol, protocolWord: this.protocolWord, job: this.job, bind: this.bind, ignored: this.ignored })) {
      if (v !== undefined) (e as unknown as Record<string, unknown>)[k] = v;
    }
    return e;
  }
}
