import type { ReactNode } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1400px' },
  header: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  heading: { margin: 0 },
  // A long description wraps beside the actions rather than pushing them under it.
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1, flexShrink: 1, flexBasis: '320px', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', flexShrink: 0 },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL }
});

/** The frame every settings page shares: its <h1>, what it is for, its main actions, the content. */
export function SettingsPage({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.intro}>
          <Title2 as="h1" className={styles.heading}>
            {title}
          </Title2>
          {description ? <Body1>{description}</Body1> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

const useSectionStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
});

/** A part of a settings page with its own heading (<h2>, or <h3> inside a part) and, beside it, its actions. */
export function SettingsSection({ title, actions, level = 'h2', children }: { title: string; actions?: ReactNode; level?: 'h2' | 'h3'; children: ReactNode }) {
  const styles = useSectionStyles();
  const Heading = level;
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.header}>
        <Heading className={styles.heading}>{title}</Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}
