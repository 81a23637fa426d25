import { useSetAtom } from 'jotai';
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles } from '@fluentui/react-components';
import { TextBulletListSquare20Regular } from '@fluentui/react-icons';
import { MSG } from '../../../shared/messages';
import { insertIntoDraftAtom } from './actions';
import { FooterTool } from './ConsoleFooter';
import { useTemplates } from './templates';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({ content: { maxWidth: '360px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } });

/** The organisation's response templates; choosing one puts its text in the composer. */
export function TemplatePicker({ conversationId, disabled }: { conversationId: string; disabled: boolean }) {
  const styles = useStyles();
  const { templates, ensureLoaded } = useTemplates();
  const insert = useSetAtom(insertIntoDraftAtom);

  return (
    <Menu
      onOpenChange={(_, data) => {
        if (data.open) ensureLoaded();
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <FooterTool icon={<TextBulletListSquare20Regular />} disabled={disabled}>
          {CHAT_TEXT.templates}
        </FooterTool>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={CHAT_TEXT.templates}>
          {templates.status === 'resolved' && templates.data.length > 0 ? (
            templates.data.map((t) => (
              <MenuItem key={t.idTemplate} onClick={() => insert({ conversationId, text: t.templateContent })}>
                <span className={styles.content} title={t.templateContent}>
                  {t.templateName}
                </span>
              </MenuItem>
            ))
          ) : (
            <MenuItem disabled>
              {templates.status === 'resolved'
                ? CHAT_TEXT.noTemplates
                : templates.status === 'rejected'
                  ? MSG.templates.loadFailed
                  : CHAT_TEXT.loadingOptions}
            </MenuItem>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
