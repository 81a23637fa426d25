import type { WidgetConfig } from '../shared/realtime';
import { EMBED_TEXTS } from './embed-texts';
import { safeImageUrl } from './urls';

/** The assistant's and the organisation's names; embedded in a host page, the button that hides the panel. */
export function Header({ config, onMinimize }: { config: WidgetConfig; onMinimize: (() => void) | null }) {
  const avatar = safeImageUrl(config.avatarUrl);
  return (
    <header className="widget-header" id="widget-header">
      {avatar && <img id="widget-avatar" src={avatar} alt="" />}
      <div>
        <h1 id="widget-assistant-name">{config.assistantName}</h1>
        <p id="widget-organization-name">{config.organizationName}</p>
      </div>
      {onMinimize && (
        <button type="button" className="minimize" id="widget-minimize" aria-label={EMBED_TEXTS.minimize} title={EMBED_TEXTS.minimize} onClick={onMinimize}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 11.25h14a.75.75 0 0 1 0 1.5H5a.75.75 0 0 1 0-1.5Z" />
          </svg>
        </button>
      )}
    </header>
  );
}
