/**
 * Error reports: when the show configures where to send them (`errorReports`, a path on the
 * site's own origin), an error the page shows is sent there as a small JSON report, and only
 * then does the message say that a report was filed.
 */

/** What a report tells the show: what failed, on which page, in which version. */
export interface ErrorReport {
  /** What the visitor was doing ('search'). */
  kind: 'search';
  /** The error as the page showed it. */
  message: string;
  /** The page's path and query. */
  page: string;
  /** When it happened (ISO 8601). */
  time: string;
}

/** Whether this browser can send a report to `target` (a configured path and a beacon). */
export function canReport(target: string): boolean {
  return (
    target !== '' && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
  );
}

/** Sends `report` to `target`; true when the browser took it to send. */
export function fileErrorReport(target: string, report: ErrorReport): boolean {
  if (!canReport(target)) return false;
  try {
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    return navigator.sendBeacon(target, body);
  } catch {
    // A browser that refuses the beacon (a policy, a full queue) filed nothing.
    return false;
  }
}

/** Whether each report, by its key, was taken to send: kept so a remount does not send again. */
const outcomes = new Map<string, boolean>();
const listeners = new Set<() => void>();

/**
 * Files the report `key` names, once for the visit, and tells the listeners how it went. A
 * report path of '' files nothing.
 */
export function fileReportOnce(key: string, target: string, report: () => ErrorReport): void {
  if (outcomes.has(key) || !canReport(target)) return;
  outcomes.set(key, fileErrorReport(target, report()));
  for (const listener of [...listeners]) listener();
}

/** How the report `key` went: true filed, false refused, undefined not (yet) sent. */
export function reportOutcome(key: string): boolean | undefined {
  return outcomes.get(key);
}

/** Calls `listener` whenever a report has been filed or refused; returns the unsubscribe. */
export function subscribeReports(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
