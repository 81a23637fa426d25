import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS } from './access';
import { DashboardDesign, DashboardDesignBody, DashboardDesignVersionList, DashboardImage, DashboardImageBody, RestoreDashboardDesignBody } from '../domain/dashboard-design';
import { DesignImageUpload, FontListQuery, WebFontList } from '../domain/design';
import { UploadResult } from '../domain/media';

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
    ipc: ['settings'],
    note: 'null while the organisation has saved none (the client then uses DEFAULT_DASHBOARD_DESIGN, SPEC §8). Every role reads it: the design applies to all.'
  }),
  updateDashboardDesign: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${D}/updateDashboardDesign`,
    params: IdOrgParams,
    body: DashboardDesignBody,
    response: DashboardDesign,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Body: the design (SPEC §3); a part missing is completed from DEFAULT_DASHBOARD_DESIGN, colours must be hex and the font one the platform serves (the webFonts list). Saved as a new version (the last ten are kept). Answers the stored design."
  }),
  dashboardImage: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${D}/getDashboardImage`,
    params: IdOrgParams,
    response: DashboardImage,
    access: 'any',
    org: ORG_PATH,
    ipc: ['settings'],
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
    ipc: ['settings'],
    note: 'Path spelled as SPEC gives it. Body { url }: an uploaded file of the organisation (the uploadFile url), a PNG, JPEG or WebP within the logo size and dimensions (an SVG is refused: the platform has no sanitiser). Saved as a new version of the design; the answer holds Imagen.'
  }),
  dashboardDesignVersions: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${D}/versions`,
    params: IdOrgParams,
    response: DashboardDesignVersionList,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours, issue 40): the kept versions of the design, newest first (at most ten), each with its design and logo url.'
  }),
  restoreDashboardDesign: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${D}/restoreVersion`,
    params: IdOrgParams,
    body: RestoreDashboardDesignBody,
    response: DashboardDesign,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours, issue 40): body { version }, one of the kept versions; its design and logo become a new version. A version not kept answers 404. Answers the design now in force.'
  }),
  uploadDesignImage: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/organization/{idOrg}/designImage',
    params: IdOrgParams,
    body: DesignImageUpload,
    response: UploadResult,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours, issue 40). A logo or widget avatar: the upload payload (base64) of a PNG, JPEG or WebP whose bytes are of that type (file-type), at most 2 MB and 16–2048 px a side (an SVG is refused). Answers the stored file, whose url updateDashboardImage / upsertWidgetAvatar then take."
  }),
  webFonts: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/fonts',
    query: FontListQuery,
    response: WebFontList,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: 'SPEC §7 fetches a public web-fonts list with an embedded key; the app calls no third-party host, so the platform answers the list from google-font-metadata shipped with it (the first `limit` ≤ 200 entries in its order — it carries no popularity — each family, category, variants). The list is honest: only families whose @fontsource package is installed, with the variants whose file it has (served at /fonts/<family-id>/<variant>.woff2); a small set is installed, not 200. No key is used.'
  })
} as const;
