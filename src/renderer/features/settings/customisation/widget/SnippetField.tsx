import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { embedSnippet } from '../../../../../shared/widget-embed';
import { useNotify } from '../../../../app/toasts';
import type { Load } from '../../../../components/use-load';
import { WIDGET_TEXT as T } from '../texts';
import type { WidgetLookup } from './lookup';
import { useScreenOrg } from './PreviewFrame';

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'start' }, code: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace } });

/** The one-line embed snippet of this virtual agent, read-only, with 'Copiar' (the system clipboard, through the main process). */
export function SnippetField({ lookup }: { lookup: Load<WidgetLookup> }) {
  const styles = useStyles();
  const notify = useNotify();
  const data = lookup.data;
  const org = useScreenOrg(data);
  if (!data?.origin || org === null) return null;
  const snippet = embedSnippet(data.origin, org, data.idVa);
  return (
    <Field label={T.snippet} hint={T.snippetHint}>
      {(props) => (
        <div className={styles.row}>
          <Textarea {...props} className={styles.code} value={snippet} readOnly resize="none" rows={2} />
          <Button
            onClick={() =>
              void window.atiende.clipboard.writeText({ text: snippet }).then((result) => (result.ok ? notify.success(T.copied) : notify.error(T.copyFailed)))
            }
          >
            {T.copy}
          </Button>
        </div>
      )}
    </Field>
  );
}
