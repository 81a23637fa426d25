import type { ReactNode } from 'react';
import { Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';

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
 * screen and the blocking states of the app shell use it. `landmark` makes it the page's <main>;
 * `level` sets the heading when the state fills a part of a page (a chart's loading, empty or
 * error state) rather than the whole of it.
 */
export function StatePanel({
  title,
  children,
  actions,
  landmark = true,
  level = 'h1'
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  landmark?: boolean;
  level?: 'h1' | 'h2' | 'h3';
}) {
  const styles = useStyles();
  const Root = landmark ? 'main' : 'div';
  return (
    <Root className={styles.panel}>
      {level === 'h1' ? (
        <Title2 as="h1" className={styles.heading}>
          {title}
        </Title2>
      ) : (
        <Subtitle1 as={level} className={styles.heading}>
          {title}
        </Subtitle1>
      )}
      {children}
      <div className={styles.actions}>{actions}</div>
    </Root>
  );
}
