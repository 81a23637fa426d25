import { endpoint } from './endpoint';
import { CHAT_AND_EDITORS, HUMAN_SETTINGS_EDITORS, IdOrgParams, ORG_PATH } from './access';
import { SuccessResult } from '../domain/common';
import { DeleteResponseTemplate, ResponseTemplate, ResponseTemplateList, UpsertResponseTemplate } from '../domain/response-template';

const T = '/api/templates/organization/{idOrg}';

/** SPEC §7 "Response templates" (human-agent service). */
export const responseTemplateEndpoints = {
  responseTemplates: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: `${T}/getAllTemplatesAvailable`,
    params: IdOrgParams,
    response: ResponseTemplateList,
    access: CHAT_AND_EDITORS,
    ipc: ['settings'],
    org: ORG_PATH,
    note: 'Answers { templates } (SPEC §7), sorted by name.'
  }),
  upsertResponseTemplate: endpoint({
    service: 'humanAgent',
    method: 'PUT',
    path: `${T}/upsertTemplate`,
    params: IdOrgParams,
    body: UpsertResponseTemplate,
    response: ResponseTemplate,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_PATH,
    note: "Body not shown in SPEC: with idTemplate it updates, without it creates. Answers the stored template. 409 when another of the organisation's templates has the name (unique-name.ts)."
  }),
  deleteResponseTemplate: endpoint({
    service: 'humanAgent',
    method: 'DELETE',
    path: `${T}/deleteTemplate`,
    params: IdOrgParams,
    body: DeleteResponseTemplate,
    response: SuccessResult,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_PATH,
    note: 'Body { idTemplate } (SPEC §7: a DELETE with a body). Answers { success }.'
  })
} as const;
