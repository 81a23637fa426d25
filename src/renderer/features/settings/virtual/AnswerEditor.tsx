import { useRef, useState } from 'react';
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDown20Regular, ArrowUp20Regular, ArrowUpload20Regular, Delete20Regular, ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ANSWER_MEDIA_TYPES, ANSWER_TYPES, type AnswerDetail } from '../../../../shared/domain/workspace';
import { MAX_UPLOAD_BYTES } from '../../../../shared/domain/media';
import { TextAreaField } from '../../../components/settings/fields';
import { callSettings } from '../../../components/settings/settings-client';
import { fileToBase64, uploadContentType } from '../../../components/upload-file';
import { WORKSPACES_TEXT } from './workspaces-texts';

const T = WORKSPACES_TEXT.editor;

/** The five types an administrator edits (SPEC §3 "Answer type options"). */
export type EditableType = 1 | 2 | 3 | 4 | 5;
const EDITABLE: readonly number[] = Object.values(ANSWER_TYPES);
export const isEditable = (type: number): type is EditableType => EDITABLE.includes(type);
const isFile = (type: EditableType): type is 3 | 4 | 5 => type === 3 || type === 4 || type === 5;

/** One element as the editor holds it: `key` names it while it moves (dnd-kit's id). */
export interface EditorElement {
  key: string;
  type: EditableType;
  value: string;
  fallback: string;
}

let nextKey = 0;
export const newElement = (type: EditableType, value = '', fallback = ''): EditorElement => ({ key: `el-${++nextKey}`, type, value, fallback });

/** The node's stored elements of the five types, in order, for the editor. */
export function editorElements(details: readonly AnswerDetail[]): EditorElement[] {
  return [...details]
    .sort((a, b) => a.elementOrderPos - b.elementOrderPos)
    .flatMap((d) => (isEditable(d.elementTypesIdType) ? [newElement(d.elementTypesIdType, d.elementValue, d.elementFallback)] : []));
}

/** The editor's elements as the body's details: positions in the order shown; an empty fallback is left out. */
export function detailsOf(elements: readonly EditorElement[]) {
  return elements.map((e, i) => ({
    elementTypesIdType: e.type,
    elementOrderPos: i,
    elementValue: e.value,
    ...(e.fallback.trim() === '' ? {} : { elementFallback: e.fallback })
  }));
}

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1
  },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  actions: { display: 'flex', flexDirection: 'column' },
  add: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', marginTop: tokens.spacingVerticalS }
});

const TYPE_OPTIONS = Object.entries(ANSWER_TYPES).map(([label, value]) => ({ value, label }));

function announcements(elements: readonly EditorElement[]): Announcements {
  const place = (id: unknown) => elements.findIndex((e) => e.key === id) + 1;
  return {
    onDragStart: ({ active }) => T.dnd.picked(place(active.id), elements.length),
    onDragOver: ({ over }) => (over ? T.dnd.over(place(over.id), elements.length) : undefined),
    onDragEnd: ({ over }) => (over ? T.dnd.dropped(place(over.id), elements.length) : T.dnd.cancelled),
    onDragCancel: () => T.dnd.cancelled
  };
}

