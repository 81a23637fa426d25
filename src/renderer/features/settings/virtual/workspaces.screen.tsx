import { Body1, Caption1 } from '@fluentui/react-components';
import type { z } from 'zod';
import { UpsertAnswer, type Answer, type AnswerDetail, type Workspace } from '../../../../shared/domain/workspace';
import type { IpcResult } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { DataState } from '../../../components/DataState';
import { useLoad } from '../../../components/use-load';
import { checkWith, type FieldErrors, type FormCheck } from '../../../components/settings/form';
import { ListScreen, listScreen, type ListContext } from '../../../components/settings/ListScreen';
import { SelectField } from '../../../components/settings/fields';
import { callSettings } from '../../../components/settings/settings-client';
import type { Editing } from '../../../components/settings/use-settings-list';
import { AnswerEditor, detailsOf, editorElements, isEditable, newElement, type EditorElement } from './AnswerEditor';
import { AnswerPreview } from './AnswerPreview';
import { WatsonImportDialog } from './WatsonImportDialog';
import { WorkspacePanel } from './WorkspacePanel';
import { WORKSPACES_TEXT as T } from './workspaces-texts';

/** A node's answer as listed: with its workspace's name. */
export type AnswerRow = Answer & { workspaceName: string };

/** What the form edits: the node ('workspaceId:nodeId'), the elements of the five types, what the node keeps (options) and the files uploaded here. */
export interface AnswerValues {
  node: string;
  workspaceName: string;
  elements: EditorElement[];
  kept: AnswerDetail[];
  /** Platform url → a local copy of the file uploaded in this form, for the preview. */
  local: Record<string, string>;
}

/** The nodes without an answer yet (offered by 'Nueva respuesta') and the assistant's name (the preview's sender). */
export interface AnswerLookup {
  free: { key: string; label: string; workspaceName: string }[];
  assistantName: string;
}

const nodeKey = (workspaceId: number, nodeId: string) => `${workspaceId}:${nodeId}`;
const rowKey = (a: Answer) => nodeKey(a.workspaceId, a.nodeId);

function splitKey(key: string): { workspaceId: number; nodeId: string } | null {
  const at = key.indexOf(':');
  if (at <= 0) return null;
  return { workspaceId: Number(key.slice(0, at)), nodeId: key.slice(at + 1) };
}

const typeSummary = (a: Answer) => [...new Set([...a.details].sort((x, y) => x.elementOrderPos - y.elementOrderPos).map((d) => T.types[d.elementTypesIdType] ?? String(d.elementTypesIdType)))];

async function workspacesOf({ scope }: ListContext): Promise<IpcResult<Workspace[]>> {
  return callSettings('workspaces', { query: scope.idVa === null ? {} : { idVa: scope.idVa }, idOrg: scope.idOrg });
}

/** The answers of every workspace of the virtual agent, those of nodes that have one. */
async function loadAnswers(context: ListContext): Promise<IpcResult<AnswerRow[]>> {
  const workspaces = await workspacesOf(context);
  if (!workspaces.ok) return workspaces;
  const rows: AnswerRow[] = [];
  for (const w of workspaces.data) {
    const answers = await callSettings('workspaceAnswers', { params: { id: w.id }, idOrg: context.scope.idOrg });
    if (!answers.ok) return answers;
    rows.push(...answers.data.filter((a) => a.details.length > 0).map((a) => ({ ...a, workspaceName: w.name })));
  }
  return { ok: true, data: rows };
}

/** The nodes still without an answer (SPEC §3's update summary lists them) and the virtual agent's name. */
async function loadLookup(context: ListContext): Promise<IpcResult<AnswerLookup>> {
  const workspaces = await workspacesOf(context);
  if (!workspaces.ok) return workspaces;
  const free: AnswerLookup['free'] = [];
  for (const w of workspaces.data) {
    const summary = await callSettings('syncWorkspaceAnswers', { params: { id: w.id }, idOrg: context.scope.idOrg });
    if (!summary.ok) return summary;
    free.push(...summary.data.listNewResponseNodes.map((n) => ({ key: nodeKey(w.id, n.nodeId), label: workspaces.data.length > 1 ? `${n.nodeName} (${w.name})` : n.nodeName, workspaceName: w.name })));
  }
  const agents = await callSettings('virtualAgents', { idOrg: context.scope.idOrg });
  const assistantName = (agents.ok ? agents.data.find((a) => a.idVa === context.scope.idVa)?.name : undefined) ?? 'Asistente virtual';
  return { ok: true, data: { free, assistantName } };
}

