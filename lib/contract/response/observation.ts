import { described, named, nullable, string, strictObject, dateTime } from '../codec/index.js';
import { pageStateCodec } from './page.js';

/**
 * The answer of GET /v1/sessions/{id}/observation: the page as the session's last act that read it
 * answered it, so that someone watching (the dashboard) sees what the agent saw without acting.
 */
export const latestObservationCodec = named(
  strictObject({
    act_id: described(nullable(string), 'The act that answered it, as the journal names it; null before any act read the page.'),
    observed_at: described(nullable(dateTime), 'When that act answered (ISO 8601); null before any.'),
    page: described(nullable(pageStateCodec), 'The page as that act answered it (in the session\'s page mode); null before any act read the page.'),
  }),
  'LatestObservation',
);
