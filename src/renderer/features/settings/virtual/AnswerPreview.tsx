import { makeStyles, tokens } from '@fluentui/react-components';
import { toResponseItems, type AnswerElementRow } from '../../../../shared/answer-items';
import type { ResponseItem } from '../../../../shared/domain/interaction';
import type { LiveMessage } from '../../../../shared/realtime';
import { Messages } from '../../../../widget/Messages';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { WORKSPACES_TEXT } from './workspaces-texts';

const T = WORKSPACES_TEXT.preview;
const AT = '2026-01-01T12:00:00.000Z';

/** The widget's look for its messages (src/widget/widget.css), enough to read the answer as the customer does. */
const useStyles = makeStyles({
  frame: {
    maxWidth: '380px',
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusLarge,
    '& .messages': { listStyle: 'none', margin: 0, padding: 0 },
    '& .msg': { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
    '& .msg-sender': { fontWeight: tokens.fontWeightSemibold },
    '& .msg-image img': { maxWidth: '100%', borderRadius: tokens.borderRadiusMedium },
    '& .options': { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
    '& .option': { border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`, borderRadius: tokens.borderRadiusCircular, background: 'none', padding: `2px ${tokens.spacingHorizontalS}` },
    '& .sr-only': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
    '& p': { margin: 0 },
    '& time': { display: 'none' }
  }
});

/** The assistant's message holding these items, as the widget receives it. */
export function previewMessage(items: ResponseItem[]): LiveMessage {
  return { conversationId: 'vista-previa', seq: 1, clientId: null, tipoMensaje: 'TEXTO', tipoUsuario: 'BOT', mensaje: '', adjunto: null, items, fechaMensaje: AT };
}

/**
 * The items with the files uploaded in this editor shown from their local copy: the renderer holds
 * no token to fetch a platform file, so a stored one shows its name (the image's alternative text).
 */
export function withLocalFiles(items: ResponseItem[], local: ReadonlyMap<string, string>): ResponseItem[] {
  return items.map((item) => {
    const copy = item.itemFile ? local.get(item.itemFile.url) : undefined;
    return copy && item.itemFile ? { ...item, itemFile: { ...item.itemFile, url: copy } } : item;
  });
}

/**
 * The answer as the web chat shows it: the widget's own message rendering (src/widget/Messages.tsx)
 * fed the response items the assistant would send for these elements (shared/answer-items.ts).
 */
export function AnswerPreview({ elements, assistantName, local = new Map(), title = T.title }: { elements: readonly AnswerElementRow[]; assistantName: string; local?: ReadonlyMap<string, string>; title?: string }) {
  const styles = useStyles();
  const items = withLocalFiles(toResponseItems(elements.filter((e) => e.elementValue.trim() !== '')), local);
  return (
    <SettingsSection title={title} level="h3">
      <p>{T.hint}</p>
      <div className={styles.frame} data-testid="answer-preview">
        {items.length === 0 ? <p>{T.empty}</p> : <Messages messages={[previewMessage(items)]} pending={[]} assistantName={assistantName} agentName={null} token={null} ended onOption={() => undefined} />}
      </div>
    </SettingsSection>
  );
}
