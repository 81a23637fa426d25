import type { CSSProperties } from 'react';
import { DrawerBody, InlineDrawer, makeStyles, tokens } from '@fluentui/react-components';
import { UI } from '../../shared/constants';
import type { MenuAction, MenuItem } from '../../shared/menus';
import { useWornColours } from '../features/design/worn';
import { MenuTree } from './MenuTree';

const useStyles = makeStyles({
  drawer: { height: '100%', flexShrink: 0, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  drawerBody: { paddingTop: tokens.spacingVerticalM }
});

/**
 * The side menu (open by default, 260 px), wearing the design's colores.secundario (its text made
 * readable): the role's tree. The editor's preview draws this same drawer with a sample tree.
 */
export function MenuDrawer({ id, open, items, label = 'Menú principal', onAction }: { id: string; open: boolean; items: MenuItem[]; label?: string; onAction(action: MenuAction): void }) {
  const styles = useStyles();
  const { drawer, drawerHover } = useWornColours();
  const style = { '--fui-Drawer--size': `${UI.drawer.width}px`, '--atiende-menu-hover': drawerHover, backgroundColor: drawer.background, color: drawer.color } as CSSProperties;
  return (
    <InlineDrawer id={id} open={open} separator className={styles.drawer} style={style} data-testid="menu-lateral">
      <DrawerBody className={styles.drawerBody}>
        <nav aria-label={label}>
          <MenuTree items={items} onAction={onAction} />
        </nav>
      </DrawerBody>
    </InlineDrawer>
  );
}
