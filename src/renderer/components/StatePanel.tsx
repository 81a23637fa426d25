import type { ReactNode } from 'react';
import { Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  panel: {
    minHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    textAlign: 'center'
  },
  heading: { margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM }
});

/**
 * A whole-area state: a heading, what happened, and what the user can do about it. The error
 * screen and the blocking states of the app shell use it. `landmark` makes it the page's <main>.
 */
export function StatePanel({ title, children, actions, landmark = true }: { title: string; children: ReactNode; actions: ReactNode; landmark?: boolean }) {
  const styles = useStyles();
  const Root = landmark ? 'main' : 'div';
  return (
    <Root className={styles.panel}>
      <Title2 as="h1" className={styles.heading}>
        {title}
      </Title2>
      {children}
      <div className={styles.actions}>{actions}</div>
    </Root>
  );
}
