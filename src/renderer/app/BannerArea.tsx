import { useSetAtom } from 'jotai';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarGroup,
  makeStyles,
  tokens
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { dismissBannerAtom, useBanners } from './banners';

const useStyles = makeStyles({
  area: {
    position: 'fixed',
    top: tokens.spacingVerticalL,
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'min(560px, calc(100vw - 32px))',
    zIndex: 1000,
    pointerEvents: 'none'
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { pointerEvents: 'auto', boxShadow: tokens.shadow8 }
});

/** The session area's banners, top centre (SPEC §8, §9): at most 3, each hides after 10 s. */
export function BannerArea() {
  const styles = useStyles();
  const banners = useBanners();
  const dismiss = useSetAtom(dismissBannerAtom);
  return (
    <section className={styles.area} aria-label="Avisos" aria-live="polite">
      <MessageBarGroup className={styles.group}>
        {banners.map((banner) => (
          <MessageBar key={banner.id} intent={banner.intent} className={styles.bar} politeness={banner.intent === 'error' ? 'assertive' : 'polite'}>
            <MessageBarBody>{banner.text}</MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button appearance="transparent" aria-label="Cerrar aviso" icon={<Dismiss20Regular />} onClick={() => dismiss(banner.id)} />
              }
            >
              {banner.action && (
                <Button
                  onClick={() => {
                    dismiss(banner.id);
                    banner.action?.run();
                  }}
                >
                  {banner.action.label}
                </Button>
              )}
            </MessageBarActions>
          </MessageBar>
        ))}
      </MessageBarGroup>
    </section>
  );
}
