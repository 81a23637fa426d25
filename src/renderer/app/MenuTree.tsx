import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Chat16Regular, ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { MenuAction, MenuItem } from '../../shared/menus';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0 },
  nested: { paddingLeft: tokens.spacingHorizontalM },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    width: '100%',
    boxSizing: 'border-box',
    minHeight: '36px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    // The drawer's text colour (colores.secundario, made readable); hover shifts the drawer's background away from it (wear.ts drawerHover).
    color: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontFamily: tokens.fontFamilyBase,
    textDecoration: 'none',
    ':hover': { backgroundColor: 'var(--atiende-menu-hover, transparent)' },
    ':focus-visible': { outline: '2px solid currentColor', outlineOffset: '-2px' }
  },
  group: {
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold
  },
  /** A special action (SPEC §2): a button that reads as an entry of the menu. */
  action: { border: 'none', background: 'none', cursor: 'pointer', textAlign: 'left' },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover }
  }
});

/** Whether `path` is the page shown or a page under it (a conversation under the history). */
function holds(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The ids of the groups that hold the page shown, outermost first. */
export function groupsHolding(items: readonly MenuItem[], pathname: string): string[] {
  for (const item of items) {
    if (item.children) {
      const inner = groupsHolding(item.children, pathname);
      if (inner.length > 0 || item.children.some((c) => c.path !== undefined && holds(c.path, pathname))) return [item.id, ...inner];
    }
  }
  return [];
}

interface Folding {
  expanded(id: string): boolean;
  toggle(id: string): void;
  /** Runs an action entry (SPEC §2's special actions). */
  run(action: MenuAction): void;
}

function MenuGroup({ item, folding }: { item: MenuItem & { children: MenuItem[] }; folding: Folding }) {
  const styles = useStyles();
  const expanded = folding.expanded(item.id);
  const listId = `menu-${item.id.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <li>
      <button
        type="button"
        className={mergeClasses(styles.row, styles.group)}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => folding.toggle(item.id)}
      >
        {expanded ? <ChevronDown16Regular aria-hidden /> : <ChevronRight16Regular aria-hidden />}
        {item.label}
      </button>
      {expanded && <MenuList id={listId} items={item.children} folding={folding} nested />}
    </li>
  );
}

function MenuList({ items, folding, nested = false, id }: { items: readonly MenuItem[]; folding: Folding; nested?: boolean; id?: string }) {
  const styles = useStyles();
  return (
    <ul id={id} className={mergeClasses(styles.list, nested && styles.nested)}>
      {items.map((item) =>
        item.children ? (
          <MenuGroup key={item.id} item={{ ...item, children: item.children }} folding={folding} />
        ) : item.action ? (
          <li key={item.id}>
            <button type="button" className={mergeClasses(styles.row, styles.action)} onClick={() => item.action && folding.run(item.action)}>
              <Chat16Regular aria-hidden />
              {item.label}
            </button>
          </li>
        ) : item.path ? (
          <li key={item.id}>
            <NavLink
              to={item.path}
              end
              className={({ isActive }) => mergeClasses(styles.row, isActive && styles.active)}
            >
              {item.label}
            </NavLink>
          </li>
        ) : null
      )}
    </ul>
  );
}

/**
 * The role's menu as nested lists of links (and buttons for the special actions: 'Atender chats'). Only the groups holding the page shown are open, so
 * the longest menu (an administrator's) fits the window; any group opens and closes on a click
 * (or Enter/Space), and going to another page folds the menu around that page again.
 */
export function MenuTree({ items, onAction }: { items: readonly MenuItem[]; onAction(action: MenuAction): void }) {
  const { pathname } = useLocation();
  const holding = useMemo(() => new Set(groupsHolding(items, pathname)), [items, pathname]);
  const [choices, setChoices] = useState<{ pathname: string; open: Record<string, boolean> }>({ pathname, open: {} });
  // Derived state, adjusted during render (React's documented pattern): a new page forgets the folds chosen on the last one.
  if (choices.pathname !== pathname) setChoices({ pathname, open: {} });
  const open = choices.pathname === pathname ? choices.open : {};
  const folding: Folding = {
    expanded: (id) => open[id] ?? holding.has(id),
    toggle: (id) => setChoices({ pathname, open: { ...open, [id]: !(open[id] ?? holding.has(id)) } }),
    run: onAction
  };
  return <MenuList items={items} folding={folding} />;
}
