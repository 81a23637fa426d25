import { FEATURE_DESCRIPTIONS, FEATURES, type Feature } from '../../../../shared/domain/feature';
import { MSG } from '../../../../shared/messages';
import { callSettings } from '../../../components/settings/settings-client';
import { ToggleListScreen, toggleListScreen } from '../../../components/settings/ToggleListScreen';
import { FEATURES_TEXT as T } from './texts';

const hintOf = (idFeature: number) => {
  const key = FEATURES.find((f) => f.idFeature === idFeature)?.key;
  return key ? FEATURE_DESCRIPTIONS[key] : undefined;
};

/**
 * configuracion/personalizacion/funcionalidades (issue 38): the feature toggles of a virtual agent,
 * each saved alone the moment it is switched (updateFeatureStatus); the platform and the widget
 * follow it from the next request on.
 */
export const featuresScreen = toggleListScreen<Feature>({
  screen: 'features',
  description: T.intro,
  scope: { organization: true, virtualAgent: true },
  calls: { load: 'features', save: 'updateFeatureStatus' },
  load: ({ scope }) => callSettings('features', { params: { idVa: scope.idVa ?? 0 }, idOrg: scope.idOrg }),
  key: (f) => f.idFeature,
  label: (f) => f.name,
  hint: (f) => hintOf(f.idFeature),
  checked: (f) => f.status,
  save: (f, status, { scope }) => callSettings('updateFeatureStatus', { params: { idVa: scope.idVa ?? 0 }, body: { idFeature: f.idFeature, status }, idOrg: scope.idOrg }),
  texts: { list: T.list, emptyDetail: T.emptyDetail },
  messages: MSG.features
});

/** The page of funcionalidades (screens.ts loads it). */
export function FeaturesScreen() {
  return <ToggleListScreen descriptor={featuresScreen} />;
}
