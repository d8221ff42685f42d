/**
 * One step of the explanation of a routing decision (`plexlint trace`, the
 * rules' messages). Every engine writes them; none depends on another for it.
 */
export interface TraceStep {
  what: string;
  detail: string;
}

/** The trace of a decision made without one (shared, never written to). */
export const NO_TRACE: TraceStep[] = Object.freeze([]) as unknown as TraceStep[];