/** The body sent, and the workspace's name for the listed row. */
type Body = { answer: z.output<typeof UpsertAnswer>; workspaceName: string };

/**
 * The form checked with the catalogue's body schema. Each element's message goes under it (by its
 * path, 'details.0.elementValue'), the list's own ('at least one') above the elements.
 */
function checkAnswer(values: AnswerValues): FormCheck<Body> {
  const node = splitKey(values.node);
  const checked = checkWith(UpsertAnswer, { workspaceId: node?.workspaceId ?? 0, nodeId: node?.nodeId ?? '', details: detailsOf(values.elements) });
  const missingNode: FieldErrors = node ? {} : { node: T.nodeRequired };
  if (checked.ok && node) return { ok: true, data: { answer: checked.data, workspaceName: values.workspaceName } };
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors, ...checked.byPath };
  // 'details' alone is the list's own message ('at least one', repeated positions), not its first element's.
  if (!checked.ok && checked.byPath.details === undefined) delete errors.details;
  if (errors.workspaceId || errors.nodeId) errors.node = errors.nodeId ?? errors.workspaceId ?? T.nodeRequired;
  const all = { ...errors, ...missingNode };
  return { ok: false, errors: all, byPath: all, first: Object.values(all)[0] ?? '' };
}

function initial(editing: Editing<AnswerRow>): AnswerValues {
  if (editing.mode === 'create') return { node: '', workspaceName: '', elements: [newElement(1)], kept: [], local: {} };
  const a = editing.item;
  return { node: rowKey(a), workspaceName: a.workspaceName, elements: editorElements(a.details), kept: a.details.filter((d) => !isEditable(d.elementTypesIdType)), local: {} };
}

/** What the preview shows: the elements as they stand, then what the node keeps (options), as the platform will store them. */
function previewElements(values: AnswerValues) {
  const shown = detailsOf(values.elements);
  return [...shown, ...values.kept.map((k, i) => ({ ...k, elementOrderPos: shown.length + i }))];
}

/**
 * SPEC §2 configuracion/asesor-virtual/workspaces: per virtual agent, the answers of its workspaces'
 * response nodes — an ordered list of Texto, Link, Imagen, Documento and Video elements, each with
 * its fallback text, previewed as the web chat shows them — and, below, each workspace with its
 * thresholds, its update summary, 'Probar' and the Watson import.
 */
