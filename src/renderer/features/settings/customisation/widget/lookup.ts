import type { WebFont } from '../../../../../shared/domain/design';
import type { IpcResult } from '../../../../../shared/ipc';
import type { RecordContext } from '../../../../components/settings/RecordScreen';
import { callSettings } from '../../../../components/settings/settings-client';

/** What the widget editor's fields need beside the design: asked with each virtual agent chosen. */
export interface WidgetLookup {
  idVa: number;
  /** The organisation chosen on the screen (roles 1–2), null for the session's own. */
  idOrg: number | null;
  /** The web-fonts list; null when it could not be read ('Error al cargar Google Fonts'). */
  fonts: WebFont[] | null;
  /** The avatar's url ('' for none); null when it could not be read ('Error al obtener avatar'). */
  avatar: string | null;
  /** The platform's origin (the preview's frame and the snippet); null when unknown. */
  origin: string | null;
  /** The avatar picked in this editor, as a data: URL for the preview (the stored url needs a signed-in user's token). */
  avatarPreview: string | null;
}

/** Each part loads on its own: one that fails leaves the others usable, and says so where it is shown. */
export async function loadWidgetLookup({ scope }: RecordContext): Promise<IpcResult<WidgetLookup>> {
  const idVa = scope.idVa ?? 0;
  const [fonts, avatar, origin] = await Promise.all([
    callSettings('webFonts', { query: { limit: 200 } }),
    callSettings('widgetAvatar', { query: { idVa }, idOrg: scope.idOrg }),
    window.atiende.widget.platformOrigin()
  ]);
  return {
    ok: true,
    data: {
      idVa,
      idOrg: scope.idOrg,
      fonts: fonts.ok ? fonts.data.items : null,
      avatar: avatar.ok ? avatar.data.url : null,
      origin: origin.ok ? origin.data.origin : null,
      avatarPreview: null
    }
  };
}
