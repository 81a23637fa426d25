import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { MenuItem } from '../../shared/menus';

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
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    fontFamily: tokens.fontFamilyBase,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  group: {
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover }
  }
});

function MenuGroup({ item }: { item: MenuItem & { children: MenuItem[] } }) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(true);
  const listId = `menu-${item.id.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <li>
      <button
        type="button"
        className={mergeClasses(styles.row, styles.group)}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((e) => !e)}
      >
        {expanded ? <ChevronDown16Regular aria-hidden /> : <ChevronRight16Regular aria-hidden />}
        {item.label}
      </button>
      {expanded && <MenuList id={listId} items={item.children} nested />}
    </li>
  );
}

function MenuList({ items, nested = false, id }: { items: readonly MenuItem[]; nested?: boolean; id?: string }) {
  const styles = useStyles();
  return (
    <ul id={id} className={mergeClasses(styles.list, nested && styles.nested)}>
      {items.map((item) =>
        item.children ? (
          <MenuGroup key={item.id} item={{ ...item, children: item.children }} />
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

/** The role's menu as nested lists of links; groups fold and unfold. */
export function MenuTree({ items }: { items: readonly MenuItem[] }) {
  return <MenuList items={items} />;
}
