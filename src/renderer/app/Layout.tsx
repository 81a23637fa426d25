import { UpdateChip } from '../features/updates/UpdateChip';
import { Fragment, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, DrawerBody, InlineDrawer, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Navigation24Regular, SignOut20Regular } from '@fluentui/react-icons';
import { UI } from '../../shared/constants';
import { LOGIN_PATH, pruneMenu } from '../../shared/menus';
import { ROLE_LABELS } from '../../shared/roles';
import { readable } from '../../shared/color';
import { designViewAtom } from '../features/design/atoms';
import { currentUserAtom } from '../features/session/atoms';
import { logoutAtom } from '../features/session/actions';
import { AdministerEntityAction, AdministeringBanner } from '../features/session/AdministerEntity';
import { AttendingChatsBanner, useMenuAction } from '../features/session/AttendChats';
import { viewTreeAtom } from '../features/session/entity';
import { MenuTree } from './MenuTree';
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
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '48px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    flexShrink: 0
  },
  // The header wears the design's colores.header (inline style); its texts and buttons take its text colour.
  onBrand: { color: 'inherit' },
  brand: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500, color: 'inherit' },
  logo: { height: '32px', maxWidth: '160px', objectFit: 'contain', display: 'block' },
  organisation: { color: 'inherit', fontSize: tokens.fontSizeBase300 },
  spacer: { flexGrow: 1 },
  user: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: tokens.lineHeightBase200 },
  userText: { color: 'inherit', fontSize: tokens.fontSizeBase200 },
  body: { flexGrow: 1, display: 'flex', minHeight: 0 },
  drawer: { height: '100%', flexShrink: 0, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  drawerBody: { paddingTop: tokens.spacingVerticalM },
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
  const { design, logo } = useAtomValue(designViewAtom);
  const header = readable(design.colores.header);
  // The role's tree, or the one a special action set (SPEC §2: 'Administrar entidad', 'Atender chats').
  const view = useAtomValue(viewTreeAtom);
  const runAction = useMenuAction();
  const menu = useMemo(() => (view ? pruneMenu(view.tree, (path) => pageExists(path, view.pageRole)) : []), [view]);

  if (!user) return null;

  async function signOut() {
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  }

  const drawerStyle = { '--fui-Drawer--size': `${UI.drawer.width}px` } as CSSProperties;

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
      <header className={styles.topBar} style={{ backgroundColor: header.background, color: header.color }} data-testid="cabecera">
        <Button
          appearance="transparent"
          className={styles.onBrand}
          icon={<Navigation24Regular />}
          aria-label={open ? 'Ocultar menú' : 'Mostrar menú'}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((o) => !o)}
        />
        {logo ? <img className={styles.logo} src={logo} alt={`Logo de ${user.nameCompany}`} data-testid="logo" /> : null}
        <Text className={styles.brand}>Atiende</Text>
        <Text className={styles.organisation} data-testid="organizacion">
          {user.nameCompany}
        </Text>
        <div className={styles.spacer} />
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
      </header>
      <AdministeringBanner />
      <AttendingChatsBanner />
      <div className={styles.body}>
        <InlineDrawer id={MENU_ID} open={open} separator className={styles.drawer} style={drawerStyle}>
          <DrawerBody className={styles.drawerBody}>
            <nav aria-label="Menú principal">
              <MenuTree items={menu} onAction={(action) => void runAction(action)} />
            </nav>
          </DrawerBody>
        </InlineDrawer>
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
