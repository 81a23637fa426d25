import { z } from 'zod';
import { endpoint } from './endpoint';
import { ORG_PATH, SETTINGS_EDITORS } from './access';
import { IdParam } from '../domain/common';
import { Feature, UpdateFeatureStatus } from '../domain/feature';

const Params = z.object({ idOrg: IdParam, idVa: IdParam });

/** SPEC §7 "Features". */
export const featureEndpoints = {
  features: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/{idOrg}/features/{idVa}/getFeatures',
    params: Params,
    response: z.array(Feature),
    access: 'any',
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Shape not shown in SPEC: the feature toggles of the virtual agent (idFeature, name, status). Any role reads them, since toggles may change what its screens offer.'
  }),
  updateFeatureStatus: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/{idOrg}/features/{idVa}/updateFeatureStatus',
    params: Params,
    body: UpdateFeatureStatus,
    response: Feature,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Body not shown in SPEC: { idFeature, status }. Answers the updated feature.'
  })
} as const;
