import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { DEFAULT_DASHBOARD_DESIGN } from '../../../../shared/domain/dashboard-design';
import { MSG } from '../../../../shared/messages';
import { settingsTitle } from '../../../../shared/settings-screens';
import { RecordScreen, recordScreen } from '../../../components/settings/RecordScreen';
import { useScopePicker } from '../../../components/settings/ScopePicker';
import { callSettings, mapResult } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import type { FieldSpec } from '../../../components/settings/screen-fields';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { designViewAtom } from '../../design/atoms';
import { currentUserAtom } from '../../session/atoms';
import { DashboardPreview } from './DashboardPreview';
import { ColourInput, FontFields, LogoField, type FontList, type LogoState } from './dashboard-fields';
import { COLOUR_PAIRS, checkDesign, previewDesign, sideLabel, valuesOf, type DashboardValues } from './dashboard-form';
import { DesignVersions } from './DesignVersions';
import { DASHBOARD_TEXT as T } from './texts';

/** What the design's record needs from its page: the organisation, the fonts offered, the logo, and what to say after a write. */
export interface DashboardRecordOptions {
  idOrg: number | null;
  organisation: string;
  fonts: FontList;
  logo: LogoState;
  onLogo(dataUrl: string): void;
  /** A save stored a new version (the versions list asks again). */
  onSaved(): void;
}

/**
 * The dashboard design of configuracion/personalizacion/dashboard as a record of the kit: every
 * colour pair SPEC §3 names (hex, with a picker), the font out of the platform's list, the logo
 * (uploaded at once), and the live preview, saved as a whole (updateDashboardDesign) once every
 * pair reaches WCAG AA; the platform pushes it to every signed-in user of the organisation.
 */
export function dashboardRecord(o: DashboardRecordOptions) {
  const colourFields = COLOUR_PAIRS.flatMap((pair) =>
    (['background', 'color'] as const).map(
      (side): FieldSpec<DashboardValues> => ({
        kind: 'custom',
        name: side === 'background' ? pair.background : pair.color,
        label: sideLabel(pair, side),
        render: (form) => <ColourInput form={form} pair={pair} side={side} />
      })
    )
  );
  return recordScreen({
    title: T.form,
    calls: { load: 'dashboardDesign', save: 'updateDashboardDesign' },
    // Nothing saved yet: the default design (SPEC §8).
    load: async () => mapResult(await callSettings('dashboardDesign', { idOrg: o.idOrg }), (d) => d ?? DEFAULT_DASHBOARD_DESIGN),
    blank: valuesOf(DEFAULT_DASHBOARD_DESIGN),
    valuesOf,
    check: (values) => {
      const checked = checkDesign(values);
      // An unknown font is refused here too when the list is in (the platform refuses it anyway).
      const fonts = o.fonts.data;
      if (checked.ok && fonts && !fonts.some((f) => f.family === values.fuente && f.variants.includes(values.variante))) {
        return { ok: false, errors: { fuente: T.fontUnknown }, byPath: { fuente: T.fontUnknown }, first: T.fontUnknown };
      }
      return checked;
    },
    fields: [
      ...colourFields,
      { kind: 'custom', name: 'fuente', label: T.font, render: (form) => <FontFields form={form} fonts={o.fonts} part="family" /> },
      { kind: 'custom', name: 'variante', label: T.variant, render: (form) => <FontFields form={form} fonts={o.fonts} part="variant" /> },
      { kind: 'custom', label: T.logo, wide: true, render: () => <LogoField idOrg={o.idOrg} logo={o.logo} onUploaded={o.onLogo} /> },
      {
        kind: 'custom',
        label: T.preview,
        wide: true,
        render: (form) => <DashboardPreview design={previewDesign(form.values, DEFAULT_DASHBOARD_DESIGN)} logo={o.logo.src} organisation={o.organisation} idOrg={o.idOrg} />
      }
    ],
    save: async (body) => {
      const saved = await callSettings('updateDashboardDesign', { body, idOrg: o.idOrg });
      if (saved.ok) o.onSaved();
      return saved;
    },
    messages: { loadFailed: MSG.dashboard.configLoadFailed, updated: MSG.dashboard.configUpdated, updateFailed: MSG.dashboard.configUpdateFailed }
  });
}

/**
 * SPEC §2 configuracion/personalizacion/dashboard (roles 1 and 3; role 1 chooses the organisation):
 * the design's record with its preview, then its kept versions with 'Restaurar'.
 */
export function DashboardScreen() {
  const scope = useScopePicker({ organization: true });
  const { idOrg } = scope.value;
  const user = useAtomValue(currentUserAtom);
  const app = useAtomValue(designViewAtom);
  const own = idOrg === null || idOrg === user?.company;
  const [restored, setRestored] = useState(0);
  const [saved, setSaved] = useState(0);
  const [uploaded, setUploaded] = useState<{ idOrg: number | null; src: string } | null>(null);
  const fontList = useSettingsLoad('webFonts', { query: { limit: 200 } });
  const image = useSettingsLoad('dashboardImage', { idOrg }, { liveKey: restored });
  const fonts: FontList = useMemo(() => ({ status: fontList.status, data: fontList.data?.items ?? null }), [fontList.status, fontList.data]);
  const readFailed = image.status === 'rejected' || (image.status === 'resolved' && image.data?.Imagen === '');
  const src = (uploaded?.idOrg === idOrg ? uploaded.src : null) ?? (own ? app.logo : null);
  const logo: LogoState = { src, error: src === null && readFailed ? MSG.dashboard.logoLoadFailed : null };
  const organisation = own ? (user?.nameCompany ?? '') : T.previewOrganisation;

  const descriptor = dashboardRecord({
    idOrg,
    organisation,
    fonts,
    logo,
    onLogo: (dataUrl) => {
      setUploaded({ idOrg, src: dataUrl });
      setSaved((n) => n + 1);
    },
    onSaved: () => setSaved((n) => n + 1)
  });

  return (
    <SettingsPage title={settingsTitle('dashboard')} description={T.intro}>
      {scope.frame(
        <>
          {/* Another organisation, or a version restored: the form starts again from what is stored. */}
          <RecordScreen key={`${idOrg ?? 'propia'}-${restored}`} descriptor={descriptor} />
          <DesignVersions
            idOrg={idOrg}
            generation={saved + restored}
            onRestored={() => {
              setUploaded(null);
              setRestored((n) => n + 1);
            }}
          />
        </>
      )}
    </SettingsPage>
  );
}
