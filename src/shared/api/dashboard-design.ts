import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS } from './access';
import { DashboardDesign, DashboardImage, DashboardImageBody } from '../domain/dashboard-design';
import { FontListQuery, WebFontList } from '../domain/design';

const D = '/api/organization/{idOrg}/dashboardDesign';

/** SPEC §7 "Dashboard design", and the web-fonts list. */
export const dashboardDesignEndpoints = {
  dashboardDesign: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${D}/getDashboardDesign`,
    params: IdOrgParams,
    response: DashboardDesign.nullable(),
    access: 'any',
    org: ORG_PATH,
    note: 'null while the organisation has saved none (the client then uses DEFAULT_DASHBOARD_DESIGN, SPEC §8). Every role reads it: the design applies to all.'
  }),
  updateDashboardDesign: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${D}/updateDashboardDesign`,
    params: IdOrgParams,
    body: DashboardDesign,
    response: DashboardDesign,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    note: 'Body: the design (SPEC §3). Answers the stored design.'
  }),
  dashboardImage: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${D}/getDashboardImage`,
    params: IdOrgParams,
    response: DashboardImage,
    access: 'any',
    org: ORG_PATH,
    note: "Answers { Imagen: url } like the update; Imagen is '' while no logo is set (an error for the client, SPEC §5)."
  }),
  updateDashboardImage: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${D}/updateDashboardtImage`,
    params: IdOrgParams,
    body: DashboardImageBody,
    response: DashboardImage,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    note: 'Path spelled as SPEC gives it. Body { url } (an uploaded file, see uploadFile); the answer holds Imagen.'
  }),
  webFonts: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/fonts',
    query: FontListQuery,
    response: WebFontList,
    access: SETTINGS_EDITORS,
    note: 'SPEC §7 fetches a public web-fonts list with an embedded key; the app has no third-party network, so the platform serves a bundled list instead (first `limit` ≤ 200 entries, each family, category, variants). No key is used.'
  })
} as const;
