import { useCallback, useEffect, useRef } from 'react';
import { Body1, Field, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { EMBED_TAG, PREVIEW_PARAM, WIDGET_PAGE_PATH } from '../../../../../shared/widget-embed';
import type { PreviewMessage } from '../../../../../shared/widget-preview';
import type { SettingsForm } from '../../../../components/settings/use-settings-form';
import type { Load } from '../../../../components/use-load';
import { currentUserAtom } from '../../../session/atoms';
import { WIDGET_TEXT as T } from '../texts';
import type { WidgetLookup } from './lookup';
import { draftDesign, type WidgetValues } from './values';

const useStyles = makeStyles({
  frame: { width: '100%', maxWidth: '400px', height: '560px', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusLarge, backgroundColor: '#ffffff' }
});

/** The organisation the screen works on: the one chosen (roles 1–2), else the session's. */
export function useScreenOrg(lookup: WidgetLookup | null): number | null {
  const me = useAtomValue(currentUserAtom);
  return lookup?.idOrg ?? me?.company ?? null;
}

/**
 * The live preview: the platform's real widget page (preview=1: no chat) in a sandboxed frame
 * (scripts only: an opaque origin, no storage, no top navigation, no forms). Each edit posts the
 * draft design, which the page applies through the same theme code as a saved design.
 */
export function PreviewFrame({ form, lookup }: { form: SettingsForm<WidgetValues>; lookup: Load<WidgetLookup> }) {
  const styles = useStyles();
  const frame = useRef<HTMLIFrameElement>(null);
  const data = lookup.data;
  const org = useScreenOrg(data);
  const design = draftDesign(form.values);
  const avatarUrl = data?.avatar === '' ? null : (data?.avatarPreview ?? undefined);
  const origin = data?.origin ?? null;
  const post = useCallback(() => {
    if (!design || !origin) return;
    const message: PreviewMessage = { tag: EMBED_TAG, type: 'preview', design, ...(avatarUrl === undefined ? {} : { avatarUrl }) } as PreviewMessage;
    // The sandboxed page's origin is opaque: '*' is the only target it matches; the draft holds nothing secret.
    frame.current?.contentWindow?.postMessage(message, '*');
  }, [design, avatarUrl, origin]);
  const draftKey = JSON.stringify([design, avatarUrl]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- posted again whenever the draft changes (draftKey)
  useEffect(post, [draftKey]);
  useEffect(() => {
    // The page says when it listens (it loads after the first post): the draft goes again then.
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && (event.data as { tag?: unknown; type?: unknown } | null)?.type === 'preview-ready') post();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post]);
  if (!data) return null;
  if (!origin || org === null) return <Body1>{T.previewUnavailable}</Body1>;
  const src = `${origin}${WIDGET_PAGE_PATH}?org=${org}&va=${data.idVa}&${PREVIEW_PARAM}=1`;
  return (
    <Field label={T.preview}>
      <iframe ref={frame} className={styles.frame} title={T.preview} src={src} sandbox="allow-scripts" />
    </Field>
  );
}
