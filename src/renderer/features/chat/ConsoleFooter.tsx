import { forwardRef, type CSSProperties, type FormHTMLAttributes } from 'react';
import { Button, makeStyles, mergeClasses, tokens, type ButtonProps } from '@fluentui/react-components';
import { useWornColours } from '../design/worn';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`
  },
  // A tool of the footer sits on its background: its text takes the footer's, its icon the design's icons colour.
  tool: { color: 'inherit', '& .fui-Button__icon': { color: 'var(--atiende-footer-icons)' } }
});

/**
 * The agent console's footer (the composer's frame), wearing colores.asesorHumano.footer: its
 * background, a readable text on it and the icons colour (3:1, made readable) for its FooterTools.
 * The editor's preview draws this same footer.
 */
export const ConsoleFooter = forwardRef<HTMLFormElement, FormHTMLAttributes<HTMLFormElement> & { /** A box, not a form (the preview sits inside the editor's form). */ box?: boolean }>(function ConsoleFooter({ className, style, box, ...props }, ref) {
  const styles = useStyles();
  const footer = useWornColours().consoleFooter;
  const worn = { ...style, backgroundColor: footer.background, color: footer.color, '--atiende-footer-icons': footer.icons } as CSSProperties;
  if (box) return <div className={mergeClasses(styles.footer, className)} style={worn}>{props.children}</div>;
  return <form ref={ref} className={mergeClasses(styles.footer, className)} style={worn} {...props} />;
});

/** A tool button of the console's footer (Plantillas, Adjuntar): on the footer's background, in its icons colour. */
export const FooterTool = forwardRef<HTMLButtonElement, ButtonProps>(function FooterTool({ className, ...props }, ref) {
  const styles = useStyles();
  return <Button ref={ref} appearance="subtle" className={mergeClasses(styles.tool, className)} {...props} />;
});
