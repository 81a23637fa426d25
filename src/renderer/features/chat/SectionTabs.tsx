import { useRef, type KeyboardEvent } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: { display: 'flex', gap: tokens.spacingHorizontalXS, padding: `0 ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  tab: {
    position: 'relative',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    borderBottom: '3px solid transparent',
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  selected: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, borderBottomColor: tokens.colorBrandStroke1 }
});

/**
 * The chat's section tabs (WAI-ARIA tabs, automatic activation): one tab stop, arrows, Home and End
 * move between them. Plain buttons: Fluent's TabList adds focus guards axe reports as hidden focusables.
 */
export function SectionTabs<K extends string>({
  label,
  tabs,
  selected,
  panelId,
  onSelect
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  selected: K;
  panelId: (key: K) => string;
  onSelect(key: K): void;
}) {
  const styles = useStyles();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.key === selected);
    const last = tabs.length - 1;
    const next = e.key === 'ArrowRight' ? (index + 1) % tabs.length : e.key === 'ArrowLeft' ? (index + last) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    e.preventDefault();
    onSelect(target.key);
    refs.current.get(target.key)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.key}
          ref={(el) => {
            if (el) refs.current.set(t.key, el);
            else refs.current.delete(t.key);
          }}
          type="button"
          role="tab"
          id={`${panelId(t.key)}-tab`}
          aria-selected={t.key === selected}
          aria-controls={t.key === selected ? panelId(t.key) : undefined}
          tabIndex={t.key === selected ? 0 : -1}
          className={mergeClasses(styles.tab, t.key === selected && styles.selected)}
          onClick={() => onSelect(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
