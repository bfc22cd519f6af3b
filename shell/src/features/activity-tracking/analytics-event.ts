/** Flat details of one event (event_data is a jsonb object). */
export type EventData = Record<string, string | number | boolean | null>;

/** A row of analytics_events as the client inserts it through the REST API. */
export interface AnalyticsEventRow {
  event_type: string;
  event_action: string;
  event_data: EventData;
  page_path: string;
  session_id: string;
  timestamp: string;
}

/** Contains "analytics" and "session": the root error screen's Refresh Page clears it. */
export const ANALYTICS_SESSION_KEY = 'promatch.analytics.session_id';
const ANONYMOUS_SESSION = 'anonymous';

/** The browsing session's id from session storage, or 'anonymous' when there is none. */
export function readAnalyticsSessionId(storage?: Storage): string {
  try {
    return (storage ?? sessionStorage).getItem(ANALYTICS_SESSION_KEY) ?? ANONYMOUS_SESSION;
  } catch {
    return ANONYMOUS_SESSION;
  }
}

/** Starts a browsing session (once per tab) and returns its id. */
export function startAnalyticsSession(storage?: Storage): string {
  const existing = readAnalyticsSessionId(storage);
  if (existing !== ANONYMOUS_SESSION) return existing;
  try {
    const id = crypto.randomUUID();
    (storage ?? sessionStorage).setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    return ANONYMOUS_SESSION;
  }
}

export function analyticsEvent(
  type: string,
  action: string,
  data: EventData = {},
  pagePath: string = location.pathname,
): AnalyticsEventRow {
  return {
    event_type: type,
    event_action: action,
    event_data: data,
    page_path: pagePath,
    session_id: readAnalyticsSessionId(),
    timestamp: new Date().toISOString(),
  };
}
