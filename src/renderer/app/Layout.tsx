import { UpdateChip } from '../features/updates/UpdateChip';
import { Fragment, useMemo, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SignOut20Regular } from '@fluentui/react-icons';
import { UI } from '../../shared/constants';
import { LOGIN_PATH, pruneMenu } from '../../shared/menus';
import { ROLE_LABELS } from '../../shared/roles';
import { currentUserAtom } from '../features/session/atoms';
import { logoutAtom } from '../features/session/actions';
import { AdministerEntityAction, AdministeringBanner } from '../features/session/AdministerEntity';
import { AttendingChatsBanner, useMenuAction } from '../features/session/AttendChats';
import { viewTreeAtom } from '../features/session/entity';
import { MenuDrawer } from './MenuDrawer';
import { TopBar } from './TopBar';
import { pageExists } from './pages';

const useStyles = makeStyles({
  shell: { height: '100%', display: 'flex', flexDirection: 'column' },
  skip: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': {
      left: tokens.spacingHorizontalS,
      top: tokens.spacingVerticalS,
      zIndex: 10,
      padding: tokens.spacingHorizontalS,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorBrandForegroundLink
    }
  },
  // On the top bar: they take its text colour.
  onBrand: { color: 'inherit' },
  user: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: tokens.lineHeightBase200 },
  userText: { color: 'inherit', fontSize: tokens.fontSizeBase200 },
  body: { flexGrow: 1, display: 'flex', minHeight: 0 },
  content: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'auto',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
    ':focus': { outline: 'none' }
  }
});

const MENU_ID = 'menu-lateral';

/** The signed-in frame: top bar, the role's menu in a drawer (open by default, 260 px), the page. */
export function Layout() {
  const styles = useStyles();
  const user = useAtomValue(currentUserAtom);
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean>(UI.drawer.openByDefault);
  const mainRef = useRef<HTMLElement>(null);
  // The role's tree, or the one a special action set (SPEC §2: 'Administrar entidad', 'Atender chats').
  const view = useAtomValue(viewTreeAtom);
  const runAction = useMenuAction();
  const menu = useMemo(() => (view ? pruneMenu(view.tree, (path) => pageExists(path, view.pageRole)) : []), [view]);

  if (!user) return null;

  async function signOut() {
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <div className={styles.shell}>
      <a
        href="#contenido"
        className={styles.skip}
        onClick={(e) => {
          // The router may own the URL hash, so move focus without touching it.
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Saltar al contenido
      </a>
      <TopBar organisation={user.nameCompany} menu={{ open, controls: MENU_ID, onToggle: () => setOpen((o) => !o) }}>
        <UpdateChip />
        <AdministerEntityAction />
        <div className={styles.user}>
          <Text className={styles.userText} weight="semibold" data-testid="usuario">
            {user.email}
          </Text>
          <Text className={styles.userText} data-testid="rol">
            {ROLE_LABELS[user.role]}
          </Text>
        </div>
        <Button appearance="transparent" className={styles.onBrand} icon={<SignOut20Regular />} onClick={() => void signOut()}>
          Cerrar sesión
        </Button>
      </TopBar>
      <AdministeringBanner />
      <AttendingChatsBanner />
      <div className={styles.body}>
        <MenuDrawer id={MENU_ID} open={open} items={menu} onAction={(action) => void runAction(action)} />
        <main id="contenido" ref={mainRef} tabIndex={-1} className={styles.content}>
          {/* A new organisation or tree in view ('Administrar entidad', 'Atender chats', 'Volver') mounts the page afresh: nothing of the other one stays. */}
          <Fragment key={view?.administering ? `entidad:${view.administering.idOrg}` : view?.attendingChats ? 'chats' : 'propia'}>
            <Outlet />
          </Fragment>
        </main>
      </div>
    </div>
  );
}
