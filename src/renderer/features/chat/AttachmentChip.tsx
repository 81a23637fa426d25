import { useState } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Document20Regular } from '@fluentui/react-icons';
import type { FileRef } from '../../../shared/domain/chat';
import { useNotify } from '../../app/toasts';
import { isSavable } from './messages';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    maxWidth: '100%',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase200 }
});

/**
 * A file of a message: its name, and 'Guardar' when the platform serves it (the main process asks
 * where and streams it to disk). No preview: the renderer never fetches from the network.
 */
export function AttachmentChip({ file }: { file: FileRef }) {
  const styles = useStyles();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const name = file.name.trim() || 'archivo';

  async function save() {
    setSaving(true);
    const result = await window.atiende.chat.saveFile({ url: file.url, name: name.slice(0, 200) });
    setSaving(false);
    if (!result.ok) notify.error(result.error.message);
    else if (result.data) notify.success(CHAT_TEXT.fileSaved(result.data.path));
  }

  return (
    <span className={styles.chip}>
      <Document20Regular aria-hidden />
      <span className={styles.name} title={name}>
        {name}
      </span>
      {isSavable(file.url) && (
        <Button
          size="small"
          appearance="subtle"
          aria-label={CHAT_TEXT.saveFile(name)}
          icon={saving ? <Spinner size="extra-tiny" aria-hidden /> : undefined}
          disabled={saving}
          onClick={() => void save()}
        >
          {CHAT_TEXT.save}
        </Button>
      )}
    </span>
  );
}
