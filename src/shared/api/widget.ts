import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS, VaQuery } from './access';
import { ImageAnswer } from '../domain/design';
import { AvatarBody, UpdateWidgetDesign, WidgetDesignAnswer } from '../domain/widget-design';

const W = '/api/organization/{idOrg}/colorFont';

/** SPEC §7 "Widget" (the customer's web-chat look, per virtual agent). */
export const widgetEndpoints = {
  widgetDesign: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${W}/getWidgetDesign`,
    params: IdOrgParams,
    query: VaQuery,
    response: WidgetDesignAnswer,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'colores and font come as JSON strings (SPEC §7); the response schema parses them. A virtual agent never saved answers DEFAULT_WIDGET_THEME.'
  }),
  updateWidgetDesign: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${W}/updateWidgetDesign`,
    params: IdOrgParams,
    body: UpdateWidgetDesign,
    response: WidgetDesignAnswer,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Body not shown in SPEC: { idVa, colores, font } as objects; a part missing is completed from DEFAULT_WIDGET_THEME, colours must be hex, every text/background pair must reach WCAG AA (4.5:1; the footer's icons 3:1; a failing pair is refused naming it and its nearest passing shade) and the font one the platform serves. The virtual agent must be the organisation's (404). Answers the stored design in the GET shape (SPEC §5: no answer is a failure)."
  }),
  widgetAvatar: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${W}/getImage`,
    params: IdOrgParams,
    query: VaQuery,
    response: ImageAnswer,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Answers { url }; '' while no avatar is set (an error for the client, SPEC §5)."
  }),
  upsertWidgetAvatar: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${W}/upsertImage`,
    params: IdOrgParams,
    query: VaQuery,
    body: AvatarBody,
    response: ImageAnswer,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Body { url }: a file of the organisation uploaded with uploadDesignImage (PNG, JPEG or WebP within the design-image size and sides), or '' to clear the avatar (SPEC §4: set or cleared). The design stays. Answers { url } as stored ('' once cleared). The customer's browser gets the avatar from the public GET /widget/avatar?org&va, which serves only that virtual agent's avatar."
  })
} as const;
