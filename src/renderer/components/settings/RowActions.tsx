import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { SETTINGS_TEXT } from './texts';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' } });

/**
 * An icon button named by its tooltip. The tooltip closes on the click: most of these buttons open a
 * dialog while the pointer still rests on them, and a tooltip left open there would take the
 * dialog's first Escape (Fluent's tooltip listens for Escape on the whole document).
 */
export function IconAction({ label, icon, disabled, onClick }: { label: string; icon: ReactElement; disabled?: boolean; onClick(): void }) {
  const [tip, setTip] = useState(false);
  return (
    <Tooltip content={label} relationship="label" visible={tip} onVisibleChange={(_, data) => setTip(data.visible)}>
      <Button
        size="small"
        appearance="subtle"
        icon={icon}
        disabled={disabled}
        onClick={() => {
          setTip(false);
          onClick();
        }}
      />
    </Tooltip>
  );
}

/** A row's Editar and Eliminar buttons (named after the row, so a keyboard or screen-reader user knows which), and any others. */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit?(): void; onDelete?(): void; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      {children}
      {onEdit ? <IconAction label={SETTINGS_TEXT.editItem(name)} icon={<Edit20Regular />} onClick={onEdit} /> : null}
      {onDelete ? <IconAction label={SETTINGS_TEXT.deleteItem(name)} icon={<Delete20Regular />} onClick={onDelete} /> : null}
    </div>
  );
}
