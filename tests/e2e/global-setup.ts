import { ensureWidgetBundle } from '../../scripts/widget-bundle';
import { ensureRendererBuilt } from '../../src/main/renderer-build';
import { consoleLogger } from '../../src/main/services/ports';

/** Builds the customer widget and the renderer once for the whole run, unless each is newer than its sources. */
export default async function globalSetup(): Promise<void> {
  await ensureWidgetBundle();
  await ensureRendererBuilt(consoleLogger('e2e'));
}
