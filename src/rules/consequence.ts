/**
 * The source of the consequence a finding states. Administrators act on what a
 * finding says will happen ("the stack ignores the rest of the VIPADYNAMIC
 * block"), so each rule says where that statement comes from:
 *
 * - `documented`: IBM says it — the topic, EZZ message or APAR, and IBM's words;
 * - `reading`: IBM does not say it — what IBM does document and why plexlint
 *   concludes what the message states; the message says so too;
 * - `plexlint`: the consequence is plexlint's own behaviour (a file it does not
 *   check, a directive it ignores), documented in plexlint's docs.
 */
export type Consequence = Documented | Reading | OwnBehaviour;

interface Keyed {
  /** Names the consequence when a rule states more than one; findings refer to it in `Finding.consequence`. */
  readonly id?: string;
  /** For which findings it holds, in words ("inside VIPADYNAMIC", "an entry of a HOME list"). */
  readonly when?: string;
}

export interface Documented extends Keyed {
  /** The IBM topic, EZZ message or APAR. */
  readonly documented: string;
  /** IBM's words. */
  readonly quote: string;
}

export interface Reading extends Keyed {
  /** What IBM does not document, what plexlint assumes and why (names both IBM and plexlint). */
  readonly reading: string;
}

export interface OwnBehaviour extends Keyed {
  /** What plexlint itself does. */
  readonly plexlint: string;
}

/** Words a message uses to say that the consequence it states is plexlint's reading, not IBM's. */
export const READING_IN_MESSAGE = /plexlint's reading|plexlint assumes|(is|are) not documented|IBM does not (document|say)|IBM documents no /;

export function isReading(c: Consequence): c is Reading {
  return 'reading' in c;
}

export function isDocumented(c: Consequence): c is Documented {
  return 'documented' in c;
}

/** The consequence a finding states: the one it names, or the rule's only one. */
export function consequenceOf(consequences: readonly Consequence[], key: string | undefined): Consequence | undefined {
  const named = key === undefined ? undefined : consequences.find((c) => c.id === key);
  if (named) return named;
  // A rule with one consequence states it whatever key a shared stage (the block pass) gave the finding.
  return consequences.length === 1 && consequences[0]!.id === undefined ? consequences[0] : undefined;
}

/** Heading of the rule-page section that shows the consequences in words. */
export const CONSEQUENCE_HEADING = '## What happens, and who says so';

/** The rule-page section, rendered from the metadata (a test keeps the pages equal to it). */
export function renderConsequences(consequences: readonly Consequence[]): string {
  const items = consequences.map((c) => {
    const when = c.when ? `*${c.when[0]!.toUpperCase()}${c.when.slice(1)}:* ` : '';
    if (isDocumented(c)) return `- ${when}**Documented** — ${c.documented}: “${c.quote}”`;
    if (isReading(c)) return `- ${when}**plexlint's reading** — ${c.reading}`;
    return `- ${when}**plexlint's own behaviour** — ${c.plexlint}`;
  });
  return `${CONSEQUENCE_HEADING}\n\n${items.join('\n')}\n`;
}
