import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Caption1, Field, Image, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../../shared/domain/dashboard-design';
import type { WebFont } from '../../../../shared/domain/design';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { SelectField } from '../../../components/settings/fields';
import { callSettings } from '../../../components/settings/settings-client';
import type { SettingsForm } from '../../../components/settings/use-settings-form';
import { TextField } from '../../../components/TextField';
import type { LoadStatus } from '../../../app/load-state';
import { fileToBase64, uploadContentType } from '../../../components/upload-file';
import { contrastFailure, sideLabel, type ColourPairSpec, type DashboardValues } from './dashboard-form';
import { DASHBOARD_TEXT as T } from './texts';

const useStyles = makeStyles({
  swatch: {
    inlineSize: '28px',
    blockSize: '24px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    background: 'none',
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' }
  },
  shade: { marginTop: tokens.spacingVerticalXS },
  logo: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  logoImage: { maxHeight: '48px', maxWidth: '200px', objectFit: 'contain' }
});

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/**
 * One side of a colour pair: a hex text field (the value, validated as the catalogue's HexColor in
 * Spanish) with the browser's own colour picker inside it (keyboard: Tab to it, Enter or Space
 * opens it). A text or icons side whose pair is below WCAG AA offers its nearest passing shade.
 */
export function ColourInput({ form, pair, side }: { form: SettingsForm<DashboardValues>; pair: ColourPairSpec; side: 'background' | 'color' }) {
  const styles = useStyles();
  const name = side === 'background' ? pair.background : pair.color;
  const label = sideLabel(pair, side);
  const value = form.values[name];
  const failure = side === 'color' ? contrastFailure(pair, form.values) : null;
  return (
    <div>
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(v) => form.set(name, v.trim())}
        error={form.error(name)}
        contentBefore={
          <input type="color" className={styles.swatch} aria-label={T.picker(label)} value={HEX6.test(value) ? value.toLowerCase() : '#000000'} onChange={(e) => form.set(name, e.target.value)} />
        }
      />
      {failure ? (
        <Button className={styles.shade} size="small" aria-label={T.applyShadeLabel(pair.label, failure.shade)} onClick={() => form.set(name, failure.shade)}>
          {T.applyShade(failure.shade)}
        </Button>
      ) : null}
    </div>
  );
}

/** The platform's web-fonts list as the page loaded it. */
export interface FontList {
  status: LoadStatus;
  data: readonly WebFont[] | null;
}

/**
 * The font: its family out of the platform's web-fonts list (loading; 'Error al cargar Google
 * Fonts' when it cannot be read), then one of that family's variants. A stored family the list
 * does not hold shows as refused.
 */
export function FontFields({ form, fonts, part }: { form: SettingsForm<DashboardValues>; fonts: FontList; part: 'family' | 'variant' }) {
  const { fuente, variante } = form.values;
  if (fonts.status === 'idle' || fonts.status === 'pending') {
    return part === 'family' ? <Spinner size="tiny" labelPosition="after" label={T.loadingFonts} /> : null;
  }
  if (fonts.status === 'rejected') {
    return part === 'family' ? (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{MSG.dashboard.fontsLoadFailed}</MessageBarBody>
      </MessageBar>
    ) : null;
  }
  const list = fonts.data ?? [];
  const chosen = list.find((f) => f.family === fuente);
  if (part === 'family') {
    return (
      <SelectField
        label={T.font}
        name="fuente"
        value={chosen ? fuente : ''}
        options={list.map((f) => ({ value: f.family, label: f.family }))}
        onChange={(family) => {
          const font = list.find((f) => f.family === family);
          if (!font) return;
          const variant = font.variants.includes(variante) ? variante : (font.variants.includes('regular') ? 'regular' : (font.variants[0] ?? ''));
          form.change({ fuente: font.family, categoria: font.category, variante: variant });
        }}
        error={form.error('fuente') ?? (chosen ? undefined : T.fontUnknown)}
      />
    );
  }
  return (
    <SelectField
      label={T.variant}
      name="variante"
      value={chosen?.variants.includes(variante) ? variante : ''}
      options={(chosen?.variants ?? []).map((v) => ({ value: v, label: v }))}
      onChange={(v) => form.set('variante', v)}
      error={form.error('variante') ?? (chosen && !chosen.variants.includes(variante) ? T.variantUnknown : undefined)}
    />
  );
}

/** What the logo field shows: the logo in force (a data: URL the app wears, or one just uploaded), or why it could not be read. */
export interface LogoState {
  src: string | null;
  /** 'Error al obtener logo' when the platform's answer could not be read, or was empty (SPEC §5). */
  error: string | null;
}

/**
 * The logo: a PNG, JPEG or WebP checked here (type, 2 MB) and by the platform (bytes, sides),
 * uploaded (uploadDesignImage) then set (updateDashboardImage) at once, outside the form's Guardar:
 * 'Logo actualizado exitosamente', or the platform's reason in Spanish.
 */
export function LogoField({ idOrg, logo, onUploaded }: { idOrg: number | null; logo: LogoState; onUploaded(dataUrl: string): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File) {
    if (!LOGO_TYPES.has(uploadContentType(file))) return setProblem(T.logoType);
    if (file.size > LOGO_MAX_BYTES) return setProblem(T.logoSize);
    setProblem(null);
    setBusy(true);
    const data = await fileToBase64(file);
    const content_type = uploadContentType(file);
    const stored = await callSettings('uploadDesignImage', { body: { data, format_type: 'base64', content_type, name: file.name }, idOrg });
    const set = stored.ok ? await callSettings('updateDashboardImage', { body: { url: stored.data.url }, idOrg }) : stored;
    setBusy(false);
    if (!set.ok) {
      setProblem(set.error.message);
      notify.error(MSG.dashboard.logoUpdateFailed);
      return;
    }
    onUploaded(`data:${content_type};base64,${data}`);
    notify.success(MSG.dashboard.logoUpdated);
  }

  function picked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void upload(file);
  }

  return (
    <Field label={T.logo} hint={T.logoHint} validationMessage={problem ?? undefined} validationState={problem ? 'error' : 'none'}>
      <div className={styles.logo}>
        {logo.src ? <Image className={styles.logoImage} src={logo.src} alt={T.logoAlt} data-testid="logo-actual" /> : <Caption1>{logo.error ?? T.logoNone}</Caption1>}
        <Button icon={busy ? <Spinner size="tiny" aria-hidden /> : <ArrowUpload20Regular />} disabled={busy} onClick={() => input.current?.click()}>
          {T.logoPick}
        </Button>
        <input ref={input} type="file" hidden accept="image/png,image/jpeg,image/webp" aria-label={T.logoPick} data-testid="logo-archivo" onChange={picked} />
      </div>
    </Field>
  );
}
