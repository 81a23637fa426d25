import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages';
import { errorBody } from '../http/errors';
import { fontLibrary } from './font-library';

export { fontLibrary } from './font-library';

/** /fonts/<family-id>/<variant>.woff2: the family id and variant as @fontsource and the list name them. */
const FAMILY_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE_NAME = /^([0-9a-z]{1,16})\.woff2$/;

/**
 * The font files (not a catalogue entry): GET /fonts/<family-id>/<variant>.woff2 → the installed
 * @fontsource package's latin woff2 file of that variant. Public (a customer's widget page loads
 * them too), cross-origin readable (the app's renderer is another origin), cached for a year (a
 * file never changes under its name while the package version stays; a new version is a new
 * platform build). Only a family and variant of the library's list are served: the path is looked
 * up, never joined onto the file system, so nothing else can be reached; anything else is 404.
 */
export function registerFontRoutes(app: FastifyInstance): void {
  app.get<{ Params: { family: string; file: string } }>('/fonts/:family/:file', async (request, reply) => {
    const { family, file } = request.params;
    const variant = FILE_NAME.exec(file)?.[1];
    const path = FAMILY_ID.test(family) && variant !== undefined ? fontLibrary().file(family, variant) : null;
    if (path === null) return reply.code(404).send(errorBody(404, MSG.generic.notFound));
    const data = await readFile(path);
    return reply
      .header('content-type', 'font/woff2')
      .header('content-length', data.length)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
