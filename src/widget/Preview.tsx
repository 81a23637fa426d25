import { useEffect, useState } from 'react';
import type { WidgetDesign } from '../shared/domain/widget-design';
import type { LiveMessage } from '../shared/realtime';
import { PREVIEW_READY, PreviewMessage } from '../shared/widget-preview';
import { widgetFontFace, widgetThemeVariables } from '../shared/widget-theme';
import type { WidgetBoot } from './boot';
import { Header } from './Header';
import { Messages } from './Messages';
import { fmt, WIDGET_TEXTS as T } from './texts';

const at = (seq: number, tipoUsuario: LiveMessage['tipoUsuario'], mensaje: string): LiveMessage => ({
  conversationId: 'vista-previa',
  seq,
  clientId: null,
  tipoMensaje: 'TEXTO',
  tipoUsuario,
  mensaje,
  adjunto: null,
  items: null,
  fechaMensaje: '2026-01-01T15:00:00.000Z'
});

/** A conversation to look at: the assistant, the customer and an agent each say something. */
const SAMPLE: readonly LiveMessage[] = [
  at(1, 'BOT', '¡Hola! ¿En qué te puedo ayudar?'),
  at(2, 'CLIENTE', 'Quiero conocer el estado de mi solicitud.'),
  at(3, 'ASESOR', 'Con gusto. Ya reviso tu solicitud.')
];

/** The design on the live page: the same variables the server writes into the page's <style>, set on :root (CSSOM, allowed by the page's CSP). */
function applyDesign(design: WidgetDesign): void {
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(widgetThemeVariables(design))) root.setProperty(name, value);
  const face = widgetFontFace(design.font);
  if (face && typeof FontFace !== 'undefined') {
    const font = new FontFace(face.family.replace(/"/g, ''), `url("${face.url}") format("woff2")`, { weight: String(face.weight), style: face.style });
    void font
      .load()
      .then(() => document.fonts.add(font))
      .catch(() => undefined);
  }
}

/**
 * The widget page as the editor's preview (GET /widget?…&preview=1): no chat starts; it shows the
 * header, the state banner, a sample conversation, the actions and the composer's bar, wearing the
 * saved design until the editor posts its draft (PreviewMessage) — then the draft.
 */
export function WidgetPreview({ boot }: { boot: WidgetBoot }) {
  const [avatarUrl, setAvatarUrl] = useState(boot.config.avatarUrl);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const parsed = PreviewMessage.safeParse(event.data);
      if (!parsed.success) return;
      applyDesign(parsed.data.design);
      if (parsed.data.avatarUrl !== undefined) setAvatarUrl(parsed.data.avatarUrl);
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage(PREVIEW_READY, '*');
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const config = { ...boot.config, avatarUrl };
  return (
    <div className="widget" id="widget" data-testid="widget" data-preview="true">
      <Header config={config} onMinimize={null} />
      <div className="banner" id="state-banner" role="status" data-state="BOT">
        {fmt(T.stateBot, { assistant: config.assistantName })}
      </div>
      <main>
        <section className="view" id="chat-view" aria-label={T.pageTitle}>
          <Messages messages={SAMPLE} pending={[]} assistantName={config.assistantName} agentName={null} token={null} ended={false} onOption={() => undefined} />
          <div className="actions">
            <button type="button" className="step" id="ask-agent">
              {T.askAgent}
            </button>
            <button type="button" className="secondary" id="leave-button">
              {T.leave}
            </button>
          </div>
          <div className="composer" id="composer">
            <textarea id="composer-input" aria-label={T.messagePlaceholder} placeholder={T.messagePlaceholder} readOnly rows={1} />
          </div>
        </section>
      </main>
    </div>
  );
}
