// The shapes of the API's answers the dashboard reads (docs/api.md, the journal and live contract of issue 14).

/** An item of GET /v1/sessions. */
export interface SessionItem {
  session_id: string;
  status: string;
  started_at: string;
}

/** GET /v1/sessions. */
export interface SessionList {
  sessions: SessionItem[];
  has_more: boolean;
  next_cursor: string | null;
}

/** The `usage` of a session's info (bytes by proxy kind), or the journal's `usage` event (bytes in all). */
export interface Usage {
  seconds: number;
  bytes: { datacenter: number; residential: number } | number;
  ai_tokens: number;
  captcha_solves: number;
  credits: number;
}

/** GET /v1/sessions/{id}. */
export interface SessionInfo {
  session_id: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  duration_seconds: number | null;
  expires_at: string;
  error_code: string | null;
  error_message: string | null;
  usage: Usage;
}

/** A step's or act's failure as the journal records it. */
export interface EventError {
  code: string;
  message: string;
}

/** One event of a session's journal: `{id, at, type, ...fields}`. */
export interface JournalEvent {
  id: number;
  at: string;
  type: string;
  [field: string]: unknown;
}

/** GET /v1/sessions/{id}/events as JSON. */
export interface EventPage {
  events: JournalEvent[];
  next_cursor: string | null;
}

/** An interactive element of an observation. */
export interface PageElement {
  ref: string;
  role: string;
  label: string;
  value?: string;
}

/** An observation (the envelope's `page`). */
export interface Observation {
  url: string;
  title: string;
  stable?: boolean;
  markdown?: { content: string; length?: number };
  interactive_elements?: PageElement[];
  /** The session's tabs, while it has more than one. */
  tabs?: PageTab[];
}

/** One tab of a session, as page.tabs lists it. */
export interface PageTab {
  tab: string;
  url: string;
  title: string;
  active: boolean;
  opener: string | null;
}

/** The answer of GET /v1/sessions/{id}/observation: the page as the last act answered it. */
export interface LatestObservation {
  act_id: string | null;
  observed_at: string | null;
  page: Observation | null;
}

/** The answer of POST /v1/sessions/{id}/act. */
export interface Envelope {
  completed: number;
  page: Observation | null;
  error: { step: number; action: string; code: string; message: string } | null;
}
