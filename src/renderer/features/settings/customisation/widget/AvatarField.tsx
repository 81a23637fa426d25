import { useRef, useState } from 'react';
import { Body1, Button, Field, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../../../shared/domain/dashboard-design';
import { MSG } from '../../../../../shared/messages';
import { useNotify } from '../../../../app/toasts';
import { ConfirmDialog } from '../../../../components/settings/ConfirmDialog';
import { callSettings } from '../../../../components/settings/settings-client';
import { fileToBase64 } from '../../../../components/upload-file';
import type { Load } from '../../../../components/use-load';
import { WIDGET_TEXT as T } from '../texts';
import type { WidgetLookup } from './lookup';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  image: { width: '48px', height: '48px', borderRadius: '50%', objectFit: 'cover', border: `1px solid ${tokens.colorNeutralStroke1}` },
  hidden: { display: 'none' }
});

/**
 * The virtual agent's avatar (SPEC §4: set or cleared), saved on its own, apart from the design's
 * 'Guardar': a picked PNG/JPEG/WebP goes up through uploadDesignImage, then upsertWidgetAvatar
 * takes its url; 'Quitar avatar' asks first, then saves ''. The preview shows the picked file.
 */
export function AvatarField({ lookup }: { lookup: Load<WidgetLookup> }) {
  const styles = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const data = lookup.data;
  if (!data) return null;

  async function save(url: string, preview: string | null): Promise<boolean> {
    if (!data) return false;
    const saved = await callSettings('upsertWidgetAvatar', { query: { idVa: data.idVa }, body: { url }, idOrg: data.idOrg });
    if (!saved.ok) {
      setProblem(saved.error.message);
      notify.error(MSG.widget.avatarUpdateFailed);
      return false;
    }
    lookup.update((l) => ({ ...l, avatar: saved.data.url, avatarPreview: preview }));
    setProblem(null);
    notify.success(MSG.widget.avatarUpdated);
    return true;
  }

  async function picked(file: File) {
    if (!LOGO_TYPES.has(file.type)) {
      setProblem(T.avatarType);
      return;
    }
    setBusy(true);
    const base64 = await fileToBase64(file);
    const uploaded =
      file.size > LOGO_MAX_BYTES
        ? null
        : await callSettings('uploadDesignImage', { body: { data: base64, format_type: 'base64', content_type: file.type, name: file.name }, idOrg: data?.idOrg });
    if (!uploaded || !uploaded.ok) {
      setBusy(false);
      setProblem(uploaded ? uploaded.error.message : `El avatar no puede superar ${LOGO_MAX_BYTES / (1024 * 1024)} MB`);
      notify.error(MSG.widget.avatarUpdateFailed);
      return;
    }
    await save(uploaded.data.url, `data:${file.type};base64,${base64}`);
    setBusy(false);
  }

  const shown = data.avatarPreview;
  return (
    <Field label={T.avatar} hint={T.avatarHint}>
      <div className={styles.row}>
        {data.avatar === null ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{MSG.widget.avatarLoadFailed}</MessageBarBody>
          </MessageBar>
        ) : data.avatar === '' ? (
          <Body1>{T.avatarNone}</Body1>
        ) : shown ? (
          <img className={styles.image} src={shown} alt={T.avatarAlt} />
        ) : (
          <Body1>{T.avatarSet}</Body1>
        )}
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={T.avatarPick}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void picked(file);
          }}
        />
        <Button disabled={busy} onClick={() => input.current?.click()}>
          {T.avatarPick}
        </Button>
        {data.avatar ? (
          <Button disabled={busy} onClick={() => setConfirming(true)}>
            {T.avatarClear}
          </Button>
        ) : null}
      </div>
      {problem ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={T.avatarClearTitle}
          text={T.avatarClearText}
          confirmLabel={T.avatarClear}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            await save('', null);
            setConfirming(false);
          }}
        />
      ) : null}
    </Field>
  );
}
