import type { WidgetConfig } from '../shared/realtime';
import { safeImageUrl } from './urls';

export function Header({ config }: { config: WidgetConfig }) {
  const avatar = safeImageUrl(config.avatarUrl);
  return (
    <header className="widget-header" id="widget-header">
      {avatar && <img id="widget-avatar" src={avatar} alt="" />}
      <div>
        <h1 id="widget-assistant-name">{config.assistantName}</h1>
        <p id="widget-organization-name">{config.organizationName}</p>
      </div>
    </header>
  );
}
