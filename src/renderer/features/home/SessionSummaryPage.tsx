import { useAtomValue } from 'jotai';
import { Body1, Card, CardHeader, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ROLE_LABELS } from '../../../shared/roles';
import { currentUserAtom } from '../session/atoms';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0 },
  card: { maxWidth: '560px' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0
  },
  term: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  value: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold }
});

/**
 * A role's landing page in this first slice: who is signed in, for which organisation and with
 * which role — all read from the session, nothing else.
 */
export function SessionSummaryPage({ title }: { title: string }) {
  const styles = useStyles();
  const user = useAtomValue(currentUserAtom);
  if (!user) return null;
  return (
    <div className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        {title}
      </Title2>
      <Card className={styles.card}>
        <CardHeader header={<Body1 as="h2" className={styles.heading}><b>Sesión actual</b></Body1>} />
        <dl className={styles.facts} aria-label="Datos de la sesión">
          <dt className={styles.term}>Organización</dt>
          <dd className={styles.value}>{user.nameCompany}</dd>
          <dt className={styles.term}>Rol</dt>
          <dd className={styles.value}>{ROLE_LABELS[user.role]}</dd>
          <dt className={styles.term}>Correo electrónico</dt>
          <dd className={styles.value}>{user.email}</dd>
        </dl>
      </Card>
    </div>
  );
}
