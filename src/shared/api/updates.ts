import { endpoint } from './endpoint';
import { UpdateRollout, UpdateRolloutBody } from '../domain/updates';

/**
 * Issue 41: the staged rollout of the desktop app's updates, which the platform serves itself at
 * /updates/ (src/server/updates: not catalogue entries, electron-updater's generic provider reads
 * them). Platform-wide: one feed for every organisation.
 */
export const updateEndpoints = {
  updateRollout: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/updates/rollout',
    response: UpdateRollout,
    access: [1, 3],
    note: "Path not shown in SPEC (ours, issue 41): the version the feed publishes (from UPDATES_DIR's latest*.yml; null without one) and its rollout: the percentage of desks served it and whether it is paused."
  }),
  setUpdateRollout: endpoint({
    service: 'humanAgent',
    method: 'PUT',
    path: '/api/updates/rollout',
    body: UpdateRolloutBody,
    response: UpdateRollout,
    access: [1],
    note: "Path not shown in SPEC (ours, issue 41): body { version, percentage 0–100, paused } for the published version (another version answers 409: the feed moved on). The feed serves stagingPercentage from it at once (0 while paused), so electron-updater on each desk takes the update only within its share."
  })
} as const;