interface ElementProps {
  element: EditorElement;
  place: number;
  count: number;
  error(path: string): string | undefined;
  idOrg: number | null;
  onChange(patch: Partial<EditorElement>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  /** A file uploaded here: its platform url and a local copy the preview can show (the renderer holds no token to fetch it). */
  onUploaded(url: string, local: string): void;
}

function ElementRow({ element, place, count, error, idOrg, onChange, onMove, onRemove, onUploaded }: ElementProps) {
  const styles = useStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id: element.key });
  const picker = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ busy: boolean; message: string | null; failed: boolean }>({ busy: false, message: null, failed: false });
  const index = place - 1;
  const typeName = WORKSPACES_TEXT.types[element.type] ?? '';
  const type = element.type;

  async function send(file: File) {
    if (!isFile(type)) return;
    if (file.size > MAX_UPLOAD_BYTES) return setUpload({ busy: false, message: T.tooLarge, failed: true });
    setUpload({ busy: true, message: null, failed: false });
    const result = await callSettings('uploadAnswerMedia', {
      body: { data: await fileToBase64(file), format_type: 'base64', content_type: uploadContentType(file), name: file.name, elementTypesIdType: type },
      idOrg
    });
    if (!result.ok) return setUpload({ busy: false, message: `${T.uploadFailed}: ${result.error.message}`, failed: true });
    onChange({ value: result.data.url });
    onUploaded(result.data.url, URL.createObjectURL(file));
    setUpload({ busy: false, message: T.uploaded(file.name), failed: false });
  }

  const valueError = error(`details.${index}.elementValue`);
  return (
    <li ref={setNodeRef} className={styles.item} style={{ transform: CSS.Transform.toString(transform), transition }} data-testid="answer-element">
      <Button ref={setActivatorNodeRef} appearance="subtle" icon={<ReOrderDotsVertical20Regular />} aria-label={T.move(place)} {...attributes} {...listeners} />
      <div className={styles.fields}>
        <div className={styles.row}>
          <Field label={T.type(place)}>
            <Select value={String(type)} onChange={(_, d) => {
                const next = Number(d.value) as EditableType;
                // A Texto is its own plain text: it keeps no fallback.
                onChange({ type: next, value: '', ...(next === 1 ? { fallback: '' } : {}) });
              }}>
              {TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
          {isFile(type) ? (
            <>
              <Button icon={upload.busy ? <Spinner size="tiny" aria-hidden /> : <ArrowUpload20Regular />} disabled={upload.busy} onClick={() => picker.current?.click()}>
                {upload.busy ? T.uploading : T.upload(place)}
              </Button>
              <input
                ref={picker}
                type="file"
                hidden
                aria-label={T.upload(place)}
                accept={ANSWER_MEDIA_TYPES[type].join(',')}
                data-testid={`answer-element-file-${place}`}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) void send(file);
                }}
              />
            </>
          ) : null}
        </div>
        {type === 1 ? (
          <TextAreaField label={T.value(place, typeName)} name={`details.${index}.elementValue`} required value={element.value} rows={3} onChange={(value) => onChange({ value })} error={valueError} />
        ) : (
          <Field label={T.value(place, typeName)} required validationMessage={valueError} validationState={valueError ? 'error' : 'none'}>
            <Input name={`details.${index}.elementValue`} value={element.value} placeholder={T.placeholder[type]} onChange={(_, d) => onChange({ value: d.value })} />
          </Field>
        )}
        {upload.message ? (
          <Caption1 role={upload.failed ? 'alert' : 'status'} style={{ color: upload.failed ? tokens.colorPaletteRedForeground1 : undefined }}>
            {upload.message}
          </Caption1>
        ) : null}
        {type !== 1 ? (
          <Field label={T.fallback(place)} hint={T.fallbackHint} validationMessage={error(`details.${index}.elementFallback`)} validationState={error(`details.${index}.elementFallback`) ? 'error' : 'none'}>
            <Input name={`details.${index}.elementFallback`} value={element.fallback} onChange={(_, d) => onChange({ fallback: d.value })} />
          </Field>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button appearance="subtle" icon={<ArrowUp20Regular />} aria-label={T.up(place)} disabled={place === 1} onClick={() => onMove(-1)} />
        <Button appearance="subtle" icon={<ArrowDown20Regular />} aria-label={T.down(place)} disabled={place === count} onClick={() => onMove(1)} />
        <Button appearance="subtle" icon={<Delete20Regular />} aria-label={T.remove(place)} onClick={onRemove} />
      </div>
    </li>
  );
}

/**
 * The ordered elements of an answer: each of the five types with its value (a file uploaded to the
 * platform through the main process for Imagen, Documento and Video) and its fallback text. They are
 * reordered by dragging their handle, by keyboard on it (space, arrows, space) or with the up and
 * down buttons. Nothing is refused here for a channel: the fallback is applied when the answer is sent.
 */
export function AnswerEditor({
  elements,
  onChange,
  error,
  kept,
  idOrg,
  onUploaded
}: {
  elements: readonly EditorElement[];
  onChange(elements: EditorElement[]): void;
  /** The message under a path of the body ('details.0.elementValue', 'details'). */
  error(path: string): string | undefined;
  /** How many other elements (options) the node keeps after these. */
  kept: number;
  idOrg: number | null;
  onUploaded(url: string, local: string): void;
}) {
  const styles = useStyles();
  const [adding, setAdding] = useState<EditableType>(1);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const patch = (key: string, p: Partial<EditorElement>) => onChange(elements.map((e) => (e.key === key ? { ...e, ...p } : e)));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= elements.length) return;
    onChange(arrayMove([...elements], from, to));
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      elements.findIndex((e) => e.key === active.id),
      elements.findIndex((e) => e.key === over.id)
    );
  };
  const listError = error('details');

  return (
    <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend>{T.title}</legend>
      <Caption1 block>{T.hint}</Caption1>
      {listError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{listError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {elements.length === 0 ? <p>{T.empty}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped} accessibility={{ announcements: announcements(elements), screenReaderInstructions: { draggable: T.dnd.instructions } }}>
        <SortableContext items={elements.map((e) => e.key)} strategy={verticalListSortingStrategy}>
          <ol className={styles.list} aria-label={T.title}>
            {elements.map((element, i) => (
              <ElementRow
                key={element.key}
                element={element}
                place={i + 1}
                count={elements.length}
                error={error}
                idOrg={idOrg}
                onChange={(p) => patch(element.key, p)}
                onMove={(by) => move(i, i + by)}
                onRemove={() => onChange(elements.filter((e) => e.key !== element.key))}
                onUploaded={onUploaded}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {kept > 0 ? <Caption1 block>{T.kept(kept)}</Caption1> : null}
      <div className={styles.add}>
        <Field label={T.addType}>
          <Select value={String(adding)} onChange={(_, d) => setAdding(Number(d.value) as EditableType)}>
            {TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button onClick={() => onChange([...elements, newElement(adding)])}>{T.add}</Button>
      </div>
    </fieldset>
  );
}
