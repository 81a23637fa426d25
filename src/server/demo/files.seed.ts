import { files } from '../db/schema';
import { DEMO_ORG_ID } from './demo-data';
import { DEMO_FILE_IDS, paymentMethodsPng, requirementsPdf } from './demo-files';
import type { SeedModule } from './types';

/** The image and PDF the demo workspace answers show (generated, so they work offline). */
export const filesSeed: SeedModule = {
  name: 'files',
  async run(db, { now }) {
    const png = paymentMethodsPng();
    const pdf = requirementsPdf();
    await db.insert(files).values([
      { id: DEMO_FILE_IDS.paymentMethods, organizationId: DEMO_ORG_ID, name: 'medios-de-pago.png', contentType: 'image/png', size: png.length, data: png, createdAt: now },
      {
        id: DEMO_FILE_IDS.requirements,
        organizationId: DEMO_ORG_ID,
        name: 'requisitos-apertura-cuenta.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        data: pdf,
        createdAt: now
      }
    ]);
  }
};
