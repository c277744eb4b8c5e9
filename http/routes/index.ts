// Every endpoint, in the order the API document lists them: the router and the document both
// read this list. An endpoint is a file of this folder and a line here.
import type { Route } from '../route.js';
import { actRoute } from './act.js';
import { cdpRoute, cdpVersionRoute } from './cdp.js';
import { createRoute } from './create.js';
import { dashboardFileRoute, dashboardRoute } from './dashboard.js';
import { deleteRoute } from './delete.js';
import { downloadRoute } from './download.js';
import { downloadsRoute } from './downloads.js';
import { eventsRoute } from './events.js';
import { forkRoute } from './fork.js';
import { getRoute } from './get.js';
import { handbackRoute } from './handback.js';
import { healthRoute } from './health.js';
import { inputRoute } from './input.js';
import { listRoute } from './list.js';
import { liveRoute } from './live.js';
import { mcpRoute } from './mcp.js';
import { observationRoute } from './observation.js';
import { metricsRoute } from './metrics.js';
import { openApiRoute } from './openapi.js';
import { deleteProfileRoute } from './profile-delete.js';
import { getProfileRoute } from './profile.js';
import { listProfilesRoute } from './profiles.js';
import { takeoverRoute } from './takeover.js';
import { traceRoute } from './trace.js';
import { webhooksRoute } from './webhooks.js';

export const routes: readonly Route[] = [
  createRoute,
  listRoute,
  getRoute,
  deleteRoute,
  actRoute,
  forkRoute,
  traceRoute,
  observationRoute,
  downloadsRoute,
  downloadRoute,
  liveRoute,
  takeoverRoute,
  handbackRoute,
  inputRoute,
  cdpRoute,
  cdpVersionRoute,
  listProfilesRoute,
  getProfileRoute,
  deleteProfileRoute,
  mcpRoute,
  eventsRoute,
  webhooksRoute,
  openApiRoute,
  healthRoute,
  metricsRoute,
  dashboardRoute,
  dashboardFileRoute,
];
