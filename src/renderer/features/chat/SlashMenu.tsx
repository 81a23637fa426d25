import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ResponseTemplate } from '../../../shared/domain/response-template';
import { MSG } from '../../../shared/messages';
import type { LoadState } from '../../app/load-state';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  list: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: '100%',
    marginBottom: tokens.spacingVerticalXS,
    maxHeight: '240px',
    overflowY: 'auto',
    zIndex: 10,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    padding: tokens.spacingVerticalXS
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover }
  },
  active: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  name: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase300 },
  content: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  note: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 }
});

export const slashOptionId = (listId: string, idTemplate: number) => `${listId}-${idTemplate}`;

/**
 * The templates the '/' word matches, as the listbox of the composer's combobox: the composer
 * keeps the focus and moves the active option (aria-activedescendant); a click chooses.
 */
export function SlashMenu({
  id,
  templates,
  matches,
  active,
  onChoose
}: {
  id: string;
  templates: LoadState<ResponseTemplate[]>;
  matches: readonly ResponseTemplate[];
  active: number;
  onChoose(template: ResponseTemplate): void;
}) {
  const styles = useStyles();
  const note =
    templates.status === 'rejected' ? MSG.templates.loadFailed
    : templates.status !== 'resolved' ? CHAT_TEXT.loadingOptions
    : templates.data.length === 0 ? CHAT_TEXT.noTemplates
    : matches.length === 0 ? CHAT_TEXT.slashNoMatch
    : null;
  return (
    <div id={id} role="listbox" aria-label={CHAT_TEXT.slashList} className={styles.list}>
      {note !== null ? (
        <div className={styles.note} role="status">
          {note}
        </div>
      ) : (
        matches.map((t, i) => (
          <div
            key={t.idTemplate}
            id={slashOptionId(id, t.idTemplate)}
            role="option"
            aria-selected={i === active}
            className={mergeClasses(styles.option, i === active && styles.active)}
            // Keeps the focus in the composer: the choice happens on click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(t)}
          >
            <span className={styles.name}>{t.templateName}</span>
            <span className={styles.content}>{t.templateContent}</span>
          </div>
        ))
      )}
    </div>
  );
}
