/**
 * HTTP sessions as the simulation sees them: which JVM or cell holds each
 * session, the cookies a client keeps, and why an in-session request lost its
 * session. Shared by the plug-in and ODR engines (neither imports the other for
 * these).
 */

/** A client's cookies, by name. */
export type Jar = Map<string, string>;

/** The application servers' session cookie (the WAS default), also behind the ODRs. */
export const APP_SESSION_COOKIE = 'JSESSIONID';

/** Why an in-session request lost its session. */
export const LOSS_REASONS = {
  // The web server plug-in (plugin-cfg.xml).
  'server-down': 'the server that holds the session does not answer: the plug-in sends the request to another member, which does not have the session (the simulation does not replicate sessions)',
  'unknown-clone': "the clone IDs in the affinity cookie name no server of the cluster: the plug-in load balances the request",
  'backup-server': 'the clone ID names a BackupServers member while a primary is available: the plug-in balances over the primaries',
  'no-clone-ids': 'no server of the cluster has a CloneID: the plug-in has no affinity and load balances every request',
  // ODR cell affinity.
  'affinity-disabled': "the receiving ODR's cell does not enable cell affinity (odrSessionAffinityEnabled): it does not recognise the server",
  'no-odr-cookie': 'the request carries no ODR session cookie naming an ODR (the owning cell does not set it)',
  'no-gsc': 'no generic server cluster of the receiving cell holds the ODR the cookie names',
  'gsc-wrong-member': 'the GSC member chosen is not an ODR of the owning cell (or of a cell bridged to it)',
  'gsc-incomplete': 'no member of the GSC is up with weight > 0, although the owning cell still has a live ODR the GSC lacks',
  'owner-odrs-down': "every ODR of the owning cell is down: nothing can reach its application servers",
  'unknown-session': 'a session no server or cell knows',
} as const;

export type LossReason = keyof typeof LOSS_REASONS;

export function isLossReason(s: string): s is LossReason {
  return Object.hasOwn(LOSS_REASONS, s);
}

/**
 * Sessions by ID: the JVM ("srv:host:port") or cell ("cell:NAME") that holds
 * each one. A session that a client replaces (it was lost and a new one
 * started) is forgotten, so the store holds at most one session per client.
 */
export class SessionStore {
  private readonly holders = new Map<string, string>();
  private seq = 0;

  holder(sid: string): string | undefined {
    return this.holders.get(sid);
  }

  /** A new session held by `holder`; its 23-character session ID . */
  create(holder: string): string {
    const sid = `PLX${(++this.seq).toString(36).toUpperCase().padStart(20, '0')}`;
    this.holders.set(sid, holder);
    return sid;
  }

  /** A client dropped the session (a new one replaced it in its cookies). */
  forget(sid: string): void {
    this.holders.delete(sid);
  }

  get size(): number {
    return this.holders.size;
  }
}
