import { z } from 'zod';
import { endpoint } from './endpoint';
import { ORG_QUERY, SETTINGS_EDITORS } from './access';
import { IdParam, OrgQuery, SuccessResult } from '../domain/common';
import { UploadResult } from '../domain/media';
import { Answer, AnswerMediaUpload, DeleteAnswer, NodeId, TryWorkspaceInput, TryWorkspaceResult, UpdateWorkspaceThresholds, UpsertAnswer, Workspace, WorkspaceQuery, WorkspaceUpdateSummary } from '../domain/workspace';
import { WATSON_IMPORT_MAX_BYTES, WatsonImportQuery, WatsonImportResult } from '../domain/watson-import';

const IdParams = z.object({ id: IdParam });

/** SPEC §7 "Workspaces and answers" (the virtual assistant's configured answers). */
export const workspaceEndpoints = {
  workspaces: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/workspaces',
    query: WorkspaceQuery,
    response: z.array(Workspace),
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: 'Shape not shown in SPEC: the workspaces of the organisation (optionally of one virtual agent).'
  }),
  workspaceAnswers: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/workspaces/{id}/answers',
    params: IdParams,
    query: OrgQuery,
    response: z.array(Answer),
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: 'The response nodes of the workspace with their answers (details sorted by elementOrderPos).'
  }),
  syncWorkspaceAnswers: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/answers/workspace/{id}',
    params: IdParams,
    query: OrgQuery,
    response: WorkspaceUpdateSummary,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: "Re-reads the workspace's response nodes and answers SPEC §3's workspace update summary (field spellings as SPEC gives them)."
  }),
  nodeAnswer: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/answers/respNodeIdWrkspc/{workspaceId}/respNodeWatsonNodeId/{nodeId}',
    params: z.object({ workspaceId: IdParam, nodeId: NodeId }),
    query: OrgQuery,
    response: Answer,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: 'The answer of one node, details sorted by elementOrderPos. 404 when the node is not in the workspace.'
  }),
  upsertAnswer: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/answers',
    query: OrgQuery,
    body: UpsertAnswer,
    response: Answer,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: "Body not shown in SPEC: workspaceId, nodeId and the details (type 1–5, position, value). Creates or replaces ('Respuesta creada' / 'Respuesta actualizada')."
  }),
  deleteAnswer: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/answers',
    query: OrgQuery,
    body: DeleteAnswer,
    response: SuccessResult,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: 'Body { workspaceId, nodeId } (SPEC §7: a DELETE with a body). Answers { success }.'
  }),
  updateWorkspaceThresholds: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/workspaces/{id}/umbrales',
    params: IdParams,
    query: OrgQuery,
    body: UpdateWorkspaceThresholds,
    response: Workspace,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). The workspace's answer and options thresholds (0…1, options ≤ answer); the next turn reads them. Answers the workspace."
  }),
  tryWorkspace: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/workspaces/{id}/probar',
    params: IdParams,
    query: OrgQuery,
    body: TryWorkspaceInput,
    response: TryWorkspaceResult,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). 'Probar': what the assistant makes of a sentence with this workspace (the intent, its confidence, the answer as the web chat would get it). Records nothing."
  }),
  uploadAnswerMedia: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/answers/media',
    query: OrgQuery,
    body: AnswerMediaUpload,
    response: UploadResult,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). A file for an answer's Imagen, Documento or Video element: the upload payload (base64, up to 10 MB) and the element type; the bytes must be of the named type and the type one the element shows (no SVG). Answers the stored file, whose url the element holds."
  }),
  importWatsonExport: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/workspaces/{id}/watson-import',
    params: IdParams,
    query: WatsonImportQuery,
    response: WatsonImportResult,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    maxBodyBytes: WATSON_IMPORT_MAX_BYTES,
    note: "Path not shown in SPEC (issue 38). The body is the IBM Watson Assistant v1 export itself, as its bytes (content type application/json or application/octet-stream; UTF-8 with or without BOM), up to 10 MB (413 beyond). dryRun=true reads and compares only. Reached from the desktop through 'settings:importWatson', not 'settings:call' (its body is not JSON the main process re-serialises)."
  })
} as const;
