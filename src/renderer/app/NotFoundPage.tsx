import { Link as RouterLink } from 'react-router-dom';
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { MSG } from '../../shared/messages';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { color: tokens.colorBrandForegroundLinkHover }
  }
});

/** SPEC §2: a path the role may not open, or that does not exist, shows this page. */
export function NotFoundPage() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        {MSG.generic.pageNotFound}
      </Title2>
      <Body1>La página que busca no existe o no está disponible para su rol.</Body1>
      <RouterLink to="/" className={styles.link}>
        Ir al inicio
      </RouterLink>
    </div>
  );
}
