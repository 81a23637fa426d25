import type { ReactNode } from 'react';
import { Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box'
  },
  card: {
    width: '100%',
    maxWidth: '400px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16
  },
  heading: { margin: 0 }
});

/** The centred card of the session screens (sign-in, password change). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <Title2 as="h1" className={styles.heading}>
          Atiende
        </Title2>
        <Subtitle1 as="h2" id="auth-title" className={styles.heading}>
          {title}
        </Subtitle1>
        {children}
      </section>
    </main>
  );
}
