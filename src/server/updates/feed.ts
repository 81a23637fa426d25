import type { FastifyInstance } from 'fastify';
import send from '@fastify/send';
import { MSG } from '../../shared/messages';
import { errorBody } from '../http/errors';
import { CHANNEL_FILE, feedFiles, readChannel, servedChannel } from './release';
import { servedPercentage } from './rollout';

/**
 * The desktop app's update feed (issue 41), read by electron-updater's generic provider at
 * <platform>/updates/: the latest*.yml channel files and the artifacts of UPDATES_DIR, as
 * `electron-builder --publish` wrote them. A channel file is served with the rollout's
 * stagingPercentage (src/server/updates/rollout.ts), never cached; an artifact is streamed from
 * disk with range requests (differential downloads read the blockmap's ranges) and an ETag. Only a
 * regular file of the folder named like an artifact is served — the name is looked up in the
 * folder's listing, never joined onto a path the client chose. Public, as the installers are: the
 * updater runs before anyone signs in, and sha512 in the channel file (checked by the updater)
 * guards the bytes. Same origin as the platform, so a proxy's allow-list needs nothing new.
 */
export function registerUpdateFeed(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/updates/:file', async (request, reply) => {
    const dir = app.services.config.updatesDir;
    const name = request.params.file;
    if (!dir || !(await feedFiles(dir)).has(name)) return reply.code(404).send(errorBody(404, MSG.generic.notFound));
    if (CHANNEL_FILE.test(name)) {
      const info = await readChannel(dir, name);
      if (!info) return reply.code(404).send(errorBody(404, MSG.generic.notFound));
      return reply
        .header('content-type', 'text/yaml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(servedChannel(info, await servedPercentage(app.db, info.version)));
    }
    const sent = await send(request.raw, `/${encodeURIComponent(name)}`, { root: dir, dotfiles: 'deny', acceptRanges: true, etag: true, lastModified: true, index: false, cacheControl: false });
    if (sent.type !== 'file') return reply.code(sent.statusCode === 416 ? 416 : 404).send(errorBody(404, MSG.generic.notFound));
    return reply
      .code(sent.statusCode)
      .headers({ ...sent.headers, 'content-type': 'application/octet-stream', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
      .send(sent.stream);
  });
}
