import { useEffect, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSync20Regular } from '@fluentui/react-icons';
import { UPDATE_TEXT, type UpdateView } from '../../../shared/updates';
import { useNotify } from '../../app/toasts';

const useStyles = makeStyles({
  chip: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    border: '1px solid currentColor',
    borderRadius: tokens.borderRadiusCircular,
    color: 'inherit'
  },
  onBrand: { color: 'inherit' }
});

/**
 * The header's chip for the app's own update (issue 41): shown once a newer version is downloaded,
 * saying it installs at the end of the shift; 'Instalar ahora' only while the main process's policy
 * allows it (no chat held, not receiving chats) — and the main process checks again on the click.
 */
export function UpdateChip() {
  const styles = useStyles();
  const notify = useNotify();
  const [view, setView] = useState<UpdateView | null>(null);
  const [installing, setInstalling] = useState(false);
  useEffect(() => {
    let live = true;
    const off = window.atiende.on('update:changed', (next) => setView(next));
    void window.atiende.update.current().then((result) => {
      if (live && result.ok) setView((now) => now ?? result.data);
    });
    return () => {
      live = false;
      off();
    };
  }, []);
  if (view?.phase !== 'ready') return null;
  const install = async () => {
    setInstalling(true);
    const result = await window.atiende.update.install();
    setInstalling(false);
    if (!result.ok) notify.error(result.error.message);
  };
  return (
    <div className={styles.chip} role="status" data-testid="actualizacion">
      <ArrowSync20Regular aria-hidden />
      <Text className={styles.onBrand}>{UPDATE_TEXT.ready}</Text>
      {view.canInstallNow ? (
        <Button size="small" appearance="transparent" className={styles.onBrand} disabled={installing} onClick={() => void install()}>
          {UPDATE_TEXT.installNow}
        </Button>
      ) : null}
    </div>
  );
}
