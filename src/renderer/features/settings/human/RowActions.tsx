import type { ReactNode } from 'react';
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { SETTINGS_TEXT } from './texts';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' } });

/** A row's Editar and Eliminar buttons (named after the row, so a keyboard or screen-reader user knows which), and any others. */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit?(): void; onDelete?(): void; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      {children}
      {onEdit ? (
        <Tooltip content={SETTINGS_TEXT.editItem(name)} relationship="label">
          <Button size="small" appearance="subtle" icon={<Edit20Regular />} onClick={onEdit} />
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip content={SETTINGS_TEXT.deleteItem(name)} relationship="label">
          <Button size="small" appearance="subtle" icon={<Delete20Regular />} onClick={onDelete} />
        </Tooltip>
      ) : null}
    </div>
  );
}
