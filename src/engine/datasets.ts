/**
 * The data-set part of the compiler driver: IEBUPDTE job streams and the members they add (docs/zos-inputs.md).
 *
 * - A job stream among the inputs is read by the IEBUPDTE front end; its findings are reported, and each member it
 *   adds becomes an input of the kind its records show (detected by content, as any file): a member that is a TCP/IP
 *   profile is compiled as a profile, positioned in the job stream (src/sources/members.ts).
 * - INCLUDEs and the manifest's `profile: SYS1.TCPPARMS(PROFA1)` find members through `members()`: the job streams
 *   among the inputs first, then — once, when a member is not found there — every job stream of the estate.
 */
import type { Finding } from '../core/diagnostic.js';
import { detectKind, type FileKind } from '../frontends/detect.js';
import { parseJobStream, type IebupdteMember } from '../frontends/iebupdte/index.js';
import type { MemberLookup } from '../sources/includes.js';
import { MAX_MEMBER_TEXT, memberRecordsText, memberSource } from '../sources/members.js';
import { sourceFromText, type SourceFile } from '../sources/source-file.js';
import type { Driver } from './driver.js';

export interface JobStreamMember {
  /** The member, positioned in its job stream. */
  file: SourceFile;
  kind: FileKind;
}

interface Stream {
  container: SourceFile;
  members: IebupdteMember[];
  findings: Finding[];
  /** Kinds and built sources, by member (built on demand). */
  kinds: Map<IebupdteMember, FileKind>;
  built: Map<IebupdteMember, SourceFile>;
}

/** A quick look before the IEBUPDTE front end reads a file the estate scan meets: it names IEBUPDTE or has a control record. */
function mayBeJobStream(text: string): boolean {
  return text.includes('IEBUPDTE') || /^\.\//m.test(text);
}

export class DataSetLibrary implements MemberLookup {
  private readonly streams = new Map<string, Stream>();
  /** The job streams among the inputs, in the order given. */
  private readonly inputs: Stream[] = [];
  private scanned = false;
  private builtChars = 0;
  private budgetReported = false;
  /** Findings made after a job stream's own were handed on (the budget): compile.ts reports them at the end. */
  readonly lateFindings: Finding[] = [];

  constructor(private readonly driver: Driver) {}

  /** A job stream among the inputs: its findings and its members, each with its kind. */
  addInput(container: SourceFile): { findings: Finding[]; members: JobStreamMember[] } {
    const stream = this.stream(container);
    if (!this.inputs.includes(stream)) this.inputs.push(stream);
    const members: JobStreamMember[] = [];
    for (const m of stream.members) {
      const kind = this.kindOf(stream, m);
      // Only profiles are compiled from a member; IEASYMxx and TCP/IP procedure members are read by plexlint init.
      if (kind !== 'profile') continue;
      const file = this.build(stream, m);
      if (file) members.push({ file, kind });
    }
    return { findings: stream.findings, members };
  }

  /** The members of a kind that the job streams among the inputs add. */
  inputMembersOfKind(kind: FileKind): SourceFile[] {
    const out: SourceFile[] = [];
    for (const s of this.inputs) {
      for (const m of s.members) {
        if (this.kindOf(s, m) !== kind) continue;
        const f = this.build(s, m);
        if (f) out.push(f);
      }
    }
    return out;
  }

  members(dataset: string, member: string): SourceFile[] {
    const find = (): SourceFile[] => this.lookup((m) => m.dataset === dataset && (m.name === member || m.aliases.includes(member)));
    const found = find();
    if (found.length || this.scanned) return found;
    this.scanEstate();
    return find();
  }

  unplaced(member: string): SourceFile[] {
    if (!this.scanned) this.scanEstate();
    return this.lookup((m) => m.dataset === undefined && (m.name === member || m.aliases.includes(member)));
  }

  private lookup(match: (m: IebupdteMember) => boolean): SourceFile[] {
    const out: SourceFile[] = [];
    for (const s of this.streams.values()) {
      for (const m of s.members) {
        if (!match(m)) continue;
        const f = this.build(s, m);
        if (f) out.push(f);
      }
    }
    return out;
  }

  /** Every job stream of the estate, read once (a member an INCLUDE names may be in one that was not given). */
  private scanEstate(): void {
    this.scanned = true;
    const ws = this.driver.ws;
    for (const abs of ws.allFiles()) {
      if (this.streams.has(abs)) continue;
      const f = ws.read(abs);
      if (!('text' in f) || !mayBeJobStream(f.text) || detectKind(f) !== 'iebupdte') continue;
      this.stream(f);
    }
  }

  private stream(container: SourceFile): Stream {
    const key = container.absPath || container.path;
    let s = this.streams.get(key);
    if (!s) {
      const parsed = parseJobStream(container);
      s = { container, members: parsed.members, findings: parsed.findings, kinds: new Map(), built: new Map() };
      this.streams.set(key, s);
    }
    return s;
  }

  private kindOf(stream: Stream, m: IebupdteMember): FileKind {
    let kind = stream.kinds.get(m);
    if (!kind) {
      // The kind is told from the member's records alone (as a file of them would be): a long job stream before the
      // member would otherwise hide them from detection.
      kind = detectKind(sourceFromText(`${m.name.toLowerCase()}`, memberRecordsText(stream.container, m)));
      stream.kinds.set(m, kind);
    }
    return kind;
  }

  private build(stream: Stream, m: IebupdteMember): SourceFile | undefined {
    const known = stream.built.get(m);
    if (known) return known;
    const last = m.lines[m.lines.length - 1] ?? 0;
    const cost = stream.container.lines.lineStarts[last] ?? 0;
    if (this.builtChars + cost > MAX_MEMBER_TEXT) {
      if (!this.budgetReported) {
        this.budgetReported = true;
        this.lateFindings.push({
          ruleId: 'iebupdte-member-unknown',
          loc: m.nameLoc,
          message: `member ${m.name} and the members after it are not checked: plexlint builds each member as a copy of its job stream with the other records blanked, and the members of this estate's job streams come to more than ${MAX_MEMBER_TEXT / 1048576} M characters. Split the job stream (one library load per job stream), or download the members (zowe zos-files download all-members).`,
          consequence: 'budget',
        });
      }
      return undefined;
    }
    this.builtChars += cost;
    const file = memberSource(stream.container, m);
    stream.built.set(m, file);
    return file;
  }
}
