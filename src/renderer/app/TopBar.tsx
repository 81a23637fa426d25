import type { ReactNode } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Navigation24Regular } from '@fluentui/react-icons';
import { useDesignView, useWornColours } from '../features/design/worn';

const useStyles = makeStyles({
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '48px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    flexShrink: 0
  },
  // The bar wears the design's colores.header (inline style); its texts and buttons take its text colour.
  onBrand: { color: 'inherit' },
  brand: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500, color: 'inherit' },
  logo: { height: '32px', maxWidth: '160px', objectFit: 'contain', display: 'block' },
  organisation: { color: 'inherit', fontSize: tokens.fontSizeBase300 },
  spacer: { flexGrow: 1 }
});

/**
 * The top bar of the signed-in frame, wearing the design (colores.header, made readable; the logo):
 * the menu button, the logo, the product and the organisation, then `children` at the end. The
 * editor's preview draws this same bar (`landmark={false}`: a plain box, not a second banner).
 */
export function TopBar({
  organisation,
  menu,
  landmark = true,
  children
}: {
  organisation: string;
  menu: { open: boolean; controls: string; onToggle(): void };
  landmark?: boolean;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { logo } = useDesignView();
  const header = useWornColours().header;
  const Tag = landmark ? 'header' : 'div';
  return (
    <Tag className={styles.topBar} style={{ backgroundColor: header.background, color: header.color }} data-testid="cabecera">
      <Button
        appearance="transparent"
        className={styles.onBrand}
        icon={<Navigation24Regular />}
        aria-label={menu.open ? 'Ocultar menú' : 'Mostrar menú'}
        aria-expanded={menu.open}
        aria-controls={menu.controls}
        onClick={menu.onToggle}
      />
      {logo ? <img className={styles.logo} src={logo} alt={`Logo de ${organisation}`} data-testid="logo" /> : null}
      <Text className={styles.brand}>Atiende</Text>
      <Text className={styles.organisation} data-testid="organizacion">
        {organisation}
      </Text>
      <div className={styles.spacer} />
      {children}
    </Tag>
  );
}
