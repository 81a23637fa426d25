import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Body1, Button, Caption1, Field, SearchBox, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import type { AgentDirectoryContact } from '../../../shared/domain/directory';
import { MSG } from '../../../shared/messages';
import { loadState, type LoadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { activeChatAtom, directoryOpenAtom } from './atoms';
import { insertIntoDraftAtom } from './actions';
import { ContactCard } from './ContactCard';
import { DIRECTORY_ID } from './ConsoleHeader';
import { filterContacts } from './directory';
import { useEmptyContactsNotice } from './notices';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden'
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  title: { margin: 0, flexGrow: 1 },
  search: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}` },
  count: { padding: `0 ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground2 },
  list: { listStyle: 'none', margin: 0, padding: tokens.spacingHorizontalM, overflowY: 'auto', flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  state: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS }
});

/** The contact directory (GET directory/contacts/actives): search, and messages to insert in the reply. */
export function DirectoryPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const emptyNotice = useEmptyContactsNotice();
  const chat = useAtomValue(activeChatAtom);
  const setOpen = useSetAtom(directoryOpenAtom);
  const insert = useSetAtom(insertIntoDraftAtom);
  const [contacts, setContacts] = useState<LoadState<AgentDirectoryContact[]>>(loadState('pending', []));
  const [query, setQuery] = useState('');

  /** Asks for the contacts; the state says pending already (at start, or set by 'Reintentar'). */
  function fetchContacts() {
    void window.atiende.chat.contacts().then((result) => {
      if (!result.ok) {
        setContacts(loadState('rejected', []));
        notify.error(MSG.contacts.loadFailed);
        return;
      }
      setContacts(loadState('resolved', result.data));
      if (result.data.length === 0) emptyNotice();
    });
  }
  const fetchOnOpen = useEffectEvent(fetchContacts);
  useEffect(() => fetchOnOpen(), []);

  function retry() {
    setContacts(loadState('pending', []));
    fetchContacts();
  }

  const shown = useMemo(() => filterContacts(contacts.data, query), [contacts.data, query]);
  const target = chat && chat.status === 'ACTIVO' ? chat.conversationId : null;

  return (
    <aside id={DIRECTORY_ID} className={styles.panel} aria-labelledby="directorio-titulo">
      <div className={styles.head}>
        <Subtitle2 as="h2" id="directorio-titulo" className={styles.title}>
          {CHAT_TEXT.directoryTitle}
        </Subtitle2>
        <Button appearance="subtle" icon={<Dismiss20Regular />} aria-label={CHAT_TEXT.closeDirectory} onClick={() => setOpen(false)} />
      </div>
      {contacts.status === 'pending' ? (
        <div className={styles.state}>
          <Spinner size="small" label={CHAT_TEXT.loadingOptions} />
        </div>
      ) : contacts.status === 'rejected' ? (
        <div className={styles.state}>
          <Body1>{MSG.contacts.loadFailed}</Body1>
          <Button onClick={retry}>{CHAT_TEXT.retry}</Button>
        </div>
      ) : contacts.data.length === 0 ? (
        <div className={styles.state}>
          <Body1>{CHAT_TEXT.directoryEmpty}</Body1>
        </div>
      ) : (
        <>
          <Field className={styles.search} label={CHAT_TEXT.directorySearchLabel} hint={CHAT_TEXT.directorySearch}>
            <SearchBox value={query} onChange={(_, d) => setQuery(d.value)} />
          </Field>
          <Caption1 className={styles.count} role="status">
            {shown.length === 0 ? CHAT_TEXT.directoryNoMatch : CHAT_TEXT.contactCount(shown.length)}
          </Caption1>
          <ul className={styles.list}>
            {shown.map((contact) => (
              <ContactCard
                key={`${contact.idVa}-${contact.identificacion}-${contact.nombre}`}
                contact={contact}
                onInsert={target ? (text) => insert({ conversationId: target, text }) : null}
              />
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