export const workspacesScreen = listScreen<AnswerRow, AnswerValues, Body, AnswerLookup>({
  screen: 'workspaces',
  description: T.intro,
  scope: { virtualAgent: true },
  calls: { list: 'workspaceAnswers', create: 'upsertAnswer', update: 'upsertAnswer', remove: 'deleteAnswer' },
  load: loadAnswers,
  lookup: loadLookup,
  lookupFollowsRows: true,
  key: rowKey,
  name: (a) => a.nodeName,
  created: 'append',
  columns: [
    { key: 'nodo', header: T.node, render: (a) => a.nodeName },
    { key: 'workspace', header: T.workspace, render: (a) => a.workspaceName },
    {
      key: 'respuesta',
      header: T.answer,
      render: (a) => (
        <span>
          <Body1 block>{T.summaryOf(typeSummary(a))}</Body1>
          <Caption1>{T.elementsCount(a.details.length)}</Caption1>
        </span>
      )
    }
  ],
  form: {
    initial,
    check: (values) => checkAnswer(values),
    extra: (values, rows, editing): FieldErrors => (editing.mode === 'create' && rows.some((r) => rowKey(r) === values.node) ? { node: T.nodeAnswered } : {}),
    fields: (editing, context) => [
      editing.mode === 'create'
        ? {
            kind: 'custom',
            name: 'node',
            label: T.node,
            render: (form, lookup) => (
              <DataState status={lookup.status} errorTitle={MSG.workspaces.answersLoadFailed} errorDetail={lookup.error?.message} empty={false} onRetry={lookup.reload} level="h3">
                {lookup.data && lookup.data.free.length === 0 ? <p>{T.noFreeNodes}</p> : null}
                <SelectField label={T.node} name="node" value={form.values.node} options={(lookup.data?.free ?? []).map((n) => ({ value: n.key, label: n.label }))} onChange={(node) => form.change({ node, workspaceName: lookup.data?.free.find((n) => n.key === node)?.workspaceName ?? '' })} error={form.error('node')} />
              </DataState>
            )
          }
        : {
            kind: 'custom',
            label: T.node,
            render: () => (
              <p>
                {T.node}: <strong>{editing.item.nodeName}</strong> ({editing.item.workspaceName})
              </p>
            )
          },
      {
        kind: 'custom',
        // The generated tests type the first element's text (a new answer starts with one Texto).
        name: 'elements',
        label: 'Texto del elemento 1',
        render: (form, lookup) => {
          const idOrg = context.scope.idOrg;
          return (
            <>
              <AnswerEditor
                elements={form.values.elements}
                onChange={(elements) => form.change({ elements })}
                error={(path) => form.error(path)}
                kept={form.values.kept.length}
                idOrg={idOrg}
                onUploaded={(url, local) => form.change({ local: { ...form.values.local, [url]: local } })}
              />
              <AnswerPreview elements={previewElements(form.values)} assistantName={lookup.data?.assistantName ?? 'Asistente virtual'} local={new Map(Object.entries(form.values.local))} />
            </>
          );
        }
      }
    ]
  },
  save: async ({ answer, workspaceName }, _editing, { scope }) => {
    const saved = await callSettings('upsertAnswer', { body: answer, idOrg: scope.idOrg });
    return saved.ok ? { ok: true, data: { ...saved.data, workspaceName } } : saved;
  },
  remove: (a, { scope }) => callSettings('deleteAnswer', { body: { workspaceId: a.workspaceId, nodeId: a.nodeId }, idOrg: scope.idOrg }),
  texts: {
    list: T.list,
    create: T.create,
    createTitle: T.createTitle,
    editTitle: (a) => T.editTitle(a.nodeName),
    deleteWhat: (a) => T.deleteWhat(a.nodeName),
    deleteText: (a) => T.deleteText(a.nodeName)
  },
  messages: {
    loadFailed: MSG.workspaces.loadFailed,
    created: MSG.workspaces.answerCreated,
    createFailed: MSG.workspaces.answerCreateFailed,
    updated: MSG.workspaces.answerUpdated,
    updateFailed: MSG.workspaces.answerUpdateFailed,
    deleted: MSG.workspaces.answerDeleted,
    deleteFailed: MSG.workspaces.answerDeleteFailed
  }
});

/** Below the answers: each workspace of the virtual agent with its thresholds, its update summary, 'Probar' and the Watson import. */
export function WorkspacesSection({ context, onImported }: { context: ListContext; onImported(): void }) {
  const { idOrg, idVa } = context.scope;
  const load = useLoad(JSON.stringify(['workspaces-panels', idOrg, idVa]), () => workspacesOf(context));
  const agents = useLoad(JSON.stringify(['workspaces-agent', idOrg]), () => callSettings('virtualAgents', { idOrg }));
  const assistantName = agents.data?.find((a) => a.idVa === idVa)?.name ?? 'Asistente virtual';
  const list = load.data ?? [];
  return (
    <DataState status={load.status} errorTitle={MSG.workspaces.loadFailed} errorDetail={load.error?.message} empty={list.length === 0} onRetry={load.reload} level="h2">
      {list.map((w) => (
        <WorkspacePanel
          key={w.id}
          workspace={w}
          idOrg={idOrg}
          assistantName={assistantName}
          importTool={
            idVa === null ? null : (
              <WatsonImportDialog
                key={w.id}
                workspaceId={w.id}
                idVa={idVa}
                idOrg={idOrg}
                onImported={() => {
                  // The import changed nodes and answers: the table and the panels read them again.
                  load.refresh();
                  onImported();
                }}
              />
            )
          }
          onSaved={(saved) => load.update((all) => all.map((x) => (x.id === saved.id ? saved : x)))}
        />
      ))}
    </DataState>
  );
}

/** The page of workspaces (screens.ts loads it). */
export function WorkspacesScreen() {
  return <ListScreen descriptor={workspacesScreen}>{(_rows, context, list) => <WorkspacesSection context={context} onImported={list.refresh} />}</ListScreen>;
}
