import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens
} from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import type { BusinessReason, FinalReason } from '../../../shared/domain/reason';
import { MSG } from '../../../shared/messages';
import { loadState, type LoadState } from '../../app/load-state';
import { useNotify } from '../../app/toasts';
import { SubmitButton } from '../../components/TextField';
import { ChoiceField, LoadedOptions } from './DialogOptions';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightRegular, fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1 },
  required: { color: tokens.colorPaletteRedForeground3, paddingLeft: tokens.spacingHorizontalXXS },
  options: { maxHeight: '220px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 }
});

type Reasons = { business: BusinessReason[]; final: FinalReason[] };

/**
 * Finalizar: business reasons (at least one) and the finalisation reason (one) are both required,
 * also again for a chat that came by transfer. A failure keeps what was selected.
 */
export function FinishDialog({ chat, onClose }: { chat: AgentChatView; onClose(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [reasons, setReasons] = useState<LoadState<Reasons>>(loadState('pending', { business: [], final: [] }));
  const [business, setBusiness] = useState<number[]>([]);
  const [ending, setEnding] = useState('');
  const [errors, setErrors] = useState<{ business?: string; ending?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const { conversationId } = chat;

  /** Asks for the reasons; the state says pending already (at start, or set by 'Reintentar'). */
  function fetchReasons() {
    void window.atiende.chat.reasons().then((result) => {
      if (result.ok) setReasons(loadState('resolved', result.data));
      else {
        setReasons(loadState('rejected', { business: [], final: [] }));
        notify.error(MSG.causales.loadFailed);
      }
    });
  }
  const fetchOnOpen = useEffectEvent(fetchReasons);
  useEffect(() => fetchOnOpen(), []);

  function retry() {
    setReasons(loadState('pending', { business: [], final: [] }));
    fetchReasons();
  }

  function toggle(id: number, checked: boolean) {
    setBusiness((list) => (checked ? [...list, id] : list.filter((x) => x !== id)));
    if (checked) setErrors((e) => ({ ...e, business: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      business: business.length === 0 ? CHAT_TEXT.businessRequired : undefined,
      ending: ending === '' ? CHAT_TEXT.finalRequired : undefined
    };
    setErrors(next);
    if (next.business || next.ending) return;
    setSubmitting(true);
    const result = await window.atiende.chat.finish({ conversationId, business, ending: Number(ending) });
    setSubmitting(false);
    if (!result.ok) {
      notify.error(result.error.message);
      return;
    }
    notify.success(CHAT_TEXT.finished);
    onClose();
  }

  const ready = reasons.status === 'resolved';
  const { business: businessOptions, final: finalOptions } = reasons.data;

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !submitting && onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{CHAT_TEXT.finishTitle}</DialogTitle>
            <DialogContent className={styles.content}>
              {chat.transfer && (
                <MessageBar intent="info">
                  <MessageBarBody>{CHAT_TEXT.transferNotice}</MessageBarBody>
                </MessageBar>
              )}
              <LoadedOptions state={reasons} onRetry={retry}>
                <>
                  <fieldset className={styles.fieldset} aria-describedby={errors.business ? 'causales-negocio-error' : undefined} disabled={submitting}>
                    <legend className={styles.legend}>
                      {CHAT_TEXT.businessReasons}
                      <span className={styles.required} aria-hidden>
                        *
                      </span>
                    </legend>
                    {businessOptions.length === 0 ? (
                      <Body1>{CHAT_TEXT.noBusinessReasons}</Body1>
                    ) : (
                      <div className={styles.options}>
                        {businessOptions.map((r) => (
                          <Checkbox
                            key={r.idCausal}
                            label={r.nombre}
                            checked={business.includes(r.idCausal)}
                            onChange={(_, d) => toggle(r.idCausal, d.checked === true)}
                          />
                        ))}
                      </div>
                    )}
                    {errors.business && (
                      <span id="causales-negocio-error" className={styles.error} role="alert">
                        {errors.business}
                      </span>
                    )}
                  </fieldset>
                  <ChoiceField
                    label={CHAT_TEXT.finalReason}
                    value={ending}
                    error={errors.ending}
                    disabled={submitting}
                    hint={finalOptions.length === 0 ? CHAT_TEXT.noFinalReasons : undefined}
                    options={finalOptions.map((r) => ({ value: String(r.idCausal), label: r.nombre }))}
                    onChange={(value) => {
                      setEnding(value);
                      setErrors((e) => ({ ...e, ending: undefined }));
                    }}
                  />
                </>
              </LoadedOptions>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={submitting}>
                {CHAT_TEXT.cancel}
              </Button>
              <SubmitButton label={CHAT_TEXT.finish} submitting={submitting} disabled={submitting || !ready} />
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
