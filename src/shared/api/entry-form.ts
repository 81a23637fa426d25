import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS, VaQuery } from './access';
import { EntryForm, UpdateEntryForm, UpdateEntryFormOrder } from '../domain/entry-form';

const F = '/api/organization/{idOrg}/agent';

/** SPEC §7 "Entry form" (the customer's form before the chat starts). */
export const entryFormEndpoints = {
  entryForm: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${F}/getEntryFormComplete`,
    params: IdOrgParams,
    query: VaQuery,
    response: EntryForm,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Shape not shown in SPEC: the ordered field list (label, type, required, position, active, options, pattern, consent text and version) of the virtual agent.'
  }),
  updateEntryForm: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: `${F}/updateEntryFormComplete`,
    params: IdOrgParams,
    query: VaQuery,
    body: UpdateEntryForm,
    response: EntryForm,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Body not shown in SPEC: { fields } in order; fields without idField are added, missing ones removed; a changed consent text is a new version. Answers the form.'
  }),
  updateEntryFormOrder: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: `${F}/updateEntryFormOrder`,
    params: IdOrgParams,
    query: VaQuery,
    body: UpdateEntryFormOrder,
    response: EntryForm,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: 'Body { order }: every field id of the form, in the new order (400 if it is not exactly the form’s fields). Answers the form.'
  })
} as const;
