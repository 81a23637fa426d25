import { makeStyles } from '@fluentui/react-components';

/** Text for screen readers only. */
export const useVisuallyHidden = makeStyles({
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0
  }
});
