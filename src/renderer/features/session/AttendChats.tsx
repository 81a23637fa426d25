import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { CHAT_PATH, landingPath, type MenuAction } from '../../../shared/menus';
import { useNotify } from '../../app/toasts';
import { currentUserAtom } from './atoms';
import { ATTEND_UI_TEXT, attendChatsAtom, attendingChatsAtom, leaveChatsAtom } from './entity';

const useStyles = makeStyles({
  banner: { borderRadius: 0, flexShrink: 0 }
});

/** Runs a drawer entry's special action (SPEC §2); today 'Atender chats', then the console. */
export function useMenuAction(): (action: MenuAction) => Promise<void> {
  const attend = useSetAtom(attendChatsAtom);
  const navigate = useNavigate();
  const notify = useNotify();
  return async (action) => {
    if (action !== 'attendChats') return;
    const result = await attend();
    if (result.ok) navigate(CHAT_PATH, { replace: true });
    else notify.error(result.error.message);
  };
}

/**
 * While the supervisor attends chats: a banner above the console with the way back to his own menu.
 * The main process refuses it while he holds open chats (the toast says so); otherwise he becomes
 * Desconectado and lands where his role does.
 */
export function AttendingChatsBanner() {
  const styles = useStyles();
  const user = useAtomValue(currentUserAtom);
  const attending = useAtomValue(attendingChatsAtom);
  const leave = useSetAtom(leaveChatsAtom);
  const navigate = useNavigate();
  const notify = useNotify();
  if (!user || !attending) return null;

  async function back() {
    const result = await leave();
    if (result.ok) navigate(landingPath(result.data.user.role), { replace: true });
    else notify.error(result.error.message);
  }

  return (
    <MessageBar intent="info" layout="singleline" className={styles.banner} role="region" aria-label={ATTEND_UI_TEXT.banner} data-testid="atendiendo-chats">
      <MessageBarBody>
        <MessageBarTitle>{ATTEND_UI_TEXT.banner}</MessageBarTitle>
        {ATTEND_UI_TEXT.bannerDetail}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" icon={<ArrowLeft20Regular />} onClick={() => void back()}>
          {ATTEND_UI_TEXT.back}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
